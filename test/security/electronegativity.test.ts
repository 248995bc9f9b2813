// Electronegativity over the code the app ships, offline: every finding is fixed or justified in
// electronegativity.json, and a new one fails npm test. The crafted cases prove the gate bites:
// a window with Node in its page is reported and not excused, and a justification that no longer
// names any finding is reported as stale.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFinding, electronVersion, judge, loadConfig, scan, type ElectronegativityConfig, type Finding, type ScanResult } from './electronegativity.js';

const root = process.cwd();
let config: ElectronegativityConfig;
let version: string;
const scratch: string[] = [];

beforeAll(async () => {
  config = await loadConfig(root);
  version = await electronVersion(root);
});
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A folder holding one crafted main-process file, scanned with the project's configuration. */
async function scanCrafted(source: string): Promise<ScanResult> {
  const dir = await mkdtemp(join(tmpdir(), 'glance-crafted-'));
  scratch.push(dir);
  await writeFile(join(dir, 'window.js'), source);
  return scan(dir, ['window.js'], config.excludedChecks.map((entry) => entry.check), version);
}

describe('electronegativity', () => {
  it('finds nothing unjustified in the source, reads every file, and every justification still names a finding', async () => {
    const result = await scan(root, config.scan, config.excludedChecks.map((entry) => entry.check), version);
    const { unjustified, stale } = judge(result.findings, config);
    // Forty-odd checks ran (a broken install would run none and find nothing).
    expect(result.checks).toBeGreaterThan(30);
    expect(result.unreadable).toEqual([]);
    expect(unjustified.map(describeFinding), 'fix each, or justify it in electronegativity.json with its reason').toEqual([]);
    expect(stale, 'these entries of electronegativity.json name no finding any more: remove them').toEqual([]);
  }, 60_000);

  it('reports a window whose page gets Node, and the configuration does not excuse it', async () => {
    const result = await scanCrafted(
      "const { BrowserWindow } = require('electron');\nnew BrowserWindow({ webPreferences: { nodeIntegration: true } });\n",
    );
    const { unjustified } = judge(result.findings, config);
    expect(unjustified.map((f) => [f.check, f.file, f.line])).toContainEqual(['NODE_INTEGRATION_JS_CHECK', 'window.js', 2]);
  }, 60_000);

  it('marks a justification stale when its line of code changed or went away', () => {
    const finding: Finding = { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/a.ts', line: 3, code: 'shell.openExternal(url);', description: '', severity: 'MEDIUM', confidence: 'TENTATIVE' };
    const entry = { check: 'OPEN_EXTERNAL_JS_CHECK', file: 'main/a.ts', code: 'if (ok(url)) shell.openExternal(url);', reason: 'checked before it opens anything' };
    const verdict = judge([finding], { ...config, justified: [entry] });
    expect(verdict.unjustified).toEqual([finding]);
    expect(verdict.stale).toEqual([entry]);
    expect(judge([finding], { ...config, justified: [{ ...entry, code: finding.code }] })).toEqual({ unjustified: [], stale: [] });
  });
});
