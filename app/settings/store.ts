import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomHex, readOptionalBytes, UnreadableFileError } from '../home/files.js';
import { SettingsSchema, DEFAULT_SETTINGS, type Settings } from '../../contract/settings.js';
import type { SettingsDamaged } from '../../contract/notices.js';

/**
 * The settings file in the app's data folder. Plain Node with the folder passed in, so the
 * Electron main process and the tests use the same code and the tests use real files.
 */

/** The settings file's name inside the data folder. */
export const SETTINGS_FILE = 'settings.json';

/** What loading found: the settings, and the facts of a damaged file (the panel words them). */
interface LoadedSettings {
  settings: Settings;
  /** Set when the file could not be read as settings and was moved aside. */
  notice?: SettingsDamaged;
}

/** Reads and writes one settings file. */
export interface SettingsStore {
  /** The settings, with defaults for anything missing; a damaged file is renamed and reported. */
  load(): Promise<LoadedSettings>;
  /** Writes atomically: a temporary file in the same folder, then a rename over the old one. */
  save(settings: Settings): Promise<void>;
  /** The file's full path, for messages. */
  readonly path: string;
}

/** A store for `settings.json` in `folder`; the folder is created on the first save. */
export function createSettingsStore(folder: string, now: () => Date = () => new Date()): SettingsStore {
  const path = join(folder, SETTINGS_FILE);

  const keepAside = async (damage: SettingsDamaged['damage']): Promise<LoadedSettings> => {
    // A colon-free timestamp: the name must be valid on every file system we run on.
    const stamp = now().toISOString().replace(/[:.]/g, '-');
    const aside = join(folder, `settings.damaged-${stamp}.json`);
    await rename(path, aside);
    return {
      settings: { ...DEFAULT_SETTINGS },
      notice: { kind: 'settings-damaged', damage, asidePath: aside },
    };
  };

  return {
    path,
    async load() {
      let bytes: Buffer | undefined;
      try {
        bytes = await readOptionalBytes(path);
      } catch (error) {
        // Not a file to read (a FIFO, a link to a procfs file, far too large): moved aside like text that is not JSON.
        if (error instanceof UnreadableFileError && error.refusal !== 'unreadable') return keepAside({ why: 'not-json' });
        throw error;
      }
      if (bytes === undefined) return { settings: { ...DEFAULT_SETTINGS } };
      const text = bytes.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return keepAside({ why: 'not-json' });
      }
      const parsed = SettingsSchema.safeParse(json);
      if (!parsed.success) {
        const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? 'the file')))];
        return keepAside({ why: 'unusable', fields });
      }
      return { settings: parsed.data };
    },
    async save(settings) {
      const valid = SettingsSchema.parse(settings);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      // Same folder, so the rename is atomic; a random name, so two writers never share it.
      const temporary = join(folder, `.settings.${randomHex(6)}.tmp`);
      try {
        await writeFile(temporary, `${JSON.stringify(valid, null, 2)}\n`, { mode: 0o600, flush: true });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}
