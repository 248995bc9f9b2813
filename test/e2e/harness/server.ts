import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Logger } from '../../../app/log/logger.js';
import type { FrontApp, OsServices } from '../../../app/os/types.js';
import { collectContext } from '../../../app/session/collect.js';
import { createSettingsStore } from '../../../app/settings/store.js';
import { DEFAULT_SETTINGS } from '../../../app/settings/settings.js';
import { createController } from '../../../main/flow/controller.js';
import { createSettingsService } from '../../../main/flow/settings-service.js';
import { createStateHub, initialPanelState } from '../../../main/flow/state-hub.js';
import { invokeContract, type InvokeName } from '../../../main/ipc/contract.js';
import { dispatch } from '../../../main/ipc/dispatch.js';
import { agentNotConfigured, createHandlers } from '../../../main/ipc/handlers.js';

/**
 * The Electron shell's stand-in for the end-to-end tests: serves the built renderer plus the
 * HTTP bridge, and behind the bridge runs main's real pieces (state hub, controller, handlers,
 * dispatch with the contract's parsing) over the real core and real provider processes.
 * Only what needs Electron is replaced: windows (a flag), the hotkey (POST /test/hotkey) and
 * the front app (the pid the test names).
 */
export interface TestApp {
  url: string;
  /** What the controller logged (to see late answers discarded). */
  logLines: string[];
  /** False after the panel asked to close (Esc, the close button). */
  panelVisible(): boolean;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };

/** Starts the server on a free loopback port. */
export async function startTestApp(options: { rendererDir: string; bridgeJs: string; os: OsServices; env: NodeJS.ProcessEnv; dataDir: string }): Promise<TestApp> {
  const logLines: string[] = [];
  const logger: Logger = { debug: () => undefined, info: (m) => logLines.push(m), warn: (m) => logLines.push(m), error: (m) => logLines.push(m) };
  const hub = createStateHub(initialPanelState(DEFAULT_SETTINGS.hotkey, false));
  let front: FrontApp = { pid: 0 };
  let visible = false;
  const settings = createSettingsService({
    store: createSettingsStore(options.dataDir), hub, initial: DEFAULT_SETTINGS,
    effects: { applyHotkey: () => undefined, applyLaunchAtLogin: () => undefined },
  });
  const controller = createController({
    os: { frontApp: async () => ({ ok: true, app: front }) },
    collect: (app, callOptions) => collectContext(app, { os: options.os, env: options.env, logger }, callOptions),
    timeoutMs: () => settings.current().timeoutMs,
    ownPid: process.pid,
    showPanel: () => { visible = true; },
    hub, logger,
  });
  const handlers = createHandlers({
    hub, controller, settings, agent: agentNotConfigured,
    closePanel: () => { visible = false; },
    openExternal: async () => undefined,
  });
  const html = (await readFile(join(options.rendererDir, 'index.html'), 'utf8'))
    // The bridge script runs before the app's module script, as a preload runs before the page.
    .replace('<script type="module"', '<script src="./test-bridge.js"></script>\n    <script type="module"');

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    if (url.pathname === '/' || url.pathname === '/index.html') return send(res, 200, 'text/html', html);
    if (url.pathname === '/test-bridge.js') return send(res, 200, 'text/javascript', options.bridgeJs);
    if (url.pathname === '/bridge/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.write(': connected\n\n');
      const stop = hub.subscribe((state) => res.write(`data: ${JSON.stringify(state)}\n\n`));
      req.on('close', stop);
      return;
    }
    const invoke = /^\/bridge\/invoke\/(\w+)$/.exec(url.pathname);
    if (invoke && req.method === 'POST') {
      const name = invoke[1] as InvokeName;
      if (!(name in invokeContract)) return send(res, 404, 'application/json', JSON.stringify({ ok: false, message: 'no such channel' }));
      try {
        const value = await dispatch(handlers, name, (JSON.parse(body ?? '{}') as { payload?: unknown }).payload);
        return send(res, 200, 'application/json', JSON.stringify({ ok: true, value }));
      } catch (error) {
        return send(res, 400, 'application/json', JSON.stringify({ ok: false, message: (error as Error).message }));
      }
    }
    if (url.pathname === '/test/hotkey' && req.method === 'POST') {
      // The same flow as the real hotkey: the controller asks the "OS" for the front app first.
      front = JSON.parse(body ?? '{}') as FrontApp;
      void controller.onHotkey();
      return send(res, 202, 'text/plain', 'pressed');
    }
    const file = normalize(join(options.rendererDir, url.pathname));
    if (!file.startsWith(options.rendererDir)) return send(res, 403, 'text/plain', 'no');
    try {
      return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
    } catch {
      return send(res, 404, 'text/plain', 'not found');
    }
  };

  const server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    logLines,
    panelVisible: () => visible,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
