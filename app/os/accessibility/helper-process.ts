/**
 * The platform helper as one long-lived child process, kept warm between reads: started on
 * the first request (never ahead of time, never on a timer), sent one JSON line per request,
 * and killed when a request runs past its time limit or is cancelled, so that nothing keeps
 * running after an answer Glance no longer waits for; the next request starts a fresh one.
 * Glance's own limit is enforced here, in Node: a stalled helper (or a stalled app it waits on)
 * costs the time limit, never more. Every outcome is a value; nothing throws.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { HelperLineSchema, MAX_LINE_BYTES, type LocateRequest, type ReadRequest } from './wire.js';
import { nodeChildProcess } from '../load-later.js';
import { parseJsonAs } from '../parse-json.js';

/** How to start the helper. */
export interface HelperCommand {
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
}

/** How one request ended. `failed.why` is Glance's own wording, never the helper's output. */
export type Exchange =
  | { kind: 'answer'; answer: unknown; generation: number }
  | { kind: 'refused'; code: string; detail?: string }
  | { kind: 'fatal'; code: string }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'failed'; why: 'missing' | 'exited' | 'garbled' | 'restarted' | 'closed' };

/** A request without what this file fills in. */
export type RequestBody = Omit<ReadRequest, 'id' | 'timeoutMs' | 'deadline'> | Omit<LocateRequest, 'id' | 'timeoutMs' | 'deadline'>;

interface Pending {
  settle: (exchange: Exchange) => void;
}

/** What is kept back of the time limit for the answer's trip back (encoding, the pipe, parsing): a tenth, between 50 and 250 ms. */
const RESERVE = { share: 0.1, minMs: 50, maxMs: 250 } as const;

/**
 * The helper's own budget within `timeoutMs`: it answers (a partial answer, or "timed out") by
 * then, before Node's timer kills it. One budget for the whole request, never per call: a read
 * makes tens to hundreds of calls into the app.
 */
function helperBudgetMs(timeoutMs: number): number {
  const reserve = Math.min(RESERVE.maxMs, Math.max(RESERVE.minMs, timeoutMs * RESERVE.share));
  return Math.max(1, Math.floor(timeoutMs - reserve));
}

/** One helper process at a time, restarted after a stall. */
export class HelperProcess {
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private buffer = '';
  /** Counts the processes started: a handle minted by one process means nothing to the next. */
  private generation = 0;

  constructor(private readonly command: HelperCommand) {}

  /** The running process's number (see `generation`), or undefined when none runs and the next request starts one. */
  get running(): number | undefined {
    return this.child === undefined ? undefined : this.generation;
  }

  /** Sends one request and resolves with its outcome by `timeoutMs` at the latest. */
  request(body: RequestBody, options: { timeoutMs: number; signal?: AbortSignal }): Promise<Exchange> {
    if (options.signal?.aborted === true) return Promise.resolve({ kind: 'aborted' });
    const child = this.child ?? this.start();
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<Exchange>((resolve) => {
      const onAbort = (): void => settle({ kind: 'aborted' }, true);
      const timer = setTimeout(() => settle({ kind: 'timeout' }, true), options.timeoutMs);
      const settle = (exchange: Exchange, stale = false): void => {
        if (!this.pending.delete(id)) return;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        resolve(exchange);
        // The helper is still busy with what nobody waits for: stop it rather than queue behind it.
        if (stale) this.stop('restarted');
      };
      this.pending.set(id, { settle });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      // The deadline is a time of day (Date.now()'s clock, the same on both sides), not a span: a
      // helper that starts cold, or reads the line late, still stops when Node's timer expects.
      const budget = helperBudgetMs(options.timeoutMs);
      const line = JSON.stringify({ ...body, id, timeoutMs: budget, deadline: Date.now() + budget });
      child.stdin.write(`${line}\n`);
    });
  }

  /** Stops the helper; the next request starts a new one. */
  async close(): Promise<void> {
    const child = this.child;
    this.stop('closed');
    if (child !== undefined && child.exitCode === null && child.signalCode === null) {
      // Referenced again while we wait: an unref'd child's exit would not keep a one-shot command
      // alive, and `await close()` at its end would leave the process with nothing to run (exit 13).
      child.ref();
      await new Promise<void>((resolve) => child.once('exit', () => resolve()));
    }
  }

  private start(): ChildProcessWithoutNullStreams {
    const child = nodeChildProcess().spawn(this.command.command, [...this.command.args], { env: this.command.env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    this.child = child;
    this.generation += 1;
    this.buffer = '';
    // A warm helper must not keep a one-shot `glance` command alive: only a pending request's
    // timer does. The helper exits when our end of its stdin closes.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onData(child, chunk));
    // Its stderr (Python's warnings) is read and dropped: it is never shown or logged.
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    child.once('error', (error: NodeJS.ErrnoException) => this.lost(child, error.code === 'ENOENT' ? 'missing' : 'exited'));
    child.once('exit', () => this.lost(child, 'exited'));
    return child;
  }

  private onData(child: ChildProcessWithoutNullStreams, chunk: string): void {
    if (child !== this.child) return;
    this.buffer += chunk;
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (!this.onLine(line)) return;
      newline = this.buffer.indexOf('\n');
    }
    if (this.buffer.length > MAX_LINE_BYTES) this.stop('garbled');
  }

  /** Handles one line; false when the helper was stopped because of it. */
  private onLine(line: string): boolean {
    const parsed = parseJsonAs(HelperLineSchema, line);
    if (!parsed.success) {
      this.stop('garbled');
      return false;
    }
    const reply = parsed.data;
    if ('fatal' in reply) {
      this.failAll({ kind: 'fatal', code: reply.fatal });
      this.kill();
      return false;
    }
    const pending = reply.id === null ? undefined : this.pending.get(reply.id);
    if (reply.ok) pending?.settle({ kind: 'answer', answer: reply.answer, generation: this.generation });
    else pending?.settle(reply.detail === undefined ? { kind: 'refused', code: reply.code } : { kind: 'refused', code: reply.code, detail: reply.detail });
    return true;
  }

  private lost(child: ChildProcessWithoutNullStreams, why: 'missing' | 'exited'): void {
    if (child !== this.child) return;
    this.child = undefined;
    this.failAll({ kind: 'failed', why });
  }

  private stop(why: 'garbled' | 'restarted' | 'closed'): void {
    this.failAll({ kind: 'failed', why });
    this.kill();
  }

  private kill(): void {
    const child = this.child;
    this.child = undefined;
    // SIGKILL: a helper stalled in a call (or SIGSTOPped) would never act on SIGTERM.
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  private failAll(exchange: Exchange): void {
    for (const pending of [...this.pending.values()]) pending.settle(exchange);
  }
}
