import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_HOTKEY, DEFAULT_SETTINGS, SettingsPatchSchema } from '../../contract/settings.js';
import { createSettingsStore } from '../../app/settings/store.js';
import type { Notice } from '../../contract/ipc.js';
import { noticeWords } from '../../renderer/src/words/notices.js';

const said = (notice: Notice | undefined): string | undefined => (notice ? noticeWords(notice) : undefined);

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'glance-settings-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts with the defaults when there is no file', async () => {
    const loaded = await createSettingsStore(folder).load();
    expect(loaded).toEqual({ settings: DEFAULT_SETTINGS });
    // Offline by default: it answers with no key and no network, and says it is not a model.
    // Receipts are kept 30 days and payloads not at all unless the user turns it on (docs/privacy.md).
    expect(DEFAULT_SETTINGS).toEqual({ hotkey: DEFAULT_HOTKEY, timeoutMs: 1500, launchAtLogin: false, paused: false, backend: 'offline', model: '', baseURL: '', historyDays: 30, keepPayloads: false });
    expect(DEFAULT_HOTKEY.split('+')).toHaveLength(4); // three modifiers and a key
  });

  it('fills in defaults for fields a file lacks and drops fields it does not know', async () => {
    await writeFile(join(folder, 'settings.json'), JSON.stringify({ timeoutMs: 3000, fromTheFuture: 1 }));
    expect((await createSettingsStore(folder).load()).settings).toEqual({ ...DEFAULT_SETTINGS, timeoutMs: 3000 });
  });

  it('writes atomically and reads back what it wrote', async () => {
    const store = createSettingsStore(join(folder, 'nested'));
    const settings = { ...DEFAULT_SETTINGS, hotkey: 'Control+Alt+Command+K', paused: true };
    await store.save(settings);
    await store.save({ ...settings, timeoutMs: 2000 });
    expect((await store.load()).settings).toEqual({ ...settings, timeoutMs: 2000 });
    // Only the file itself remains: the temporary files were renamed over it.
    expect(await readdir(join(folder, 'nested'))).toEqual(['settings.json']);
    expect((await stat(store.path)).mode & 0o777).toBe(0o600);
  });

  it('refuses to save settings the schema rejects, leaving the old file alone', async () => {
    const store = createSettingsStore(folder);
    await store.save(DEFAULT_SETTINGS);
    await expect(store.save({ ...DEFAULT_SETTINGS, timeoutMs: -5 })).rejects.toThrow();
    expect(JSON.parse(await readFile(store.path, 'utf8'))).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps a file that is not JSON aside and tells the user', async () => {
    await writeFile(join(folder, 'settings.json'), '{ "hotkey": ');
    const loaded = await createSettingsStore(folder, () => new Date('2026-01-02T03:04:05.678Z')).load();
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS);
    expect(loaded.notice).toMatchObject({ kind: 'settings-damaged', damage: { why: 'not-json' } });
    // The store reports facts; the panel's banner says them (renderer/src/words/notices.ts).
    expect(said(loaded.notice)).toMatch(/was not valid JSON.*default settings.*kept as .*settings\.damaged-2026-01-02T03-04-05-678Z\.json/);
    expect(await readdir(folder)).toEqual(['settings.damaged-2026-01-02T03-04-05-678Z.json']);
    expect(await readFile(join(folder, 'settings.damaged-2026-01-02T03-04-05-678Z.json'), 'utf8')).toBe('{ "hotkey": ');
  });

  it('keeps a file with unusable values aside, naming the fields', async () => {
    await writeFile(join(folder, 'settings.json'), JSON.stringify({ hotkey: 'G', timeoutMs: 'fast' }));
    const loaded = await createSettingsStore(folder).load();
    expect(loaded.settings).toEqual(DEFAULT_SETTINGS);
    expect(loaded.notice).toMatchObject({ kind: 'settings-damaged', damage: { why: 'unusable', fields: ['hotkey', 'timeoutMs'] } });
    expect(said(loaded.notice)).toMatch(/unusable values \(hotkey, timeoutMs\)/);
    expect((await readdir(folder)).some((name) => name.startsWith('settings.damaged-'))).toBe(true);
  });

  it('accepts only known fields in a change from the panel', () => {
    expect(SettingsPatchSchema.safeParse({ paused: true }).success).toBe(true);
    expect(SettingsPatchSchema.safeParse({ paused: 'yes' }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ shell: 'rm -rf' }).success).toBe(false);
  });

  it('keeps the agent choice: backend, model and base URL, with no key anywhere in the file', async () => {
    const store = createSettingsStore(folder);
    await store.save({ ...DEFAULT_SETTINGS, backend: 'openai', model: 'qwen3', baseURL: 'http://127.0.0.1:11434/v1' });
    expect((await store.load()).settings).toMatchObject({ backend: 'openai', model: 'qwen3', baseURL: 'http://127.0.0.1:11434/v1' });
    expect(Object.keys(JSON.parse(await readFile(store.path, 'utf8')) as object).sort()).toEqual(['backend', 'baseURL', 'historyDays', 'hotkey', 'keepPayloads', 'launchAtLogin', 'model', 'paused', 'timeoutMs']);
  });

  it('refuses an unknown backend and a base URL that is not http(s); trims the model name', () => {
    expect(SettingsPatchSchema.safeParse({ backend: 'gemini' }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ baseURL: 'file:///etc/passwd' }).success).toBe(false);
    expect(SettingsPatchSchema.safeParse({ baseURL: 'localhost:11434' }).success).toBe(false);
    expect(SettingsPatchSchema.parse({ baseURL: '' })).toEqual({ baseURL: '' });
    expect(SettingsPatchSchema.parse({ model: '  llama3.2 ' })).toEqual({ model: 'llama3.2' });
    // A patch carries only what the user changed: no defaults are filled in behind their back.
    expect(SettingsPatchSchema.parse({ backend: 'anthropic' })).toEqual({ backend: 'anthropic' });
  });

  it('reads a file written before the agent settings existed as offline', async () => {
    await writeFile(join(folder, 'settings.json'), JSON.stringify({ hotkey: 'Control+Alt+Command+K' }));
    expect((await createSettingsStore(folder).load()).settings).toMatchObject({ hotkey: 'Control+Alt+Command+K', backend: 'offline', model: '', baseURL: '' });
  });
});
