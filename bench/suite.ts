/**
 * The whole benchmark of docs/benchmarks.md in one run: collect cold and warm against the floor, for
 * three answer sizes; discovery; the listener check both ways; the reading alone; the secret
 * scan; the heap.
 * `FULL` is what `npm run bench` runs (about two minutes here); `TINY` keeps the code alive in
 * the test suite.
 */
import { cpus, loadavg } from 'node:os';
import { createOs } from '../app/os/index.js';
import { benchAccessibility, type AccessibilityConfig } from './accessibility.js';
import { benchBrowser, type BrowserConfig } from './browser.js';
import { benchCollect } from './collect.js';
import { benchCommand } from './command.js';
import { benchDiscovery, benchHeap, benchListeners, benchRead } from './parts.js';
import { benchSecretScan } from './secret-scan.js';
import { startProvider, type BenchProvider } from './provider.js';
import { benchReview, type ReviewConfig } from './review.js';
import { benchStream, type StreamConfig } from './stream.js';
import type { BenchResults, CollectRow } from './results.js';
import { round, summarise, type Summary } from './stats.js';

/** How much of everything to measure. */
export interface BenchConfig {
  /** Rounds of the whole-process runs (node -e 0, glance --version, glance current), after untimed ones. */
  command: { rounds: number; warmup: number };
  /** Answer sizes, each with its warm and cold sample counts. */
  collect: { elements: number; warm: number; cold: number; warmup: number }[];
  discovery: { counts: number[]; reps: number };
  listenerReps: number;
  /** Loopback connections held open while the listener is checked: "a few hundred sockets". */
  listenerPadding: number;
  read: { elements: number; reps: number };
  /** The secret scan (`findSecrets`) on answers of these sizes. */
  scan: { sizes: number[]; reps: number };
  /** Heap after `first` and `second` invocations against a provider of `elements`. */
  heap: { first: number; second: number; elements: number };
  /** Reads through the accessibility reader: a GTK app and Chromium, cold and warm. */
  accessibility: AccessibilityConfig;
  /**
   * A browser page read through the extension's provider and through Accessibility, and the
   * hotkey to review for it (bench/browser.ts); null: not measured (the tiny configuration,
   * which would start a second desktop and browser in the test suite for it).
   */
  browser: BrowserConfig | null;
  /** The answer streamed into the panel in Chromium, by size: the panel's CPU time per piece. */
  stream: StreamConfig;
  /** Hotkey to the tree painted in the panel, by the tree's size. */
  review: ReviewConfig;
  /** Progress lines go here (the test passes a no-op). */
  log: (line: string) => void;
}

/** What `npm run bench` measures. */
export const FULL: BenchConfig = {
  command: { rounds: 21, warmup: 2 },
  collect: [
    { elements: 50, warm: 200, cold: 10, warmup: 10 },
    { elements: 2000, warm: 60, cold: 10, warmup: 5 },
    { elements: 20000, warm: 20, cold: 8, warmup: 3 },
  ],
  discovery: { counts: [1, 100, 1000], reps: 60 },
  listenerReps: 30,
  listenerPadding: 150,
  read: { elements: 20000, reps: 30 },
  scan: { sizes: [2000, 20000], reps: 30 },
  heap: { first: 10, second: 100, elements: 2000 },
  accessibility: { warm: 100, cold: 10, warmup: 5 },
  browser: { warm: 100, cold: 10, warmup: 5, presses: 30 },
  stream: { sizesKb: [1, 10, 50], rounds: 3, pauseMs: 40 },
  review: { sizes: [{ elements: 50, presses: 40 }, { elements: 2000, presses: 40 }, { elements: 20000, presses: 20 }], warmup: 2 },
  log: (line) => process.stdout.write(`${line}\n`),
};

/** A few repetitions of everything: for the test that keeps the bench from rotting. */
export const TINY: BenchConfig = {
  command: { rounds: 1, warmup: 0 },
  collect: [{ elements: 50, warm: 3, cold: 1, warmup: 1 }],
  discovery: { counts: [1, 20], reps: 3 },
  listenerReps: 2,
  listenerPadding: 4,
  read: { elements: 500, reps: 2 },
  scan: { sizes: [500], reps: 2 },
  heap: { first: 2, second: 4, elements: 50 },
  accessibility: { warm: 2, cold: 1, warmup: 1 },
  browser: null,
  stream: { sizesKb: [1, 2, 3], rounds: 1, pauseMs: 5 },
  review: { sizes: [{ elements: 50, presses: 2 }], warmup: 1 },
  log: () => undefined,
};

/** Allowed noise in "no heap growth": a few allocation pages, not a per-invocation leak. */
const HEAP_TOLERANCE_BYTES = 256 * 1024;

/** Runs every measurement and returns the results (the caller writes and prints them). */
export async function runBench(config: BenchConfig): Promise<BenchResults> {
  const loadStart = loadavg().map(round);
  const os = createOs();
  const sizes = [...new Set([...config.collect.map((c) => c.elements), config.heap.elements])];
  config.log(`starting providers for ${sizes.join(', ')} elements`);
  const providers = new Map<number, BenchProvider>();
  try {
    for (const p of await Promise.all(sizes.map((n) => startProvider(n)))) providers.set(p.elements, p);
    const get = (n: number): BenchProvider => providers.get(n) as BenchProvider;
    const first = get(config.collect[0]?.elements ?? config.heap.elements);
    // First, before the bench's own phases: the command's rounds and the cold collects leave
    // several hundred TIME_WAIT entries in /proc/net/tcp for a minute, which the check then reads
    // past; measured here it sees the machine as it is plus the padding ("a few hundred
    // sockets"), and the row says how many there were.
    config.log('listener check');
    const listener = await benchListeners(first, config.listenerReps, config.listenerPadding);
    config.log('the command as a process');
    const command = await benchCommand(first, config.command.rounds, config.command.warmup);
    const collect: CollectRow[] = [];
    const loads: Summary[] = [];
    for (const c of config.collect) {
      config.log(`collect: ${c.elements} elements`);
      const { rows, loadMs } = await benchCollect(get(c.elements), os, c);
      collect.push(...rows);
      loads.push(loadMs);
    }
    config.log('discovery');
    const discovery = [];
    for (const count of config.discovery.counts) discovery.push(await benchDiscovery(first, os, count, config.discovery.reps));
    config.log('reading');
    const read = benchRead(config.read.elements, config.read.reps);
    config.log('secret scan');
    const scan = await benchSecretScan(config.scan.sizes, config.scan.reps);
    config.log('heap');
    const heap = await benchHeap(get(config.heap.elements), config.heap.first, config.heap.second);
    config.log('accessibility');
    const accessibility = await benchAccessibility(config.accessibility);
    config.log('a browser page: the extension\'s provider and Accessibility');
    const browser = config.browser === null ? { skipped: 'not in this configuration' } : await benchBrowser(config.browser);
    config.log('hotkey to review');
    const review = await benchReview(config.review);
    config.log('the answer as it streams');
    const stream = await benchStream(config.stream);
    const growth = heap.after_second - heap.after_first;
    const warm = collect.find((c) => c.elements === 50 && c.state === 'warm') ?? collect.find((c) => c.state === 'warm');
    const peer = 'rows' in accessibility && warm
      ? accessibility.rows.filter((row) => row.state === 'warm').map((row) => ({ app: row.app, accessibility_ms: row.median_ms, provider_ms: warm.median_ms, ratio: round(row.median_ms / warm.median_ms) }))
      : [];
    const results: BenchResults = {
      command, collect, discovery, listener, listener_padding: config.listenerPadding, read, scan, accessibility, peer, browser, stream, review,
      heap_growth_bytes: growth,
      heap_data_growth_bytes: heap.data_growth,
      heap: { after_10_bytes: heap.after_first, after_100_bytes: heap.after_second, invocations: [config.heap.first, config.heap.second], elements: config.heap.elements },
      process_load: summarise(loads.map((l) => l.median_ms)),
      targets: [],
      machine: { node: process.version, platform: `${process.platform} ${process.arch}`, cpus: cpus().length, date: new Date().toISOString(), load_start: loadStart, load_end: loadavg().map(round) },
    };
    results.targets = targets(results);
    return results;
  } finally {
    await Promise.all([...providers.values()].map((p) => p.stop()));
  }
}

function targets(r: BenchResults): BenchResults['targets'] {
  const out: BenchResults['targets'] = [];
  // The command's targets (docs/benchmarks.md): each as a ratio (or a time) measured in this run.
  const node = r.command.find((c) => c.command === 'node -e 0');
  for (const [command, times] of [['glance current --pid N --json', 2], ['glance --version', 1.3]] as const) {
    const row = r.command.find((c) => c.command === command);
    if (row && node) out.push({ name: `${command} <= ${times} x node -e 0`, value_ms: row.median_ms, target_ms: round(times * node.median_ms), met: row.ratio <= times });
  }
  const warm50 = r.collect.find((c) => c.elements === 50 && c.state === 'warm');
  if (warm50) out.push({ name: 'warm collect, 50, kept connection <= 2 x floor', value_ms: warm50.median_ms, target_ms: round(2 * warm50.floor_ms), met: warm50.ratio <= 2 });
  const question = r.listener.find((l) => l.method === 'proc-connection');
  if (question) out.push({ name: `listener check (/proc), ${question.sockets} sockets, <= 5 ms`, value_ms: question.median_ms, target_ms: 5, met: question.median_ms <= 5 });
  const proc = r.listener.find((l) => l.method === 'proc');
  if (warm50 && proc) {
    const target = round(1.5 * warm50.floor_ms + proc.median_ms);
    out.push({ name: 'warm collect, 50 elements <= 1.5 floor + proc', value_ms: warm50.median_ms, target_ms: target, met: warm50.median_ms <= target });
    if (warm50.checked_median_ms !== undefined) {
      out.push({ name: '  the same asking the OS (connection closed)', value_ms: warm50.checked_median_ms, target_ms: target, met: warm50.checked_median_ms <= target });
    }
  }
  const d1000 = r.discovery.find((d) => d.descriptors === 1000);
  if (d1000) {
    out.push({ name: 'discovery, 1,000 descriptors < 20 ms', value_ms: d1000.kept_median_ms, target_ms: 20, met: d1000.kept_median_ms < 20 });
    out.push({ name: '  the same asking the OS (connection closed)', value_ms: d1000.median_ms, target_ms: 20, met: d1000.median_ms < 20 });
  }
  if (r.read.elements === 20000) out.push({ name: 'reading, 20,000 elements < 50 ms', value_ms: r.read.median_ms, target_ms: 50, met: r.read.median_ms < 50 });
  const scan2000 = r.scan.find((s) => s.elements === 2000);
  if (scan2000) out.push({ name: 'secret scan, 2,000 elements < 20 ms', value_ms: scan2000.median_ms, target_ms: 20, met: scan2000.median_ms < 20 });
  out.push({ name: 'heap growth 10 -> 100 (KiB, 256 allowed)', value_ms: round(r.heap_growth_bytes / 1024), target_ms: HEAP_TOLERANCE_BYTES / 1024, met: r.heap_growth_bytes < HEAP_TOLERANCE_BYTES });
  out.push({ name: '  the same without code space (KiB)', value_ms: round(r.heap_data_growth_bytes / 1024), target_ms: HEAP_TOLERANCE_BYTES / 1024, met: r.heap_data_growth_bytes < HEAP_TOLERANCE_BYTES });
  const longest = r.stream.at(-1);
  const floor = r.stream[1]?.marginal_ms;
  if (longest?.ratio !== undefined && floor !== undefined && longest.marginal_ms !== undefined) {
    out.push({ name: `answer stream, a piece at ${longest.kb} KB <= 1.5 x at ${r.stream[1]?.kb} KB`, value_ms: longest.marginal_ms, target_ms: round(1.5 * floor), met: longest.ratio <= 1.5 });
  }
  if (d1000) out.push({ name: '  discovery, 1,000, reading and matching only', value_ms: d1000.unverified_median_ms, target_ms: 20, met: d1000.unverified_median_ms < 20 });
  return out;
}
