/**
 * Real child processes for the OS tests: listeners on loopback and wildcard addresses, a
 * process holding a socket its parent opened, a zombie. Each prints one line when ready, and
 * every process started here is killed after the test.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';

const started: ChildProcess[] = [];
const extraPids: number[] = [];

/** A started process and the first line it printed. */
export interface Started {
  child: ChildProcess;
  pid: number;
  line: string;
}

/** Spawns a process (no shell unless the command is one) and waits for its first stdout line. */
export function startAndRead(command: string, args: readonly string[], options: SpawnOptions = {}): Promise<Started> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  started.push(child);
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    if (child.stdout === null) throw new Error('no stdout');
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      if (child.pid === undefined) reject(new Error('no pid'));
      else resolve({ child, pid: child.pid, line: line.trim() });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before it was ready: ${stderr}`)));
  });
}

/** A node process listening on `host` (port 0: the OS picks one); resolves with the port. */
export async function startListener(host: string): Promise<{ pid: number; port: number }> {
  const script = `const s=require('net').createServer();s.listen(0,${JSON.stringify(host)},()=>console.log(s.address().port));setTimeout(()=>{},60000)`;
  const { pid, line } = await startAndRead(process.execPath, ['-e', script]);
  return { pid, port: Number(line) };
}

/** A python3 process that listens on 127.0.0.1 and then forks: parent and child hold the socket. */
export async function startForkedListener(): Promise<{ parent: number; child: number; port: number }> {
  const script = [
    'import os, socket, sys, time',
    's = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)',
    'pid = os.fork()',
    'if pid == 0:',
    '    time.sleep(60); os._exit(0)',
    'print(s.getsockname()[1], pid, flush=True)',
    'time.sleep(60)',
  ].join('\n');
  const { pid, line } = await startAndRead('python3', ['-c', script]);
  const [port, child] = line.split(' ').map(Number);
  extraPids.push(child ?? 0);
  return { parent: pid, child: child ?? 0, port: port ?? 0 };
}

/**
 * A listening socket held by two processes that are not parent and child: python3 process A
 * listens on 127.0.0.1 and hands the socket over a Unix socket (SCM_RIGHTS) to process B,
 * started on its own. With `handOver`, A then closes its copy, so only B holds the listener
 * A opened. Resolves with both pids and the port once B holds it.
 */
export async function startPassedListener(dir: string, handOver = false): Promise<{ opener: number; receiver: number; port: number }> {
  const path = `${dir}/pass.sock`;
  const opener = [
    'import socket, sys, time',
    's = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(4)',
    'u = socket.socket(socket.AF_UNIX); u.bind(sys.argv[1]); u.listen(1)',
    'print(s.getsockname()[1], flush=True)',
    'c, _ = u.accept(); socket.send_fds(c, [b"x"], [s.fileno()]); c.recv(1)',
    `${handOver ? 's.close()' : 'pass'}`,
    'print("passed", flush=True)',
    'time.sleep(60)',
  ].join('\n');
  const receiver = [
    'import socket, sys, time',
    'u = socket.socket(socket.AF_UNIX); u.connect(sys.argv[1])',
    '_, fds, _, _ = socket.recv_fds(u, 1, 1)',
    'held = socket.socket(fileno=fds[0])',
    'u.send(b"k")',
    'print(held.getsockname()[1], flush=True)',
    'time.sleep(60)',
  ].join('\n');
  const a = await startAndRead('python3', ['-c', opener, path]);
  const passed = new Promise<void>((resolve) => {
    a.child.stdout?.on('data', (chunk: Buffer) => { if (chunk.toString().includes('passed')) resolve(); });
  });
  const b = await startAndRead('python3', ['-c', receiver, path]);
  await passed;
  return { opener: a.pid, receiver: b.pid, port: Number(a.line) };
}

/** A python3 process whose own child has exited and is never reaped: resolves with the zombie's pid. */
export async function startZombieParent(): Promise<{ parent: number; zombie: number }> {
  const script = [
    'import os, time',
    'pid = os.fork()',
    'if pid == 0:',
    '    os._exit(0)',
    'print(pid, flush=True)',
    'time.sleep(60)',
  ].join('\n');
  const { pid, line } = await startAndRead('python3', ['-c', script]);
  return { parent: pid, zombie: Number(line) };
}

/** Polls `check` until it is true or `ms` pass. */
export async function waitFor(check: () => Promise<boolean> | boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** Kills every process started here (by pid, one by one). */
export function killStarted(): void {
  for (const pid of extraPids.splice(0)) {
    try {
      if (pid > 0) process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const child of started.splice(0)) child.kill('SIGKILL');
}
