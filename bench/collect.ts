/**
 * Collect against one real provider, cold and warm, each beside its floor. Warm and floor
 * samples alternate, so a slow patch of the machine hits both alike.
 */
import { performance } from 'node:perf_hooks';
import type { OsServices } from '../app/os/types.js';
import { runChild } from './children.js';
import { collectOrThrow, createCollector, frontAppOf } from './collector.js';
import { ListToolsResultSchema } from '../app/client/rpc.js';
import { openRawSession } from './floor.js';
import type { BenchProvider } from './provider.js';
import type { CollectRow } from './results.js';
import { round, summarise, type Summary } from './stats.js';

/** How many samples of each kind for one answer size. */
export interface CollectReps {
  warm: number;
  cold: number;
  warmup: number;
}

/** The floor, warm and cold rows for one provider. */
export async function benchCollect(provider: BenchProvider, os: OsServices, reps: CollectReps): Promise<{ rows: CollectRow[]; loadMs: Summary }> {
  const floorSession = await openRawSession(provider.descriptor);
  const collector = createCollector(os, provider.env);
  const checkedCollector = createCollector(os, provider.env, 'checked');
  const uncachedCollector = createCollector(os, provider.env, 'none');
  const app = await frontAppOf(os, provider.pid);
  const floor: number[] = [];
  const warm: number[] = [];
  const checked: number[] = [];
  const uncached: number[] = [];
  const listing: number[] = [];
  const time = async (samples: number[], fn: () => Promise<unknown>): Promise<void> => {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  };
  try {
    for (let i = 0; i < reps.warmup; i += 1) {
      await floorSession.call();
      await collectOrThrow(collector, app, provider.elements);
      await collectOrThrow(checkedCollector, app, provider.elements);
      await collectOrThrow(uncachedCollector, app, provider.elements);
    }
    for (let i = 0; i < reps.warm; i += 1) {
      await time(floor, () => floorSession.call());
      // What listing the tools adds to the first exchange with a provider run (client/exchange.ts),
      // on the floor's socket while it is fresh (the provider closes an idle one).
      await time(listing, async () => ListToolsResultSchema.parse(readResult(await floorSession.list())));
      await time(warm, () => collectOrThrow(collector, app, provider.elements));
      await time(checked, () => collectOrThrow(checkedCollector, app, provider.elements));
      await time(uncached, () => collectOrThrow(uncachedCollector, app, provider.elements));
    }
  } finally {
    floorSession.close();
    await collector.close();
    await checkedCollector.close();
    await uncachedCollector.close();
  }
  const cold: number[] = [];
  const load: number[] = [];
  for (let i = 0; i < reps.cold; i += 1) {
    const sample = await runChild<{ first_ms: number; load_ms: number }>('bench/cold.js', [String(provider.pid), String(provider.elements)], provider.env);
    cold.push(sample.first_ms);
    load.push(sample.load_ms);
  }
  const floorSummary = summarise(floor);
  const row = (state: 'warm' | 'cold', samples: number[], others?: { checked: number[]; without: number[]; listing: number[] }): CollectRow => {
    const s = summarise(samples);
    const listed = others === undefined ? undefined : summarise(others.listing).median_ms;
    const extra = others === undefined || listed === undefined ? {} : {
      checked_median_ms: summarise(others.checked).median_ms,
      uncached_median_ms: summarise(others.without).median_ms,
      tool_list_median_ms: listed,
      tool_list_ratio: round(listed / floorSummary.median_ms),
    };
    return { elements: provider.elements, state, ...s, floor_ms: floorSummary.median_ms, floor_p10_ms: floorSummary.p10_ms, floor_p90_ms: floorSummary.p90_ms, ratio: round(s.median_ms / floorSummary.median_ms), ...extra };
  };
  return { rows: [row('warm', warm, { checked, without: uncached, listing }), row('cold', cold)], loadMs: summarise(load) };
}

/** The result of a JSON-RPC response body (JSON, or one SSE event carrying it), as the host reads it. */
function readResult(body: Buffer): unknown {
  const text = body.toString('utf8');
  const json = text.startsWith('{') ? text : text.split('\n').find((l) => l.startsWith('data: '))?.slice(6) ?? '';
  return (JSON.parse(json) as { result?: unknown }).result;
}
