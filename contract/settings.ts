import { z } from 'zod';
import { BACKEND_IDS, OFFLINE_BACKEND } from './backends.js';
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';

/**
 * The user's settings: one zod schema, the type inferred from it, so the file's check and the type cannot drift apart.
 * Every field has a default, so a missing or partial file still reads as whole settings.
 * API keys are not settings: main/secrets.ts keeps them in the Keychain.
 */

/**
 * Three modifiers by default: Option-Space, Cmd-Space, Ctrl-Space and Ctrl-Option-Space are
 * taken on many Macs (ChatGPT, Spotlight, input sources), so a two-key chord would often fail.
 */
export const DEFAULT_HOTKEY = 'Control+Alt+Command+G';

/** How long receipts are kept when the settings say nothing (default 30 days; docs/privacy.md). */
export const DEFAULT_HISTORY_DAYS = 30;
/** The shortest and longest keeping the setting allows, in days. */
export const MIN_HISTORY_DAYS = 1;
export const MAX_HISTORY_DAYS = 3650;

/**
 * The shortest and longest time limit the settings allow, in milliseconds (the default is the
 * protocol's DEFAULT_TIMEOUT_MS; `glance --timeout` takes more, app/cli/args.ts).
 */
export const MIN_TIMEOUT_MS = 250;
export const MAX_TIMEOUT_MS = 10_000;

/** The longest model name the settings take (the Model field says so when one is longer). */
export const MAX_MODEL_CHARS = 200;

/** An Electron accelerator: modifiers and one key joined by `+`, no spaces. */
const HotkeySchema = z
  .string()
  .min(3)
  .max(64)
  .regex(/^[A-Za-z0-9]+(\+[A-Za-z0-9=\-[\]\\;',./`]+)+$/, 'a hotkey is modifiers and a key joined by +, such as Control+Alt+Command+G');

/** A model server's address: empty for the backend's own (api.openai.com, api.anthropic.com). */
const BaseUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((url) => url === '' || (/^https?:\/\//i.test(url) && URL.canParse(url)), 'the base URL is an http or https address, such as http://127.0.0.1:11434/v1');

/** Each setting's own schema, without its default (a patch must not fill in defaults). */
const FIELDS = {
  hotkey: HotkeySchema,
  timeoutMs: z.number().int().min(MIN_TIMEOUT_MS).max(MAX_TIMEOUT_MS),
  launchAtLogin: z.boolean(),
  paused: z.boolean(),
  backend: z.enum(BACKEND_IDS),
  /** The model to ask; empty for the backend's default (contract/backends.ts, defaultModelOf). */
  model: z.string().trim().max(MAX_MODEL_CHARS),
  baseURL: BaseUrlSchema,
  /** Keep receipts for this many days (the app and `glance` prune older ones; docs/privacy.md). */
  historyDays: z.number().int().min(MIN_HISTORY_DAYS).max(MAX_HISTORY_DAYS),
  /** "Keep what was sent": store each request's payload, encrypted, beside its receipt (the app only). */
  keepPayloads: z.boolean(),
};

/** The settings file's schema. Unknown fields are dropped, so an older Glance reads a newer file. */
export const SettingsSchema = z.object({
  hotkey: FIELDS.hotkey.default(DEFAULT_HOTKEY),
  timeoutMs: FIELDS.timeoutMs.default(DEFAULT_TIMEOUT_MS),
  launchAtLogin: FIELDS.launchAtLogin.default(false),
  paused: FIELDS.paused.default(false),
  /** Offline by default: it works with no key and no network, and says it is not a model. */
  backend: FIELDS.backend.default(OFFLINE_BACKEND),
  model: FIELDS.model.default(''),
  baseURL: FIELDS.baseURL.default(''),
  historyDays: FIELDS.historyDays.default(DEFAULT_HISTORY_DAYS),
  /** Off by default: a receipt says what went, the payload itself is kept only on request. */
  keepPayloads: FIELDS.keepPayloads.default(false),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** The settings a first run starts with. */
export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});

/**
 * A change the user makes in the settings view: any subset of the fields. Built from the
 * fields without defaults: zod fills a default in for a missing key even under .partial(),
 * which would quietly reset every setting the change did not name.
 */
export const SettingsPatchSchema = z.object(FIELDS).partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
