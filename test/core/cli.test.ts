// The `glance` command as a user runs it (the built bin), against real provider processes:
// output shapes and exit statuses of docs/cli.md, and no token anywhere in what it prints.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGlance } from '../helpers/cli.js';
import { useProviderSuite } from '../helpers/provider-suite.js';
import type { TestProvider } from '../helpers/test-provider.js';

const suite = useProviderSuite();
const start = (knobs: Record<string, string> = {}): Promise<TestProvider> => suite.start(knobs);

/** Runs `glance`; its output is checked for every provider's token after the test. */
async function glance(...args: string[]) {
  const result = await runGlance(args, suite.env());
  suite.outputs.push(result.stdout, result.stderr);
  return result;
}

describe('glance current', () => {
  it('prints an example tree in the shape of docs/protocol.md, "Elements", when a provider answers with it', async () => {
    const example = JSON.parse(await readFile('test/fixtures/protocol-example.json', 'utf8')) as { root: unknown };
    const treeFile = join(suite.dir(), '..', 'example-root.json');
    await writeFile(treeFile, JSON.stringify(example.root));
    const p = await start({ TP_TREE_FILE: treeFile, TP_NAME: 'Editor' });
    const json = await glance('current', '--pid', String(p.pid), '--json');
    expect(json.code).toBe(0);
    const printed = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(printed['answer']).toEqual({ protocol: '0.2.0', instance: p.descriptor.instance, root: example.root });
    expect(printed['warnings']).toEqual([]);
    expect(printed['provider']).toEqual({
      bundleId: p.descriptor.bundleId, name: 'Editor', version: '0.0.1', pid: p.pid, instance: p.descriptor.instance, endpoint: p.endpoint,
    });
    const human = await glance('current', '--pid', String(p.pid));
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Application "Editor" [app]');
    expect(human.stdout).toContain('    Document (markdown) "draft.md" [doc-1] {focused} <file:///Users/ada/essays/draft.md>');
    expect(human.stdout).toContain('      Text [sel-23] {selected} “The command line lasted thirty years');
    expect(human.stdout).toContain('{not visible}');
  });

  it('exits 3 with the reason when the app has no provider or its descriptor is ignored', async () => {
    const none = await glance('current', '--pid', String(process.pid));
    expect(none.code).toBe(3);
    expect(none.stderr).toMatch(/does not share context with Glance/);
    const p = await start({ TP_DESCRIPTOR_PROTOCOL: '1.0.0' });
    const ignored = await glance('current', '--pid', String(p.pid));
    expect(ignored.code).toBe(3);
    expect(ignored.stderr).toMatch(/was ignored: it speaks protocol 1\.0\.0/);
  });

  it('exits 4 when the provider does not answer in time, 5 when its answer is refused', async () => {
    const stalled = await start({ TP_STALL: '1' });
    const late = await glance('current', '--pid', String(stalled.pid), '--timeout', '300');
    expect(late.code).toBe(4);
    expect(late.stderr).toMatch(/did not answer within 0\.3 s/);
    const other = await start({ TP_ANSWER_INSTANCE: 'another-run' });
    const refused = await glance('current', '--pid', String(other.pid));
    expect(refused.code).toBe(5);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('without --pid on a machine that cannot tell the front app, says so and exits 3', async () => {
    const result = await runGlance(['current'], { ...suite.env(), DISPLAY: '' });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/--pid/);
  });
});

describe('glance location', () => {
  it('locates an element, and says gone without asking when the instance changed', async () => {
    const p = await start();
    const here = await glance('location', 'sel-1', '--pid', String(p.pid), '--instance', p.descriptor.instance, '--json');
    expect(here.code).toBe(0);
    expect(JSON.parse(here.stdout)).toEqual({ state: 'visible', rects: [{ x: 100, y: 100, w: 200, h: 20 }], window: 1 });
    const stalled = await start({ TP_STALL: '1' });
    // Had it asked, the stalled provider would have made this exit 4.
    const old = await glance('location', 'sel-1', '--pid', String(stalled.pid), '--instance', 'an-older-run', '--json', '--timeout', '5000');
    expect(old.code).toBe(0);
    expect(JSON.parse(old.stdout)).toEqual({ state: 'gone', rects: [] });
  });

  it('exits 6 for an id the provider never issued, and gone for a process that quit', async () => {
    const p = await start();
    const unknown = await glance('location', 'nope', '--pid', String(p.pid), '--instance', p.descriptor.instance);
    expect(unknown.code).toBe(6);
    await p.process.stop();
    const quit = await glance('location', 'sel-1', '--pid', String(p.pid), '--instance', p.descriptor.instance, '--json');
    expect(quit.code).toBe(0);
    expect(JSON.parse(quit.stdout)).toEqual({ state: 'gone', rects: [] });
  });

  it('takes an instance and an id that begin with "-", as one minted instance in 64 does', async () => {
    const p = await start({ TP_DESCRIPTOR_INSTANCE: '-k3f9x2', TP_ANSWER_INSTANCE: '-k3f9x2' });
    const here = await glance('location', 'sel-1', '--pid', String(p.pid), '--instance', '-k3f9x2', '--json');
    expect(here.stderr).toBe('');
    expect(here.code).toBe(0);
    expect(JSON.parse(here.stdout)).toEqual({ state: 'visible', rects: [{ x: 100, y: 100, w: 200, h: 20 }], window: 1 });
    // The provider never issued "-dash": reaching it (exit 6) shows the id was read as an id.
    const dashId = await glance('location', '--pid', String(p.pid), '--instance', '-k3f9x2', '--', '-dash');
    expect(dashId.code).toBe(6);
    const misplaced = await glance('location', '-dash', '--pid', String(p.pid), '--instance', '-k3f9x2');
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('after "--"');
  });

  it('refuses a wrong command line with exit 2 and one line', async () => {
    for (const args of [['location'], ['location', 'a', '--pid', 'x', '--instance', 'i'], ['location', 'a b', '--pid', '1', '--instance', 'i'], ['nonsense'], ['current', '--timeout', '-1']]) {
      const result = await glance(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('glance providers', () => {
  it('lists every descriptor with its verdict, and exits 0 even for a missing folder', async () => {
    const good = await start();
    const bad = await start({ TP_DESCRIPTOR_BUNDLE_ID: 'com.example.liar' });
    const listed = await glance('providers', '--json');
    expect(listed.code).toBe(0);
    const parsed = JSON.parse(listed.stdout) as { folder: { usable: boolean }; descriptors: { file: string; verdict: string; reason?: string; pid?: number }[] };
    expect(parsed.folder.usable).toBe(true);
    expect(parsed.descriptors.find((d) => d.pid === good.pid)?.verdict).toBe('usable');
    expect(parsed.descriptors.find((d) => d.pid === bad.pid)?.reason).toMatch(/com\.example\.liar/);
    const human = await glance('providers');
    expect(human.stdout).toMatch(/usable {3}\S+\.json {2}Test Provider/);
    const missing = await runGlance(['providers', '--json'], { ...suite.env(), APP_CONTEXT_PROVIDERS_DIR: join(suite.dir(), 'missing') });
    expect(missing.code).toBe(0);
    expect(JSON.parse(missing.stdout)).toMatchObject({ folder: { usable: false }, descriptors: [] });
  });
});

describe('text from a provider on the terminal', () => {
  it('never carries escape sequences or bidi overrides, and JSON keeps the exact value', async () => {
    const name = 'Evil\u001b]0;owned\u0007\u001b[2J\u202eNotes\u0085';
    const p = await start({ TP_NAME: name });
    const human = await glance('providers');
    const text = await glance('current', '--pid', String(p.pid));
    for (const out of [human.stdout, text.stdout, text.stderr]) {
      // eslint-disable-next-line no-control-regex -- the control characters are what is tested
      expect(out).not.toMatch(/[\u001b\u0007\u202e\u0085]/);
    }
    expect(human.stdout).toContain('Evil␛]0;owned␇␛[2J⟨U+202E⟩Notes⟨U+0085⟩');
    const json = await glance('current', '--pid', String(p.pid), '--json');
    // eslint-disable-next-line no-control-regex -- the control characters are what is tested
    expect(json.stdout).not.toMatch(/[\u001b\u0007\u202e\u0085]/);
    expect((JSON.parse(json.stdout) as { provider: { name: string } }).provider.name).toBe(name);
  });
});
