import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createMessageReader, encodeMessage } from '../../provider/browser/native-messaging.js';
import type { CurrentRead } from '../../provider/browser/extension-messages.js';

/**
 * Glance's extension as its browser helper hears it, without a browser: this process starts the
 * helper as a browser would (its child, so the "browser" its descriptor names is this process),
 * says hello and answers each `current` ask over native messaging with the page it is given.
 * The helper is the built script run by this Node, or any program (the single executable).
 */
export interface FakeExtension {
  child: ChildProcessWithoutNullStreams;
  /** How many `current` asks the helper made. */
  asks(): number;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** The page in front as the extension reads it: a title, an address, headings and one selected passage. */
export function pageRead(options: { title: string; url: string; selected?: string; headings?: string[] }): CurrentRead {
  const metrics = { screenX: 0, screenY: 0, outerWidth: 1000, innerWidth: 1000, outerHeight: 760, innerHeight: 680, devicePixelRatio: 1, visible: true };
  const selection = options.selected === undefined ? undefined : {
    key: 'p1', text: options.selected, rects: [{ x: 40, y: 200, w: Math.min(900, options.selected.length * 7), h: 18 }],
    container: { kind: 'paragraph' as const }, links: [], images: [],
  };
  return {
    window: { id: 1, focused: true },
    tab: {
      tabId: 7, title: options.title, url: options.url, zoom: 1, documentId: 'D1',
      page: { title: options.title, url: options.url, headings: (options.headings ?? []).map((text, i) => ({ level: i === 0 ? 1 : 2, text })), metrics, ...(selection ? { selection } : {}) },
    },
  };
}

export function startFakeExtension(command: string[], env: NodeJS.ProcessEnv, page: () => CurrentRead, browser = 'Chromium'): FakeExtension {
  const [program = process.execPath, ...args] = command;
  const child = spawn(program, [...args, 'chrome-extension://fake/'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  const reader = createMessageReader();
  let asks = 0;
  const post = (message: unknown): void => void child.stdin.write(encodeMessage(message));
  child.stdout.on('data', (chunk: Buffer) => {
    for (const message of reader.push(chunk) as { id: number; ask: string }[]) {
      if (message.ask !== 'current') continue;
      asks += 1;
      post({ id: message.id, answer: page() });
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  post({ hello: { browser, version: '120.0', extension: '0.1.0' } });
  return {
    child,
    asks: () => asks,
    exited,
    stop: async () => {
      // As the browser does when the extension goes: the helper's stdin closes, and it ends.
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
