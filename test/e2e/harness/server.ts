import type { MainPorts } from '../../../main/ports.js';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { FrontApp, OsServices } from '../../../app/os/types.js';
import { invokeContract, type InvokeName, type PageName, type PanelState } from '../../../contract/ipc.js';
import { dispatch } from '../../../main/ipc/dispatch.js';
import { createTestMain, type TestAccessibility, type TestLook } from './test-main.js';
import type { SafeStorageLike } from '../../../main/secrets.js';

/**
 * The Electron shell's stand-in for the end-to-end tests: serves the built pages plus the HTTP
 * bridges, and behind them runs main's real services (test-main.ts: the app's own composition)
 * with the contract's parsing and its per-page channel check, over the real core and real
 * provider processes.
 */
export interface TestApp {
  url: string;
  /** The overlay page for the test's one display. */
  overlayUrl: string;
  /** What main logged (to see late answers discarded). */
  logLines: string[];
  /** What the panel shows now, composed from its owners as its fetch is, to wait for a press's outcome. */
  panelState(): PanelState;
  /** The test's own data folder: the rules and history files the `glance` command shares. */
  dataDir: string;
  /** What main put on the clipboard, in order (History's Copy). */
  clipboard: string[];
  /** The folders main showed in the file manager, in order (Settings › Browser's Show Folder). */
  shownFolders: string[];
  /** Plays the system changing its accent colour (RGBA hex as Electron gives it; undefined: none). */
  setSystemAccent(raw: string | undefined): void;
  /** False after the panel asked to close (Esc, the close button). */
  panelVisible(): boolean;
  /**
   * Resolves once the panel page listens for state. A preload's listener exists before the
   * page runs; the test bridge's event stream connects a moment later, so a test presses the
   * hotkey only after this, or the page could miss the "collecting" state.
   */
  panelListening(): Promise<void>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png' };

/** A built page with its bridge script run first, as a preload runs before the page. */
async function pageWithBridge(file: string, bridge: string): Promise<string> {
  return (await readFile(file, 'utf8')).replace('<script type="module"', `<script src="./${bridge}"></script>\n    <script type="module"`);
}

/** Starts the server on a free loopback port. */
export async function startTestApp(options: { rendererDir: string; bridgeJs: string; overlayBridgeJs: string; os: OsServices; env: NodeJS.ProcessEnv; dataDir: string; home?: string; browserHelper?: MainPorts['browserHelper']; command?: MainPorts['command']; look?: TestLook; safeStorage?: SafeStorageLike; modelFetch?: typeof fetch; localServers?: MainPorts['localServers']; accessibility?: TestAccessibility }): Promise<TestApp> {
  const main = await createTestMain(options);
  const html = await pageWithBridge(join(options.rendererDir, 'index.html'), 'test-bridge.js');
  const overlayHtml = await pageWithBridge(join(options.rendererDir, 'overlay.html'), 'overlay-bridge.js');

  let panelListeners = 0;
  const listening: (() => void)[] = [];
  const events = (req: IncomingMessage, res: ServerResponse, subscribe: (write: (data: unknown) => void) => () => void): void => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': connected\n\n');
    const stop = subscribe((data) => res.write(`data: ${JSON.stringify(data)}\n\n`));
    req.on('close', stop);
  };
  let shownListeners = 0;
  let appearanceListeners = 0;
  const ready = (): boolean => panelListeners > 0 && shownListeners > 0 && appearanceListeners > 0;
  const stateEvents = (req: IncomingMessage, res: ServerResponse): void => {
    events(req, res, (write) => main.hub.subscribe((push) => write(push)));
    panelListeners += 1;
    if (ready()) for (const resolve of listening.splice(0)) resolve();
    req.on('close', () => { panelListeners -= 1; });
  };
  // The page's "shown" stream: the caret goes to the question field on each show, so a test
  // presses the hotkey only once the page hears it too.
  const shownEvents = (req: IncomingMessage, res: ServerResponse): void => {
    events(req, res, (write) => main.onShown(write));
    shownListeners += 1;
    if (ready()) for (const resolve of listening.splice(0)) resolve();
    req.on('close', () => { shownListeners -= 1; });
  };

  // The page's appearance stream: a test changes the accent only once the page hears it.
  const appearanceEvents = (req: IncomingMessage, res: ServerResponse): void => {
    events(req, res, (write) => main.onAppearance(write));
    appearanceListeners += 1;
    if (ready()) for (const resolve of listening.splice(0)) resolve();
    req.on('close', () => { appearanceListeners -= 1; });
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    if (url.pathname === '/' || url.pathname === '/index.html') return send(res, 200, 'text/html', html);
    if (url.pathname === '/overlay.html') return send(res, 200, 'text/html', overlayHtml);
    if (url.pathname === '/test-bridge.js') return send(res, 200, 'text/javascript', options.bridgeJs);
    if (url.pathname === '/overlay-bridge.js') return send(res, 200, 'text/javascript', options.overlayBridgeJs);
    if (url.pathname === '/bridge/events') return stateEvents(req, res);
    if (url.pathname === '/bridge/shown') return shownEvents(req, res);
    if (url.pathname === '/bridge/appearance') return appearanceEvents(req, res);
    if (url.pathname === '/overlay-bridge/draws') {
      const display = Number(url.searchParams.get('display'));
      return events(req, res, (write) => main.onDraw((id, drawing) => { if (id === display) write(drawing); }));
    }
    const invoke = /^\/(bridge|overlay-bridge)\/invoke\/(\w+)$/.exec(url.pathname);
    if (invoke && req.method === 'POST') {
      const page: PageName = invoke[1] === 'bridge' ? 'panel' : 'overlay';
      const name = invoke[2] as InvokeName;
      // The same rule as register.ts: a channel answers only the page the contract names.
      if (!(name in invokeContract) || invokeContract[name].page !== page) return send(res, 404, 'application/json', JSON.stringify({ ok: false, message: 'no such channel for this page' }));
      try {
        const value = await dispatch(main.handlers, name, (JSON.parse(body ?? '{}') as { payload?: unknown }).payload);
        return send(res, 200, 'application/json', JSON.stringify({ ok: true, value }));
      } catch (error) {
        return send(res, 400, 'application/json', JSON.stringify({ ok: false, message: (error as Error).message }));
      }
    }
    if (url.pathname === '/test/hotkey' && req.method === 'POST') {
      main.pressHotkey(JSON.parse(body ?? '{}') as FrontApp);
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
  const url = `http://127.0.0.1:${port}/`;
  return {
    url,
    overlayUrl: `${url}overlay.html?display=${String(main.display.id)}`,
    logLines: main.logLines,
    panelState: main.panelState,
    dataDir: options.dataDir,
    clipboard: main.clipboard,
    shownFolders: main.shownFolders,
    setSystemAccent: main.setSystemAccent,
    panelVisible: main.panelVisible,
    panelListening: () => (ready() ? Promise.resolve() : new Promise((resolve) => listening.push(resolve))),
    close: async () => {
      await main.close();
      await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
    },
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
