// A standing consent names one program (app/rules/consent.ts): on Linux every script run by
// /usr/bin/python3 has the bundle id `python3.11`, so "always" for one must not read another.
// Real GTK 3 apps on a desktop of their own (Xvfb, a window manager, a private D-Bus session:
// test/helpers/desktop-session.ts), the real AT-SPI helper, the real rules file; the command's
// advice is followed as a person would, word for word.
import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectFrontApp } from '../../app/sources/collect.js';
import type { Collection } from '../../app/sources/types.js';
import { main } from '../../app/cli/main.js';
import { SecretRegistry } from '../../app/log/logger.js';
import { createAccessibilityReader, type AccessibilityReader } from '../../app/os/accessibility/index.js';
import { createOs } from '../../app/os/index.js';
import { createPrivacyHooks } from '../../app/privacy/hooks.js';
import { createRulesStore } from '../../app/rules/store.js';
import { missingDesktopTools, startDesktopSession, type DesktopSession } from '../helpers/desktop-session.js';
import { startGtkApp, type GtkApp } from '../helpers/gtk-app.js';
import { makeProvidersDir } from '../helpers/providers-dir.js';

const missing = missingDesktopTools();
// In CI every tool is installed (.ci/run): a missing one fails there instead of skipping.
const RUN = missing.length === 0 || process.env['CI'] === 'true';
if (!RUN) console.warn(`accessibility (interpreter consent): skipped, missing ${missing.join(', ')}`);

const os = createOs();
let session: DesktopSession;
let dir: Awaited<ReturnType<typeof makeProvidersDir>>;
let scratch = '';
let reader: AccessibilityReader;
let env: NodeJS.ProcessEnv;
let notes: GtkApp;
let other: GtkApp;
let inline: GtkApp;

/** Runs `glance` in process with the session's environment, as bin/glance.js does. */
async function glance(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env }, { os });
  return { code, stdout, stderr };
}

/** A press's collection of `pid` under the test's rules, without this press's grant. */
async function collectWithoutGrant(pid: number): Promise<Collection> {
  const rules = createRulesStore(dir.home);
  const privacy = createPrivacyHooks({ rules: () => rules.load(), destination: () => ({ kind: 'show' }), screen: true });
  return collectFrontApp({ pid }, { os, env, secrets: new SecretRegistry(), privacy }, { timeoutMs: 5000 }, { reader, granted: false });
}

/** Brings the app to the front, then until it is on the accessibility bus with its window: an app registers shortly after it maps. */
async function readable(app: GtkApp): Promise<void> {
  await session.activate(app.window);
  for (const deadline = Date.now() + 60_000; ;) {
    const read = await reader.read(app.pid, { timeoutMs: 5000 });
    if (read.ok) return;
    if (Date.now() > deadline) throw new Error(`the GTK app was not readable: ${read.code}`);
  }
}

/** The command between backticks in a line of the command's advice, as words a shell would pass. */
function advised(line: string, consent: string): string[] {
  const command = new RegExp(`\`(glance rules accessibility [^\`]* ${consent}[^\`]*)\``).exec(line)?.[1];
  expect(command, line).toBeDefined();
  return (command ?? '').split(' ').slice(1);
}

describe.runIf(RUN)('a consent for one program of an interpreter', () => {
  beforeAll(async () => {
    dir = await makeProvidersDir();
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'glance-ax-programs-')));
    await mkdir(join(scratch, 'notes'));
    await mkdir(join(scratch, 'other'));
    session = await startDesktopSession();
    env = { ...session.env, APP_CONTEXT_PROVIDERS_DIR: dir.dir, GLANCE_HOME: dir.home };
    reader = createAccessibilityReader({ env: session.env });
    notes = await startGtkApp(session, join(scratch, 'notes'), { title: 'Field Notes', text: 'notes text', secret: 'hunter2-notes' });
    other = await startGtkApp(session, join(scratch, 'other'), { title: 'Other Program', text: 'other text', secret: 'hunter2-other' });
    inline = await startGtkApp(session, scratch, { title: 'Inline Program', text: 'inline text', secret: 'hunter2-inline', inline: true });
    for (const app of [notes, other, inline]) await readable(app);
  }, 120_000);
  afterAll(async () => {
    await reader?.close();
    await Promise.all([notes?.stop(), other?.stop(), inline?.stop()]);
    await session?.stop();
    await dir?.cleanup();
    await rm(scratch, { recursive: true, force: true });
  });

  it('"always" as the command advises it for one program reads that one; another program of the same interpreter is still asked, and nothing of it read', async () => {
    const bundleId = await os.bundleId(notes.pid);
    expect(bundleId).toMatch(/^python3/);
    expect(await os.bundleId(other.pid)).toBe(bundleId);

    const asked = await glance(['current', '--pid', String(notes.pid)]);
    expect(asked.code).toBe(3);
    expect((await glance(advised(asked.stderr, 'always'))).code).toBe(0);

    await readable(notes);
    const read = await glance(['current', '--pid', String(notes.pid), '--json']);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({ source: 'accessibility', app: { pid: notes.pid, bundleId } });

    // The other program, in front and readable: asked, as before the consent, and named by its own path.
    await readable(other);
    const second = await glance(['current', '--pid', String(other.pid)]);
    expect(second.code, second.stdout).toBe(3);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain(`--program ${join(scratch, 'other', 'gtk-app.py')}`);
    expect(asked.stderr).toContain(`--program ${join(scratch, 'notes', 'gtk-app.py')}\` to allow ${join(scratch, 'notes', 'gtk-app.py')} (run by ${bundleId}) for good`);
    expect(await collectWithoutGrant(other.pid)).toMatchObject({ kind: 'no-consent', consent: 'ask', key: { kind: 'program', bundleId, program: join(scratch, 'other', 'gtk-app.py') } });
  });

  it('a program given inline (`python3 -c`) can be read only this time: no "always" is advised, and an old interpreter-wide "always" grants nothing', async () => {
    const bundleId = (await os.bundleId(inline.pid)) ?? '';
    const asked = await glance(['current', '--pid', String(inline.pid)]);
    expect(asked.code).toBe(3);
    expect(asked.stderr).toContain(`${bundleId} runs many programs and Glance cannot tell which one this is, so it can be read only this time: run again with --accessibility to read it this once.`);
    expect(asked.stderr).not.toContain('always');
    await readable(inline);
    expect((await glance(['current', '--pid', String(inline.pid), '--accessibility', '--json'])).code).toBe(0);

    // As an older Glance stored "Always for Field Notes": for the interpreter's name. It no longer reads anything.
    await createRulesStore(dir.home).setAccessibility(bundleId, 'ask', join(scratch, 'notes', 'gtk-app.py'));
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir.home, 'rules.json'), JSON.stringify({ version: 1, rules: [{ bundleId, rule: 'allow', exclusions: [], accessibility: 'always' }] }));
    for (const app of [notes, other, inline]) {
      expect(await collectWithoutGrant(app.pid)).toMatchObject({ kind: 'no-consent', consent: 'ask', byInterpreter: true, reason: expect.stringContaining(`your earlier "always" for ${bundleId} named no one program`) });
    }
    // A `never` for the name refuses every program it runs, the flag's grant too.
    expect((await glance(['rules', 'accessibility', bundleId, 'never'])).code).toBe(0);
    const never = await glance(['current', '--pid', String(notes.pid), '--accessibility']);
    expect(never.code).toBe(9);
    expect(never.stderr).toContain(`every program ${bundleId} runs (\`glance rules accessibility ${bundleId} ask\` changes it)`);
  });
});
