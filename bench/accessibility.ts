/**
 * What a read through the accessibility reader costs (docs/benchmarks.md, "The accessibility reader"), on a desktop of the bench's
 * own (test/helpers/desktop-session.ts): a real GTK 3 app and Debian's Chromium, each with a
 * selection. *Cold* is a new reader per sample: the helper process starts (on Linux
 * /usr/bin/python3 and its import of gi), finds the app on the bus and reads; *warm* is a
 * later read by the same reader, as a long-running Glance makes it. Every sample must read the
 * selection it was set up with, so a failing read cannot pass for a fast one.
 *
 * `readTimes` takes any reader and pid: bench/browser.ts puts the browser extension's
 * provider beside it, on the same page and selection.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccessibilityReader, type AccessibilityReader } from '../app/os/accessibility/index.js';
import { CHROMIUM, startChromiumPage } from '../test/helpers/chromium-page.js';
import { missingDesktopTools, startDesktopSession, type DesktopSession } from '../test/helpers/desktop-session.js';
import { startGtkApp } from '../test/helpers/gtk-app.js';
import { measure, summarise, type Summary } from './stats.js';

/** How many samples of each. */
export interface AccessibilityConfig {
  warm: number;
  cold: number;
  warmup: number;
}

/** One app's reads, cold or warm. */
interface AccessibilityRow extends Summary {
  app: 'gtk' | 'chromium';
  state: 'warm' | 'cold';
}

/** The figures, or why none were measured (a machine without the desktop tools). */
export type AccessibilityResults = { rows: AccessibilityRow[] } | { skipped: string };

/** A generous limit: the bench measures how long a read takes, it must not cut one short. */
const LIMIT = { timeoutMs: 10_000 };

/** Reads `pid` through `reader` once and checks it saw `text` selected. */
async function readOnce(reader: AccessibilityReader, pid: number, text: string): Promise<void> {
  const result = await reader.read(pid, LIMIT);
  if (!result.ok) throw new Error(`the accessibility read failed: ${result.reason}`);
  if (result.read.selection?.text !== text) throw new Error('the accessibility read did not see the selection it was set up with');
}

/** Cold and warm read times of one app's selection: `makeReader` makes a fresh reader for each cold sample. */
export async function readTimes(makeReader: () => AccessibilityReader, pid: number, text: string, config: AccessibilityConfig): Promise<{ warm: number[]; cold: number[] }> {
  const cold: number[] = [];
  for (let i = 0; i < config.cold; i += 1) {
    const reader = makeReader();
    try {
      cold.push(...(await measure(1, 0, () => readOnce(reader, pid, text))));
    } finally {
      await reader.close();
    }
  }
  const reader = makeReader();
  try {
    return { warm: await measure(config.warm, config.warmup, () => readOnce(reader, pid, text)), cold };
  } finally {
    await reader.close();
  }
}

/** The same, summarised. */
async function measureReads(makeReader: () => AccessibilityReader, pid: number, text: string, config: AccessibilityConfig): Promise<{ warm: Summary; cold: Summary }> {
  const times = await readTimes(makeReader, pid, text, config);
  return { warm: summarise(times.warm), cold: summarise(times.cold) };
}

/** Polls until a first read sees the selection: apps join the bus, and Chromium fills its tree, a few seconds after they start. */
export async function readable(session: DesktopSession, pid: number, text: string): Promise<void> {
  const reader = createAccessibilityReader({ env: session.env });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      const result = await reader.read(pid, LIMIT);
      if (result.ok && result.read.selection?.text === text) return;
      if (Date.now() > deadline) throw new Error(`the app never became readable: ${result.ok ? 'no selection' : result.reason}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await reader.close();
  }
}

/** Starts the desktop, the GTK app and Chromium, and measures reads of each. */
export async function benchAccessibility(config: AccessibilityConfig): Promise<AccessibilityResults> {
  if (process.platform !== 'linux') return { skipped: 'the desktop for this measurement is Linux (Xvfb, AT-SPI)' };
  const missing = missingDesktopTools([CHROMIUM]);
  if (missing.length > 0) return { skipped: `missing ${missing.join(', ')}` };
  const dir = await mkdtemp(join(tmpdir(), 'glance-bench-ax-'));
  const session = await startDesktopSession();
  const stops: (() => Promise<void>)[] = [];
  try {
    const make = (): AccessibilityReader => createAccessibilityReader({ env: session.env });
    const rows: AccessibilityRow[] = [];
    const gtk = await startGtkApp(session, dir, { title: 'Bench Notes', text: 'a line of text to select\nand a second one', secret: 'not-read' });
    stops.push(gtk.stop);
    await session.activate(gtk.window);
    await gtk.select(2, 30);
    const gtkText = 'line of text to select\nand a';
    await readable(session, gtk.pid, gtkText);
    const gtkFigures = await measureReads(make, gtk.pid, gtkText, config);
    rows.push({ app: 'gtk', state: 'cold', ...gtkFigures.cold }, { app: 'gtk', state: 'warm', ...gtkFigures.warm });

    const page = await startChromiumPage(session, 'not-read');
    stops.push(page.stop);
    await session.activate(page.window);
    await page.send({ select: ['p1', 4, 'p1', 60] });
    const pageText = 'quick brown fox jumps over the lazy dog and keeps runnin';
    await readable(session, page.pid, pageText);
    const pageFigures = await measureReads(make, page.pid, pageText, config);
    rows.push({ app: 'chromium', state: 'cold', ...pageFigures.cold }, { app: 'chromium', state: 'warm', ...pageFigures.warm });
    return { rows };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await session.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
