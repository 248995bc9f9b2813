import { z } from 'zod';

/**
 * What went wrong outside an invocation, as facts: the banner's notices, a settings change that
 * did not apply, why a kind of keeping is not possible here. Main and the core send these kinds;
 * the panel words them (renderer/src/words/notices.ts), the command its own (app/cli/words.ts).
 */

/** The hotkey could not be registered: another app owns the chord, or it is not one Glance can register. */
const HotkeyProblemSchema = z.object({ kind: z.literal('hotkey'), hotkey: z.string(), problem: z.enum(['taken', 'invalid']) });

/**
 * What macOS did with the login item, when it is not what was asked: it waits for the user's
 * approval, did not add Glance, or still opens it at login.
 */
const LoginItemProblemSchema = z.object({ kind: z.literal('login-item'), problem: z.enum(['needs-approval', 'not-added', 'still-opens']) });

/**
 * Why nothing can be encrypted here now (kept payloads, API keys): `no-keyring` (Linux's
 * `basic_text` backend, which protects nothing) or `unavailable` (the Keychain or keyring
 * does not answer). `store` names what would encrypt on this system.
 */
const EncryptionProblemSchema = z.object({ problem: z.enum(['no-keyring', 'unavailable']), store: z.enum(['keychain', 'keyring']) });
export type EncryptionProblem = z.infer<typeof EncryptionProblemSchema>;

/** "Keep what was sent" cannot keep anything here, and why. */
export const PayloadKeepingProblemSchema = EncryptionProblemSchema.extend({ kind: z.literal('payload-keeping') });

/** Why a settings change did not apply, beside its field (the rest of the change is saved). */
export const SettingsProblemSchema = z.discriminatedUnion('kind', [HotkeyProblemSchema, LoginItemProblemSchema, PayloadKeepingProblemSchema]);
export type SettingsProblem = z.infer<typeof SettingsProblemSchema>;

/** The settings file could not be read as settings, was moved aside, and Glance started with its defaults. */
const SettingsDamagedSchema = z.object({
  kind: z.literal('settings-damaged'),
  /** Not JSON at all, or JSON whose named top-level fields were unusable (`the file` for the file as a whole). */
  damage: z.discriminatedUnion('why', [z.object({ why: z.literal('not-json') }), z.object({ why: z.literal('unusable'), fields: z.array(z.string()) })]),
  asidePath: z.string(),
});
export type SettingsDamaged = z.infer<typeof SettingsDamagedSchema>;

/** The history file had lines that could not be read: the whole file was kept aside, its readable receipts go on. */
export const HistoryDamagedSchema = z.object({
  kind: z.literal('history-damaged'),
  unreadable: z.number().int().positive(),
  readable: z.number().int().nonnegative(),
  asidePath: z.string(),
});
export type HistoryDamaged = z.infer<typeof HistoryDamagedSchema>;

/** The damaged rules file was reset, and kept where it says. */
const RulesResetSchema = z.object({ kind: z.literal('rules-reset'), asidePath: z.string() });

/** Something the user must hear about outside an invocation, in the panel's banner. */
export const NoticeSchema = z.discriminatedUnion('kind', [HotkeyProblemSchema, LoginItemProblemSchema, SettingsDamagedSchema, HistoryDamagedSchema, RulesResetSchema]);
export type Notice = z.infer<typeof NoticeSchema>;

/** Why API keys cannot be stored or read here: no way to encrypt, or the stored keys cannot be decrypted. */
export const KeyProblemSchema = z.union([EncryptionProblemSchema, z.object({ problem: z.literal('unreadable') })]);
export type KeyProblem = z.infer<typeof KeyProblemSchema>;
