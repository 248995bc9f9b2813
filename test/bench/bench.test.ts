/**
 * The benchmark is not a test: no figure is asserted here. This runs its tiny configuration
 * so the bench code cannot rot, and checks that bench/results.json keeps the shape bench/results.ts declares (docs/benchmarks.md reads it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable, writeResults } from '../../bench/results.js';
import { runBench, TINY } from '../../bench/suite.js';
import { nodeFor } from '../helpers/node-app.js';

let dir = '';

beforeAll(async () => {
  // The bench spawns compiled scripts (provider, cold sample, heap child) and the built command
  // (test/global-setup.ts builds it when missing), as npm run bench does.
  if (!existsSync('dist/bench/cold.js') || !existsSync('dist/bench/heap-child.js')) {
    execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'ignore' });
  }
  dir = await mkdtemp(join(tmpdir(), 'glance-bench-test-'));
  // On macOS the bench's provider runs inside a stand-in app, so the host can confirm it.
  process.env['GLANCE_BENCH_NODE'] = nodeFor();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const summary = { median_ms: expect.any(Number), p10_ms: expect.any(Number), p90_ms: expect.any(Number), n: expect.any(Number) };

describe('the benchmark, in its tiny configuration', () => {
  it('measures everything once and writes results.json in the shape bench/results.ts declares', async () => {
    const results = await runBench(TINY);
    const out = join(dir, 'results.json');
    await writeResults(out, results);
    const written = JSON.parse(await readFile(out, 'utf8')) as typeof results;

    expect(written.command.map((c) => c.command)).toEqual(['node -e 0', 'glance --version', 'glance current --pid N --json']);
    for (const row of written.command) expect(row).toMatchObject({ ...summary, node_median_ms: expect.any(Number), ratio: expect.any(Number) });
    expect(written.collect.map((c) => `${c.elements} ${c.state}`)).toEqual(['50 warm', '50 cold']);
    for (const row of written.collect) {
      expect(row).toMatchObject({ ...summary, floor_ms: expect.any(Number), ratio: expect.any(Number) });
      expect(row.median_ms).toBeGreaterThan(0);
      expect(row.floor_ms).toBeGreaterThan(0);
    }
    const warm = written.collect.find((c) => c.state === 'warm');
    expect(warm?.checked_median_ms).toBeGreaterThan(0);
    expect(warm?.uncached_median_ms).toBeGreaterThan(0);
    expect(warm?.tool_list_median_ms).toBeGreaterThan(0);
    expect(warm?.tool_list_ratio).toBeGreaterThan(0);
    expect(written.discovery.map((d) => d.descriptors)).toEqual(TINY.discovery.counts);
    for (const row of written.discovery) {
      expect(row).toMatchObject(summary);
      expect(row.kept_median_ms).toBeGreaterThan(0);
    }
    expect(written.listener.map((l) => l.method)).toEqual(['lsof', 'proc', 'proc-connection', 'connect+lsof', 'connect+proc']);
    expect(written.listener_padding).toBe(TINY.listenerPadding);
    expect(written.machine.load_start).toHaveLength(3);
    for (const row of written.listener) expect(row).toMatchObject(summary);
    expect(written.read).toMatchObject({ elements: TINY.read.elements, ...summary });
    expect(written.scan).toEqual([expect.objectContaining({ elements: TINY.scan.sizes[0], ...summary, render_median_ms: expect.any(Number), ratio: expect.any(Number), first_ms: expect.any(Number) })]);
    expect(typeof written.heap_growth_bytes).toBe('number');
    expect(written.heap.after_10_bytes).toBeGreaterThan(0);
    expect(written.targets.length).toBeGreaterThan(0);
    // Measured wherever the desktop tools are (CI installs them: .ci/run), skipped with its reason elsewhere.
    if ('rows' in written.accessibility) {
      expect(written.accessibility.rows.map((a) => `${a.app} ${a.state}`)).toEqual(['gtk cold', 'gtk warm', 'chromium cold', 'chromium warm']);
      for (const row of written.accessibility.rows) expect(row).toMatchObject(summary);
      // Beside a provider's warm collect of the same run.
      expect(written.peer.map((p) => p.app)).toEqual(['gtk', 'chromium']);
      for (const p of written.peer) expect(p.ratio).toBeCloseTo(p.accessibility_ms / p.provider_ms, 2);
    } else {
      if (process.platform === 'linux') expect(process.env['CI']).not.toBe('true');
      expect(written.accessibility.skipped).not.toBe('');
    }
    // The browser page through its extension beside Accessibility: `npm run bench` only (a second desktop and browser).
    expect(written.browser).toEqual({ skipped: 'not in this configuration' });
    // The answer streamed into the built panel in Chromium: a cost per piece at each size, the marginal one after the first.
    expect(written.stream.map((row) => row.kb)).toEqual(TINY.stream.sizesKb);
    for (const row of written.stream) expect(row).toMatchObject({ ...summary, pieces: expect.any(Number), total_ms: expect.any(Number) });
    expect(written.stream[1]?.marginal_ms).toEqual(expect.any(Number));
    expect(written.stream[2]?.ratio).toEqual(expect.any(Number));
    // Hotkey to the tree painted, timed by the page's own mark.
    expect(written.review).toEqual([expect.objectContaining({ elements: 50, ...summary, p95_ms: expect.any(Number) })]);
    expect(written.review[0]?.median_ms).toBeGreaterThan(0);
    expect(formatTable(written)).toMatch(/command[\s\S]*collect[\s\S]*discovery[\s\S]*listener[\s\S]*read[\s\S]*secret scan[\s\S]*accessibility[\s\S]*review[\s\S]*stream[\s\S]*heap[\s\S]*load average/);
  }, 120_000);
});
