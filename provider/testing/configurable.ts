/**
 * A configurable provider for the host's integration tests: it breaks the rules on request.
 * Run the compiled file: `node dist/provider/testing/configurable.js`. When ready it prints
 * one line (never the token) and runs until SIGINT or SIGTERM, then removes its descriptor:
 *
 *   Test Provider is providing context (pid 123, endpoint http://127.0.0.1:PORT/context/mcp)
 *   Test Provider is providing context (pid 123, helper 456, endpoint ...)   (with TP_APP_PID)
 *
 * The endpoint printed is the real one, even when the descriptor lies. Knobs (environment):
 *
 *   APP_CONTEXT_PROVIDERS_DIR  where to publish (every test sets it)
 *   TP_NAME, TP_VERSION        the app's name and version (default "Test Provider", "0.0.1")
 *   TP_BUNDLE_ID               the bundle id (default: what the OS reports, `node` on Linux)
 *   TP_TREE_FILE               a JSON file with the root element, sent as written (re-read per
 *                              call: rewrite it between calls); default a small valid tree
 *   TP_ANSWER_FILE             a JSON file with the whole structuredContent of current, as written
 *   TP_TEXT_BLOCK=omit         answer current without the text copy in content (a 5 MiB answer
 *                              then fits the 8 MiB body limit once instead of twice)
 *   TP_ANSWER_INSTANCE         the instance stated in the answer (default: the real one)
 *   TP_ANSWER_PROTOCOL         the protocol stated in the answer (default 0.2.0)
 *   TP_EXTENSION               `omit` to declare no extension, or a protocol to declare instead
 *   TP_NO_LOCATION=1           do not offer the location tool
 *   TP_LOCATION_FILE           a JSON object mapping id -> location JSON, sent as written; an id
 *                              not in it gets a tool error. Default: any id of the default tree
 *                              is visible at {x:100,y:100,w:200,h:20}; others get a tool error
 *   TP_SCOPE                   which requests the four below apply to: `call` (any tools/call,
 *                              the default), `current`, `location`, or `all` (initialize too)
 *   TP_DELAY_MS                wait this long before answering
 *   TP_DELAY_FILE              wait as many milliseconds as this file says, re-read on each
 *                              request (so one test can hold a first request and not a retry)
 *   TP_STALL=1                 never answer (the socket stays open)
 *   TP_REDIRECT                answer 302; the value is the Location, `1` for our own endpoint
 *   TP_OVERSIZED_MB            answer 200 with a body of this many MiB (e.g. 64), streamed
 *   TP_CONNECTION=close        answer every tools/call with `Connection: close`, so no
 *                              connection outlives a call (as a server without keep-alive)
 *   TP_CONNECTION=drop-kept    destroy a connection, unanswered, when a second tools/call
 *                              comes over it (as a keep-alive time passing just as the host sends)
 *   TP_PORT                    listen on this port (e.g. 80) instead of any free one
 *   TP_REQUEST_LOG             append one line per JSON-RPC message received to this file:
 *                              the method, and for tools/call the tool (`tools/call location`)
 *   TP_APP_PID                 serve this app as its helper (the kit's appPid: the descriptor
 *                              names it as pid and this process as helperPid); the ready line
 *                              then also says `helper H`
 *   TP_DESCRIPTOR_PROTOCOL, TP_DESCRIPTOR_BUNDLE_ID, TP_DESCRIPTOR_PID, TP_DESCRIPTOR_ENDPOINT,
 *   TP_DESCRIPTOR_INSTANCE     publish these instead of the true values
 *   TP_DESCRIPTOR_HELPER_PID   publish this helperPid (`self`: this process's pid)
 *
 * The HTTP checks (Origin 403, Host 421, the request target 404, token 401, 405) always hold: they come from the kit.
 */
import { appendFileSync } from 'node:fs';
import type { Descriptor } from '@app-context/provider-kit/protocol';
import { PROTOCOL_VERSION } from '@app-context/provider-kit';
import { launchProvider } from '@app-context/provider-kit/testing';
import { createMisbehaviour, fileText, type Misbehaviour } from './misbehave.js';

const env = process.env;
const knob = (name: string): string | undefined => (env[name] === undefined || env[name] === '' ? undefined : env[name]);

/** The tree served when no file is given: valid, with a focus path and a selection. */
const DEFAULT_TREE = {
  id: 'app', role: 'Application', title: 'Test Provider',
  children: [{
    id: 'win-1', role: 'Window', focused: true,
    children: [{
      id: 'doc-1', role: 'Document', title: 'test.txt', focused: true,
      children: [{ id: 'sel-1', role: 'Text', selected: true, content: [{ type: 'text', text: 'selected text' }] }],
    }],
  }],
};
const DEFAULT_IDS = new Set(['app', 'win-1', 'doc-1', 'sel-1']);

let instance = '';
let endpoint = '';

const scopeKnob = knob('TP_SCOPE') ?? 'call';
const misbehaviour: Misbehaviour = {
  scope: (['all', 'call', 'current', 'location'].includes(scopeKnob) ? scopeKnob : 'call') as Misbehaviour['scope'],
  delayMs: () => {
    const delayFile = knob('TP_DELAY_FILE');
    return Number(delayFile !== undefined ? fileText(delayFile) : (knob('TP_DELAY_MS') ?? 0));
  },
  stall: knob('TP_STALL') === '1',
  redirect: knob('TP_REDIRECT') === '1' ? undefined : knob('TP_REDIRECT'),
  oversizedBytes: Number(knob('TP_OVERSIZED_MB') ?? 0) * 1024 * 1024,
  answerText: () => {
    const answerFile = knob('TP_ANSWER_FILE');
    if (answerFile !== undefined) return fileText(answerFile);
    const treeFile = knob('TP_TREE_FILE');
    const root = treeFile !== undefined ? fileText(treeFile) : JSON.stringify(DEFAULT_TREE);
    const protocol = knob('TP_ANSWER_PROTOCOL') ?? PROTOCOL_VERSION;
    return `{"protocol":${JSON.stringify(protocol)},"instance":${JSON.stringify(knob('TP_ANSWER_INSTANCE') ?? instance)},"root":${root}}`;
  },
  locationText: knob('TP_NO_LOCATION') === '1' ? undefined : locationText,
  textBlock: knob('TP_TEXT_BLOCK') !== 'omit',
};

function locationText(id: string): string | undefined {
  const file = knob('TP_LOCATION_FILE');
  if (file === undefined) {
    return DEFAULT_IDS.has(id) ? JSON.stringify({ state: 'visible', rects: [{ x: 100, y: 100, w: 200, h: 20 }], window: 1 }) : undefined;
  }
  const map = JSON.parse(fileText(file)) as Record<string, unknown>;
  return Object.hasOwn(map, id) ? JSON.stringify(map[id]) : undefined;
}

/** The descriptor as published: the true one with the TP_DESCRIPTOR_* knobs applied. */
function lyingDescriptor(d: Descriptor): Record<string, unknown> {
  const pid = knob('TP_DESCRIPTOR_PID');
  const helper = knob('TP_DESCRIPTOR_HELPER_PID');
  return {
    ...d,
    ...(helper !== undefined ? { helperPid: helper === 'self' ? process.pid : Number(helper) } : {}),
    protocol: knob('TP_DESCRIPTOR_PROTOCOL') ?? d.protocol,
    bundleId: knob('TP_DESCRIPTOR_BUNDLE_ID') ?? d.bundleId,
    pid: pid !== undefined ? Number(pid) : d.pid,
    endpoint: knob('TP_DESCRIPTOR_ENDPOINT') ?? d.endpoint,
    instance: knob('TP_DESCRIPTOR_INSTANCE') ?? d.instance,
  };
}

const extension = knob('TP_EXTENSION');
const bundleId = knob('TP_BUNDLE_ID');
const appPid = knob('TP_APP_PID');
const redirectSelf = knob('TP_REDIRECT') === '1';
const connection = knob('TP_CONNECTION');
const intercept = createMisbehaviour(misbehaviour);
const requestLog = knob('TP_REQUEST_LOG');

/** `initialize`, `tools/list`, `tools/call current`: what a test reads of what the host sent. */
function describeMessage(body: unknown): string {
  const message = (typeof body === 'object' && body !== null ? body : {}) as { method?: unknown; params?: { name?: unknown } };
  const method = typeof message.method === 'string' ? message.method : '(no method)';
  return method === 'tools/call' ? `${method} ${String(message.params?.name)}` : method;
}

/** Connections that have carried a tools/call, for TP_CONNECTION=drop-kept. */
const called = new WeakSet<object>();

launchProvider({
  name: knob('TP_NAME') ?? 'Test Provider',
  version: knob('TP_VERSION') ?? '0.0.1',
  ...(bundleId !== undefined ? { bundleId } : {}),
  ...(appPid !== undefined ? { appPid: Number(appPid) } : {}),
  // Never reached for answers (the intercept answers current and location); kept so the
  // tools are listed exactly as the kit lists them.
  current: () => DEFAULT_TREE as never,
  ...(misbehaviour.locationText !== undefined ? { location: () => undefined } : {}),
}, {
  descriptor: lyingDescriptor,
  declare: extension === 'omit' ? null : (extension ?? PROTOCOL_VERSION),
  unchecked: true,
  ...(knob('TP_PORT') !== undefined ? { port: Number(knob('TP_PORT')) } : {}),
  intercept: (req, res, body) => {
    if (requestLog !== undefined) appendFileSync(requestLog, `${describeMessage(body)}\n`);
    if (redirectSelf) misbehaviour.redirect = endpoint;
    if ((body as { method?: unknown } | null)?.method === 'tools/call') {
      if (connection === 'close') res.setHeader('Connection', 'close');
      if (connection === 'drop-kept' && called.has(req.socket)) {
        req.socket.destroy();
        return true;
      }
      called.add(req.socket);
    }
    return intercept(req, res, body);
  },
}).then(
  (provider) => {
    instance = provider.instance;
    endpoint = provider.endpoint;
    const helper = provider.helperPid === undefined ? '' : `, helper ${provider.helperPid}`;
    process.stdout.write(`${knob('TP_NAME') ?? 'Test Provider'} is providing context (pid ${provider.pid}${helper}, endpoint ${provider.endpoint})\n`);
  },
  (error: unknown) => {
    process.stderr.write(`the test provider could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
