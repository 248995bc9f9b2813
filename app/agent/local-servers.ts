import { get, type IncomingMessage } from 'node:http';
import { LOCAL_SERVER_KINDS, LOCAL_SERVERS, type FoundServer, type LocalServerKind, type LocalServers, type MissedServer } from '../../contract/who-answers.js';
import { listedModels, MODEL_LISTS } from './local-server-replies.js';

/**
 * Looks for a model server already running on this machine (docs/agent.md, "Who answers on the
 * first run"): each common local server on its loopback port, asked once for the models it
 * serves (llama-server asked first whether its model is loaded). Only when the user opens the
 * welcome or presses "Look again", never in the background.
 * Every probe goes to 127.0.0.1 and nowhere else, under a short time limit and the caller's
 * abort, follows no redirect (node:http follows none; a 3xx is a miss), reads at most
 * MAX_REPLY_BYTES, and keeps nothing of the answer but the models' names: nothing is logged.
 */

/** One port to ask, as which server. Tests pass their own (a played server on a free port). */
export interface LocalServerProbe {
  kind: LocalServerKind;
  port: number;
}

/** The usual ports of the common local servers. */
export const USUAL_PROBES: readonly LocalServerProbe[] = LOCAL_SERVER_KINDS.map((kind) => ({ kind, port: LOCAL_SERVERS[kind].port }));

/** How long one probe may take: a server on this machine answers its model list in milliseconds. */
const PROBE_TIMEOUT_MS = 1500;

/** The most of an answer read: a list of models is a few kilobytes; anything past this is not one. */
export const MAX_REPLY_BYTES = 1024 * 1024;

/** What bounds one look. */
export interface ProbeOptions {
  probes?: readonly LocalServerProbe[];
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Asks every probe at once; the found ones keep the probes' order. */
export async function findLocalServers(options: ProbeOptions = {}): Promise<LocalServers> {
  const probes = options.probes ?? USUAL_PROBES;
  const results = await Promise.all(probes.map((probe) => probeOne(probe, options.timeoutMs ?? PROBE_TIMEOUT_MS, options.signal)));
  const found: FoundServer[] = [];
  const missed: MissedServer[] = [];
  for (const result of results) {
    if ('models' in result) found.push(result);
    else missed.push(result);
  }
  return { found, missed };
}

/** A miss for this probe. */
class Miss extends Error {
  constructor(readonly miss: MissedServer['miss'], readonly status?: number) {
    super(miss);
  }
}

async function probeOne(probe: LocalServerProbe, timeoutMs: number, signal: AbortSignal | undefined): Promise<FoundServer | MissedServer> {
  const list = MODEL_LISTS[probe.kind];
  const timeout = AbortSignal.timeout(timeoutMs);
  const bound = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    if (list.health) await ready(probe.port, list.health, bound);
    const body = await getJson(probe.port, list.path, bound);
    const names = list.names(body);
    if (names === undefined) throw new Miss('not-this-server');
    const models = listedModels(names);
    if (models.length === 0) throw new Miss('no-models');
    return { kind: probe.kind, port: probe.port, baseURL: `http://127.0.0.1:${probe.port}/v1`, models };
  } catch (error) {
    const miss = error instanceof Miss ? error : new Miss(timeout.aborted ? 'timeout' : refused(error) ? 'nothing-listens' : 'failed');
    return { kind: probe.kind, port: probe.port, miss: miss.miss, ...(miss.status !== undefined ? { status: miss.status } : {}) };
  }
}

/** Asks a server whether it is ready: 503 means it is still loading its model; an answer not its own is another server. */
async function ready(port: number, health: { path: string; ok(body: unknown): boolean }, signal: AbortSignal): Promise<void> {
  try {
    if (!health.ok(await getJson(port, health.path, signal))) throw new Miss('not-this-server');
  } catch (error) {
    throw error instanceof Miss && error.miss === 'http-status' && error.status === 503 ? new Miss('loading') : error;
  }
}

function refused(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED';
}

/** One GET to 127.0.0.1:port, its JSON body read whole under the byte limit and the signal. */
function getJson(port: number, path: string, signal: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // agent: false: a fresh socket, closed after, so nothing of a probe lingers in a pool.
    const request = get({ host: '127.0.0.1', port, path, signal, agent: false, headers: { accept: 'application/json' } }, (res) => {
      readReply(res).then(resolve, (error: unknown) => {
        res.destroy();
        reject(error instanceof Error ? error : new Miss('failed'));
      });
    });
    request.once('error', reject);
  });
}

/** Judges the status and the size, then parses the body as JSON; its text is never kept or quoted. */
async function readReply(res: IncomingMessage): Promise<unknown> {
  const status = res.statusCode ?? 0;
  if (status >= 300 && status < 400) throw new Miss('redirect', status);
  if (status < 200 || status > 299) throw new Miss('http-status', status);
  if (Number(res.headers['content-length'] ?? '0') > MAX_REPLY_BYTES) throw new Miss('too-large');
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of res) {
    received += (chunk as Buffer).length;
    if (received > MAX_REPLY_BYTES) throw new Miss('too-large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new Miss('not-json');
  }
}
