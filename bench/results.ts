/**
 * The shape of bench/results.json (docs/benchmarks.md reads its figures from it), with the spread beside each median, and the
 * table printed at the end of a run.
 */
import { writeFile } from 'node:fs/promises';
import type { AccessibilityResults } from './accessibility.js';
import type { BrowserResults } from './browser.js';
import type { CommandRow } from './command.js';
import type { ScanRow } from './secret-scan.js';
import type { ReviewRow } from './review.js';
import type { StreamRow } from './stream.js';
import type { Summary } from './stats.js';

/** One collect measurement against its floor. */
export interface CollectRow extends Summary {
  elements: number;
  state: 'warm' | 'cold';
  floor_ms: number;
  floor_p10_ms: number;
  floor_p90_ms: number;
  /** median_ms / floor_ms. */
  ratio: number;
  /**
   * Warm rows: the same loop with no kept connection, so every press connects and runs the
   * connect-time check (a press after the provider closed the kept connection).
   */
  checked_median_ms?: number;
  /** Warm rows: the same loop without the host's cache (descriptors parsed, MCP initialised each time). */
  uncached_median_ms?: number;
  /**
   * Warm rows: one tools/list on the initialised session, read with the host's schema: what the
   * first exchange with a provider run adds (once per run with a pool; each `glance current`).
   */
  tool_list_median_ms?: number;
  /** tool_list_median_ms / floor_ms. */
  tool_list_ratio?: number;
}

/** Discovery (findProvider) with this many descriptors in the folder. */
export interface DiscoveryRow extends Summary {
  descriptors: number;
  /** Without the host's cache: every file opened and parsed, as a one-shot CLI process does. */
  uncached_median_ms: number;
  uncached_p10_ms: number;
  uncached_p90_ms: number;
  /** With the cache, for a pid that has no descriptor: the folder read and matched, no verification. */
  unverified_median_ms: number;
  /** With the cache and a kept verified connection to the provider, which stands in for the connect-time check. */
  kept_median_ms: number;
}

/**
 * One way of asking who listens on a port; `proc-connection` is the connect-time check's
 * question on an open connection (listeners and this connection's server end); `connect+` rows
 * are the connect-time check with a connect and close around it.
 */
export interface ListenerRow extends Summary {
  method: 'lsof' | 'proc' | 'proc-connection' | 'connect+lsof' | 'connect+proc';
  /** TCP sockets on the machine at the time (Linux): /proc/net/tcp lists every one of them. */
  sockets: number;
}

/** Everything one run measured. */
export interface BenchResults {
  /** The `glance` command as a whole process against `node -e 0`, in the same rounds, so the command's own cost shows apart from Node's start. */
  command: CommandRow[];
  collect: CollectRow[];
  discovery: DiscoveryRow[];
  listener: ListenerRow[];
  /** Loopback connections held open while the listener rows were measured (two table entries each). */
  listener_padding: number;
  read: Summary & { elements: number };
  /** The secret scan of an answer before anything is sent, per size, against rendering it for the model. */
  scan: ScanRow[];
  /** Reads through the accessibility reader, or why there are none on this machine. */
  accessibility: AccessibilityResults;
  /** The panel's CPU time per streamed piece of an answer, by the answer's size (docs/benchmarks.md, "The answer as it streams"). */
  stream: StreamRow[];
  /**
   * A peer's way beside Glance's (docs/benchmarks.md): a warm read of a selection through
   * Accessibility (what Raycast, ChatGPT and the like do) against a warm collect from a provider
   * on a kept connection, both in this run; ratio = accessibility / provider.
   */
  peer: { app: 'gtk' | 'chromium'; accessibility_ms: number; provider_ms: number; ratio: number }[];
  /**
   * One browser page and selection read through the extension's provider and through
   * Accessibility, cold and warm, with p95; and the hotkey to review for it.
   */
  browser: BrowserResults;
  /** From the hotkey to the collected tree painted in the panel, by the tree's size (docs/benchmarks.md, "Hotkey to review"). */
  review: ReviewRow[];
  heap_growth_bytes: number;
  /** The same growth without V8's code spaces (functions compiled as they get hot): what is retained. */
  heap_data_growth_bytes: number;
  heap: { after_10_bytes: number; after_100_bytes: number; invocations: [number, number]; elements: number };
  /** Node's own start and the imports, before a cold collect can begin (not part of cold). */
  process_load: Summary;
  /** The issue's targets, computed from the figures above. */
  targets: { name: string; value_ms: number; target_ms: number; met: boolean }[];
  /** The load average (1, 5 and 15 minutes) when the run began and when it ended: the machine is shared. */
  machine: { node: string; platform: string; cpus: number; date: string; load_start: number[]; load_end: number[] };
}

/** Writes the results as indented JSON. */
export async function writeResults(path: string, results: BenchResults): Promise<void> {
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
}

const ms = (x: number): string => x.toFixed(x < 10 ? 2 : 1);
const spread = (s: Summary): string => `${ms(s.median_ms)} (${ms(s.p10_ms)}-${ms(s.p90_ms)})`;

/** The results as a plain-text table: median (p10-p90) in milliseconds. */
export function formatTable(r: BenchResults): string {
  const lines = ['figures: median (p10-p90) ms', ''];
  for (const c of r.command) lines.push(`command      ${c.command.padEnd(31)} ${spread(c).padEnd(22)} ratio to node -e 0 ${c.ratio.toFixed(2)}`);
  lines.push('', 'collect      elements  state  time                   floor                  ratio  asking the OS  without cache  tools/list (ratio)');
  for (const c of r.collect) {
    const checked = c.checked_median_ms === undefined ? '' : ms(c.checked_median_ms);
    const without = c.uncached_median_ms === undefined ? '' : ms(c.uncached_median_ms);
    const listed = c.tool_list_median_ms === undefined ? '' : `${ms(c.tool_list_median_ms)} (${(c.tool_list_ratio ?? 0).toFixed(2)})`;
    lines.push(`             ${String(c.elements).padStart(8)}  ${c.state.padEnd(5)}  ${spread(c).padEnd(22)} ${`${ms(c.floor_ms)} (${ms(c.floor_p10_ms)}-${ms(c.floor_p90_ms)})`.padEnd(22)} ${c.ratio.toFixed(2).padEnd(6)} ${checked.padEnd(14)} ${without.padEnd(14)} ${listed}`);
  }
  lines.push(`process load before a cold collect: ${spread(r.process_load)}`, '');
  for (const d of r.discovery) {
    const uncached = `${ms(d.uncached_median_ms)} (${ms(d.uncached_p10_ms)}-${ms(d.uncached_p90_ms)})`;
    lines.push(`discovery    ${String(d.descriptors).padStart(5)} descriptors  ${spread(d).padEnd(22)} kept connection ${ms(d.kept_median_ms).padEnd(7)} uncached ${uncached.padEnd(22)} no match ${ms(d.unverified_median_ms)}`);
  }
  for (const l of r.listener) lines.push(`listener     ${l.method.padEnd(15)}  ${spread(l).padEnd(22)} with ${l.sockets} TCP sockets on the machine (${r.listener_padding} connections held by the bench)`);
  lines.push(`read         ${r.read.elements} elements  ${spread(r.read)}`);
  for (const s of r.scan) {
    const first = s.first_ms === undefined ? '' : `  first scan of the process ${ms(s.first_ms)}`;
    lines.push(`secret scan  ${String(s.elements).padStart(5)} elements  ${spread(s).padEnd(22)} render ${ms(s.render_median_ms).padEnd(7)} ratio ${s.ratio.toFixed(2)}${first}`);
  }
  if ('skipped' in r.accessibility) lines.push(`accessibility  not measured: ${r.accessibility.skipped}`);
  else for (const a of r.accessibility.rows) lines.push(`accessibility  ${a.app.padEnd(8)}  ${a.state.padEnd(5)}  ${spread(a)}`);
  for (const p of r.peer) lines.push(`peer         ${p.app.padEnd(8)}  through Accessibility ${ms(p.accessibility_ms)} vs a provider ${ms(p.provider_ms)}: ratio ${p.ratio.toFixed(2)}`);
  if ('skipped' in r.browser) lines.push(`browser      not measured: ${r.browser.skipped}`);
  else {
    for (const state of ['cold', 'warm'] as const) {
      const [provider, ax] = (['provider', 'accessibility'] as const).map((way) => 'rows' in r.browser ? r.browser.rows.find((b) => b.way === way && b.state === state) : undefined);
      if (provider && ax) lines.push(`browser      ${state}  the extension's provider ${ms(provider.median_ms)} p95 ${ms(provider.p95_ms).padEnd(7)} Accessibility ${ms(ax.median_ms)} p95 ${ms(ax.p95_ms).padEnd(7)} ratio ${(ax.median_ms / provider.median_ms).toFixed(2)}`);
    }
    lines.push(`browser      hotkey to review, the page  ${spread(r.browser.review).padEnd(22)} p95 ${ms(r.browser.review.p95_ms)}`);
  }
  for (const v of r.review) lines.push(`review       ${String(v.elements).padStart(5)} elements  hotkey to tree painted ${spread(v).padEnd(22)} p95 ${ms(v.p95_ms)}`);
  for (const t of r.stream) {
    const marginal = t.marginal_ms === undefined ? '' : `  each piece beyond the last size ${ms(t.marginal_ms)}${t.ratio === undefined ? '' : ` (ratio ${t.ratio.toFixed(2)})`}`;
    lines.push(`stream       ${String(t.kb).padStart(3)} KB, ${String(t.pieces).padStart(4)} pieces  per piece ${spread(t).padEnd(22)}${marginal}`);
  }
  lines.push(`heap         after ${r.heap.invocations[0]}: ${r.heap.after_10_bytes} B, after ${r.heap.invocations[1]}: ${r.heap.after_100_bytes} B, growth ${r.heap_growth_bytes} B (without code space ${r.heap_data_growth_bytes} B)`, '');
  for (const t of r.targets) lines.push(`target       ${t.name.padEnd(52)} ${ms(t.value_ms)} vs ${ms(t.target_ms)}  ${t.met ? 'met' : 'MISSED'}`);
  lines.push(`load average ${r.machine.load_start.join(' ')} at the start, ${r.machine.load_end.join(' ')} at the end (${r.machine.cpus} cores)`);
  return `${lines.join('\n')}\n`;
}
