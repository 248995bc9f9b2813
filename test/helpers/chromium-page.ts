/**
 * Debian's Chromium showing a page of ours, for the accessibility tests and the bench: a real
 * window in a desktop session (desktop-session.ts), with --force-renderer-accessibility, and a
 * page served from a loopback server whose script takes commands from that server (it asks for
 * the next one with a request the server holds) and reports each state it made: the selection's
 * rectangles per line from the page's own layout (Range.getClientRects), and the browser's
 * inner and outer sizes, which give the page's offset inside the window. With the window's
 * place from the X server (xwininfo) that is where the selection is on screen, found without
 * asking AT-SPI. Nothing leaves the machine: the flags of the e2e harness keep Chromium from
 * the network, and the page asks only 127.0.0.1.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Rect } from '@app-context/provider-kit/protocol';
import type { DesktopSession, WindowGeometry } from './desktop-session.js';
import { spawnProcess, type Spawned } from './spawn.js';

/** Debian's Chromium (a script that execs the browser, so its pid is the browser's). */
export const CHROMIUM = '/usr/bin/chromium';

/** What the page reports after each command. */
interface PageReport {
  rects: Rect[];
  outerWidth: number;
  innerWidth: number;
  outerHeight: number;
  innerHeight: number;
}

/** One command for the page. */
type PageCommand = { select: [string, number, string, number] } | { focus: string } | { title: string } | { blur: true } | { scroll: number } | { go: string };

/** How the browser runs, for tests that need more than the page (the extension's). */
export interface ChromiumOptions {
  /** The user-data folder (the caller's, kept); default a temporary one, removed at stop. */
  profile?: string;
  /** More flags (--load-extension=...). */
  args?: string[];
  /** More environment for the browser (and so for what it starts). */
  env?: NodeJS.ProcessEnv;
  /** Pages of this server opened in background tabs after the reader's ("/background.html"). */
  backgroundTabs?: string[];
}

/** A second page, with text that only a background tab shows. */
export const BACKGROUND_TEXT = 'Only the background tab says marmalade-quartz-41';

const PAGE = (secret: string): string => `<!doctype html>
<html><head><meta charset="utf-8"><title>Reader Page</title>
<style>body { font: 16px/1.5 sans-serif; margin: 24px } p { width: 320px }</style></head>
<body>
<h1>Field guide</h1>
<p id="p1">The quick brown fox jumps over the lazy dog and keeps running across the wide field until night falls.</p>
<p id="p2">Another paragraph, short.</p>
<p id="p3">Read <a href="#guide">the guide</a> before dawn.</p>
<input id="pw" type="password" value="${secret}" aria-label="Password">
<div id="spacer" style="height: 3000px"></div>
<script>
async function run(cmd) {
  if (cmd.select) {
    const [fromId, from, toId, to] = cmd.select;
    // "p3" is the paragraph's first text, "p3>last" its last.
    const node = (spec) => { const [id, which] = spec.split('>'); const el = document.getElementById(id); return which === 'last' ? el.lastChild : el.firstChild; };
    const range = document.createRange();
    range.setStart(node(fromId), from);
    range.setEnd(node(toId), to);
    document.activeElement.blur();
    getSelection().removeAllRanges();
    getSelection().addRange(range);
  }
  if (cmd.focus) document.getElementById(cmd.focus).focus();
  if (cmd.blur) { document.activeElement.blur(); getSelection().removeAllRanges(); }
  if (cmd.title) document.title = cmd.title;
  if (cmd.scroll !== undefined) window.scrollTo(0, cmd.scroll);
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const range = getSelection().rangeCount > 0 ? getSelection().getRangeAt(0) : undefined;
  const rects = range ? [...range.getClientRects()].filter((r) => r.width > 0).map((r) => ({ x: r.left, y: r.top, w: r.width, h: r.height })) : [];
  return { rects, outerWidth, innerWidth, outerHeight, innerHeight };
}
(async () => {
  for (;;) {
    const cmd = await (await fetch('/next')).json();
    await fetch('/report', { method: 'POST', body: JSON.stringify(await run(cmd)) });
    // After its report, so the report is not cut off; the next page asks for the next command.
    if (cmd.go) { location.assign(cmd.go); break; }
  }
})();
</script></body></html>`;

/** A Chromium showing the page. */
export interface ChromiumPage {
  url: string;
  pid: number;
  window: number;
  process: Spawned;
  /** Runs a command in the page and resolves with what it then reports. */
  send: (command: PageCommand) => Promise<PageReport>;
  /** The report's rectangles on screen: the window's place (X server) plus the page's offset inside it. */
  onScreen: (report: PageReport, window: WindowGeometry) => Rect[];
  stop: () => Promise<void>;
}

/** Starts the page's server and Chromium on it; resolves once the page runs and the window is mapped. */
export async function startChromiumPage(session: DesktopSession, secret: string, options: ChromiumOptions = {}): Promise<ChromiumPage> {
  let waiting: ServerResponse | undefined;
  const queue: PageCommand[] = [];
  let reported: ((report: PageReport) => void) | undefined;
  const server = createServer((req, res) => {
    if (req.url?.split('?')[0] === '/reader.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE(secret));
    } else if (req.url === '/background.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Background</title><p>${BACKGROUND_TEXT}</p>`);
    } else if (req.url === '/next') {
      const command = queue.shift();
      if (command === undefined) waiting = res;
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(command));
    } else if (req.url === '/report') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        res.writeHead(204).end();
        reported?.(JSON.parse(body) as PageReport);
      });
    } else res.writeHead(404).end();
  });
  // The page asks for its next command with a request held open until there is one.
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/reader.html`;
  const profile = options.profile ?? await mkdtemp(join(tmpdir(), 'glance-ax-chromium-'));
  const args = [
    '--force-renderer-accessibility',
    `--user-data-dir=${profile}`,
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    // No infobar about the flags above: it would move the page down after it reported.
    '--test-type',
    '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--no-default-browser-check', '--password-store=basic', '--window-position=0,0', '--window-size=1000,800',
    ...(options.args ?? []),
    url,
    ...(options.backgroundTabs ?? []).map((path) => new URL(path, url).href),
  ];
  const browser = spawnProcess(CHROMIUM, args, { ...session.env, ...options.env });
  const send = (command: PageCommand): Promise<PageReport> =>
    new Promise<PageReport>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the page did not report after ${JSON.stringify(command)}:\n${browser.output().slice(-2000)}`)), 30_000);
      reported = (report) => {
        clearTimeout(timer);
        resolve(report);
      };
      if (waiting !== undefined) {
        waiting.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(command));
        waiting = undefined;
      } else queue.push(command);
    });
  const stop = async (): Promise<void> => {
    await browser.stop();
    waiting?.destroy();
    server.closeAllConnections();
    server.close();
    // Chromium's helper processes (its crash handler, the last renderer) can still be writing
    // into the profile for a moment after the browser's own process exits: an rmdir then meets
    // a new file (ENOTEMPTY, seen in CI). rm retries those until they stop.
    if (options.profile === undefined) await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  };
  try {
    // The first report says the page runs its script.
    await send({ blur: true });
    const window = await session.windowOf(browser.pid);
    return {
      url,
      pid: browser.pid,
      window,
      process: browser,
      send,
      onScreen: (report, at) => {
        // The page's viewport sits at the bottom of the window, between equal side borders.
        const side = (report.outerWidth - report.innerWidth) / 2;
        const top = report.outerHeight - report.innerHeight - side;
        return report.rects.map((r) => ({ x: at.x + side + r.x, y: at.y + top + r.y, w: r.w, h: r.h }));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
