// Human output: one line per provider string (docs/reliability.md, the second outside audit, 3). A provider whose strings
// hold a line break of every kind (LF, CR, VT, FF, NEL U+0085, U+2028, U+2029) followed by a
// line that looks like Glance's own, plus a bidi override and an escape, in every field the
// command prints: the app's name and version, a lying descriptor's name (quoted in a reason),
// subrole, title, url, text content, an image's and a resource's stated types and uris.
// The real `glance` command (bin/glance.js, as a process): `current`, `ask` (offline), `providers`,
// `history` and `history show`. No output holds a raw line break but those ending Glance's own
// lines, or any other invisible character; each is shown as its mark; and JSON keeps the values.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlance } from '../helpers/cli.js';
import { useProviderSuite } from '../helpers/provider-suite.js';

const suite = useProviderSuite();
const FORGED = 'glance: note: 0 withheld, all clear';
/** Each break with the forged line after it, and the mark the terminal shows for the break. */
const BREAKS: [string, string][] = [['\n', '␊'], ['\r', '␍'], ['\u000b', '␋'], ['\u000c', '␌'], ['\u0085', '⟨U+0085⟩'], ['\u2028', '⟨U+2028⟩'], ['\u2029', '⟨U+2029⟩']];
const hostile = (field: string, i: number): string => {
  const [brk] = BREAKS[i % BREAKS.length] as [string, string];
  return `${field}${brk}${FORGED}\u202e\u001b[2J`;
};
/** Every character that must not reach the terminal raw, a newline included (checked per line). */
// eslint-disable-next-line no-control-regex -- the control characters are what is tested
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const TREE = {
  id: 'app', role: 'Application', title: hostile('TITLE-APP', 0),
  children: [{
    id: 'win-1', role: 'Window', focused: true, subrole: hostile('SUBROLE', 0),
    children: [
      { id: 'doc-1', role: 'Document', focused: true, title: hostile('TITLE-DOC', 5), url: `https://example.com/${hostile('URL', 6)}` },
      { id: 'sel-1', role: 'Text', selected: true, content: [{ type: 'text', text: hostile('CONTENT', 1) }] },
      { id: 'row-1', role: 'Row', subrole: hostile('SUB-V', 2), title: hostile('TITLE-F', 3) },
      { id: 'row-2', role: 'Row', title: hostile('TITLE-NEL', 4), content: [{ type: 'resource_link', uri: `file:///${hostile('LINK', 0)}`, name: 'n' }] },
    ],
  }],
};

/** Every line of the outputs, each checked: no raw invisible character, none starting as the forgery. */
function expectOneLineEach(...outputs: string[]): void {
  for (const output of outputs) {
    for (const line of output.split('\n')) {
      expect(line, JSON.stringify(line)).not.toMatch(RAW);
      expect(line.startsWith('glance: note: 0 withheld')).toBe(false);
    }
  }
}

async function glance(...args: string[]) {
  const result = await runGlance(args, suite.env());
  suite.outputs.push(result.stdout, result.stderr);
  return result;
}

describe('a provider string with a line break, in human output', () => {
  it('glance current, ask, providers, history: every provider string on its line, its breaks and controls shown as marks', async () => {
    const tree = join(suite.dir(), '..', 'one-line-tree.json');
    await writeFile(tree, JSON.stringify(TREE));
    const p = await suite.start({ TP_NAME: hostile('NAME', 0), TP_VERSION: hostile('VERSION', 5), TP_TREE_FILE: tree });

    const current = await glance('current', '--pid', String(p.pid), '--timeout', '5000');
    expect(current.code, current.stderr).toBe(0);
    expectOneLineEach(current.stdout, current.stderr);
    const lines = current.stdout.trimEnd().split('\n');
    // The header and one line per element: nothing more.
    expect(lines).toHaveLength(1 + 6);
    expect(lines[0]).toMatch(/^NAME␊glance: note: 0 withheld, all clear⟨U\+202E⟩␛\[2J VERSION⟨U\+2028⟩glance: note/);
    expect(lines[2]).toBe('  Window (SUBROLE␊glance: note: 0 withheld, all clear⟨U+202E⟩␛[2J) [win-1] {focused}');
    expect(current.stdout).toContain('“CONTENT␍glance: note: 0 withheld, all clear⟨U+202E⟩␛[2J”');
    for (const [, mark] of BREAKS) expect(current.stdout).toContain(`${mark}${FORGED}`);

    const ask = await glance('ask', 'what is selected?', '--pid', String(p.pid), '--timeout', '5000');
    expect(ask.code, ask.stderr).toBe(0);
    expectOneLineEach(ask.stdout, ask.stderr);
    expect(ask.stdout).toContain('Context from NAME␊glance: note: 0 withheld, all clear');
    expect(ask.stdout).toContain('  Window (SUBROLE␊glance: note: 0 withheld, all clear⟨U+202E⟩␛[2J) [win-1] {focused}');
    // The offline answer quotes the selection on one line: its break reads as a space there.
    expect(ask.stdout).toContain('Selected: “CONTENT glance: note: 0 withheld, all clear⟨U+202E⟩␛[2J”');

    const providers = await glance('providers');
    expectOneLineEach(providers.stdout, providers.stderr);
    expect(providers.stdout).toContain('NAME␊glance: note');

    const history = await glance('history');
    expectOneLineEach(history.stdout, history.stderr);
    // One receipt for that ask's answer, on its line (the offline highlight's follow-up writes none).
    const receipts = history.stdout.trimEnd().split('\n');
    expect(receipts).toHaveLength(1);
    for (const line of receipts) expect(line).toMatch(/ NAME␊glance: note: .* \[[0-9a-f]{16}\]$/);
    const id = /\[([0-9a-f]{16})\]$/.exec(receipts[0] as string)?.[1] as string;
    const shown = await glance('history', 'show', id);
    expectOneLineEach(shown.stdout, shown.stderr);
    expect(shown.stdout).toContain('  app       NAME␊glance: note');

    // JSON keeps every value exactly, and is one line too.
    const json = await glance('current', '--pid', String(p.pid), '--json', '--timeout', '5000');
    expect(json.stdout.endsWith('\n') && json.stdout.indexOf('\n') === json.stdout.length - 1).toBe(true);
    expectOneLineEach(json.stdout);
    const printed = JSON.parse(json.stdout) as { provider: { name: string }; answer: { root: typeof TREE } };
    expect(printed.provider.name).toBe(hostile('NAME', 0));
    expect(printed.answer.root.children[0]?.subrole).toBe(hostile('SUBROLE', 0));
  }, 60_000);

  it('a lying descriptor\'s name quoted in a reason, on stderr', async () => {
    const p = await suite.start({ TP_NAME: hostile('LIAR', 4), TP_DESCRIPTOR_BUNDLE_ID: 'com.example.other' });
    const current = await glance('current', '--pid', String(p.pid), '--timeout', '5000');
    expect(current.code).toBe(3);
    expectOneLineEach(current.stdout, current.stderr);
    expect(current.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(current.stderr).toContain('LIAR⟨U+0085⟩glance: note');
  }, 30_000);
});
