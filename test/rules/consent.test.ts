// The accessibility consent as stored in the real rules file and read for a press: an app's own
// bundle id is keyed by itself; an interpreter's name (every script of python3.11 shares it) by
// the one program it runs, so an `always` names one program. An `always` for the interpreter's
// name alone, as an older Glance stored it, still loads and grants nothing.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noConsentReason } from '../../app/accessibility/consent-words.js';
import { consentCommand } from '../../app/cli/accessibility.js';
import { accessibilityConsent, consentKey } from '../../app/rules/consent.js';
import { createRulesStore, InterpreterAlwaysError } from '../../app/rules/store.js';

const NOTES = '/home/u/bin/notes.py';
const OTHER = '/home/u/bin/other.py';
const notes = consentKey('python3.11', NOTES);
const other = consentKey('python3.11', OTHER);

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'glance-consent-'));
});
afterEach(async () => rm(home, { recursive: true, force: true }));

describe('what a standing accessibility choice is keyed by', () => {
  it('an app by its bundle id; an interpreter by its program, or by nothing when no one program can be named', () => {
    expect(consentKey('org.gnome.TextEditor', '/ignored')).toEqual({ kind: 'app', bundleId: 'org.gnome.TextEditor' });
    expect(notes).toEqual({ kind: 'program', bundleId: 'python3.11', program: NOTES });
    expect(consentKey('node', undefined)).toEqual({ kind: 'interpreter', bundleId: 'node' });
  });

  it('"always" for one program of an interpreter leaves every other program it runs asking', async () => {
    const store = createRulesStore(home);
    await store.setAccessibility('python3.11', 'always', NOTES);
    const state = await store.load();
    expect(accessibilityConsent(state, notes)).toEqual({ consent: 'always' });
    expect(accessibilityConsent(state, other)).toEqual({ consent: 'ask' });
    expect(accessibilityConsent(state, consentKey('python3.11', undefined))).toEqual({ consent: 'ask' });
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toEqual({
      version: 1, rules: [{ bundleId: 'python3.11', rule: 'allow', exclusions: [], programs: [{ path: NOTES, accessibility: 'always' }] }],
    });
    // `ask` forgets the program's choice, and the list with it.
    await store.setAccessibility('python3.11', 'ask', NOTES);
    expect(await store.load()).toEqual({ ok: true, rules: [{ bundleId: 'python3.11', rule: 'allow', exclusions: [] }] });
  });

  it('refuses to store "always" for an interpreter\'s name alone; an app\'s own bundle id takes it', async () => {
    const store = createRulesStore(home);
    await expect(store.setAccessibility('node', 'always')).rejects.toThrow(InterpreterAlwaysError);
    await expect(store.setAccessibility('python3.11', 'always')).rejects.toThrow('runs many programs');
    expect(await store.load()).toEqual({ ok: true, rules: [] });
    await store.setAccessibility('org.gnome.TextEditor', 'always');
    expect(accessibilityConsent(await store.load(), consentKey('org.gnome.TextEditor', undefined))).toEqual({ consent: 'always' });
  });

  it('loads a file an older Glance wrote, with "always" for an interpreter\'s name: it grants nothing, and says so', async () => {
    const store = createRulesStore(home);
    await writeFile(store.path, JSON.stringify({ version: 1, rules: [{ bundleId: 'python3.11', rule: 'allow', exclusions: [], accessibility: 'always' }] }));
    const state = await store.load();
    expect(state.ok).toBe(true);
    const found = accessibilityConsent(state, notes);
    expect(found).toEqual({ consent: 'ask', byInterpreter: true });
    expect(accessibilityConsent(state, consentKey('python3.11', undefined))).toEqual({ consent: 'ask', byInterpreter: true });
    expect(noConsentReason(notes, found, 'Notes')).toBe('Notes does not share context with Glance, and reading it through Accessibility needs your consent; your earlier "always" for python3.11 named no one program (python3.11 runs many), so it no longer counts');
    // A program's own "always" beside it counts for that program only.
    await store.setAccessibility('python3.11', 'always', NOTES);
    expect(accessibilityConsent(await store.load(), notes)).toEqual({ consent: 'always' });
    expect(accessibilityConsent(await store.load(), other)).toEqual({ consent: 'ask', byInterpreter: true });
  });

  it('a "never" for an interpreter\'s name refuses every program it runs, a program\'s own "always" too; a program\'s "never" only that one', async () => {
    const store = createRulesStore(home);
    await store.setAccessibility('python3.11', 'never', OTHER);
    expect(accessibilityConsent(await store.load(), other)).toEqual({ consent: 'never' });
    expect(accessibilityConsent(await store.load(), notes)).toEqual({ consent: 'ask' });
    await store.setAccessibility('python3.11', 'always', NOTES);
    await store.setAccessibility('python3.11', 'never');
    const state = await store.load();
    expect(accessibilityConsent(state, notes)).toEqual({ consent: 'never', byInterpreter: true });
    expect(accessibilityConsent(state, consentKey('python3.11', undefined))).toEqual({ consent: 'never', byInterpreter: true });
    expect(noConsentReason(notes, { consent: 'never', byInterpreter: true }, 'Notes')).toBe('your choice for python3.11 is never to read it through Accessibility, and it holds for every program python3.11 runs');
    expect(noConsentReason(other, { consent: 'never' }, 'Other')).toBe(`your choice for ${OTHER} (run by python3.11) is never to read it through Accessibility`);
  });

  it('a damaged consent list is a damaged file (failing closed), and two entries for one program are one too many', async () => {
    const store = createRulesStore(home);
    const twice = [{ path: NOTES, accessibility: 'always' }, { path: NOTES, accessibility: 'never' }];
    for (const programs of [twice, [{ path: 'notes.py', accessibility: 'always' }], [{ path: NOTES, accessibility: 'ask' }]]) {
      await writeFile(store.path, JSON.stringify({ version: 1, rules: [{ bundleId: 'python3.11', rule: 'allow', exclusions: [], programs }] }));
      expect((await store.load()).ok).toBe(false);
    }
  });

  it("a password manager with nothing stored is never read, as Glance's default and said so; the user's own choice wins", async () => {
    const store = createRulesStore(home);
    // Named as macOS and Linux name them, in any case.
    for (const id of ['com.1password.1password', 'com.agilebits.onepassword7', 'com.bitwarden.desktop', 'com.dashlane.dashlanephonefinal', 'com.apple.keychainaccess', 'com.apple.Passwords', 'org.keepassxc.keepassxc', 'org.keepassxc.KeePassXC', 'keepassxc', 'bitwarden']) {
      expect(accessibilityConsent(await store.load(), consentKey(id, undefined)), id).toEqual({ consent: 'never', passwordManager: true });
    }
    expect(accessibilityConsent(await store.load(), consentKey('org.gnome.TextEditor', undefined))).toEqual({ consent: 'ask' });
    const reason = noConsentReason(consentKey('com.bitwarden.desktop', undefined), { consent: 'never', passwordManager: true }, 'Bitwarden');
    expect(reason).toBe("Glance doesn't read password managers such as com.bitwarden.desktop through Accessibility: their windows hold your passwords");
    expect(reason).not.toMatch(/your choice|you chose/);
    // `glance rules accessibility com.bitwarden.desktop always`: the user's own answer, and `never` is theirs too.
    await store.setAccessibility('com.bitwarden.desktop', 'always');
    expect(accessibilityConsent(await store.load(), consentKey('com.bitwarden.desktop', undefined))).toEqual({ consent: 'always' });
    await store.setAccessibility('com.bitwarden.desktop', 'never');
    expect(accessibilityConsent(await store.load(), consentKey('com.bitwarden.desktop', undefined))).toEqual({ consent: 'never' });
    // `ask` removes the stored choice, and Glance's default holds again.
    await store.setAccessibility('com.bitwarden.desktop', 'ask');
    expect(accessibilityConsent(await store.load(), consentKey('com.bitwarden.desktop', undefined))).toEqual({ consent: 'never', passwordManager: true });
  });

  it('the command to store a choice names the program, quoted for a shell when it must be', () => {
    expect(consentCommand(notes, 'always')).toBe(`glance rules accessibility python3.11 always --program ${NOTES}`);
    expect(consentCommand(consentKey('node', "/home/u/my app/it's.js"), 'always')).toBe(`glance rules accessibility node always --program '/home/u/my app/it'\\''s.js'`);
    expect(consentCommand(consentKey('org.gnome.TextEditor', undefined), 'never')).toBe('glance rules accessibility org.gnome.TextEditor never');
  });
});
