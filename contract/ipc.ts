import { z } from 'zod';
import { IdSchema, MAX_ELEMENTS, MAX_RECTS, RectSchema } from '@app-context/provider-kit/protocol';
import { AgentMessageSchema, ToolSpecSchema } from './agent.js';
import { AppearanceSchema } from './appearance.js';
import { BrowserInstallRequestSchema, BrowserViewSchema } from './browser-setup.js';
import { CommandViewSchema } from './command-setup.js';
import { KEYED_BACKENDS } from './backends.js';
import { PanelStateSchema, ShownIdSchema } from './invocation.js';
import { PanelPushSchema } from './panel-push.js';
import { ACCESSIBILITY_CONSENTS, BundleIdSchema, ExclusionSchema, ProgramPathSchema, RuleNameSchema } from './privacy.js';
import { AccessibilityChoiceResultSchema, AccessibilityChoiceSchema, HistoryViewSchema, InvocationRuleSchema, ReceiptIdSchema, RuleActionResultSchema, RulesViewSchema } from './privacy-views.js';
import { SettingsPatchSchema, SettingsSchema } from './settings.js';
import { CheckKeyResultSchema, LocalServersSchema } from './who-answers.js';
import { KeyProblemSchema, PayloadKeepingProblemSchema, SettingsProblemSchema } from './notices.js';

/**
 * The one IPC contract between the main process and the panel: every channel, with a zod
 * schema for what goes each way, the types inferred from it so no shape is kept twice. Main parses every request against it;
 * the preloads and the end-to-end test bridges import the channel names and the types from here
 * (bridge.ts gives the bridges' type), so there is no second description of a shape anywhere.
 * Pure: the preloads, the panel and plain-Node tests all load this folder.
 */

export type { EncryptionProblem, HistoryDamaged, KeyProblem, Notice, SettingsProblem } from './notices.js';
export type { AnswerState, Chip, Failure, Invocation, PanelState, SampleFailure, ScreeningView, Turn } from './invocation.js';
export type { PanelPush } from './panel-push.js';
export type { AccessibilityChoice, HistoryView, KnownApp, RuleActionResult, RulesView } from './privacy-views.js';


const InvocationIdSchema = z.object({ invocation: z.number().int().nonnegative() }).strict();

/** What Send carries: the removals are ids, and main applies them to the answer it holds. */
const SendRequestSchema = z
  .object({
    invocation: z.number().int().nonnegative(),
    prompt: z.string().trim().min(1).max(20_000),
    removedIds: z.array(ShownIdSchema).max(MAX_ELEMENTS),
    /** Withheld or rule-excluded ids the user restored for this message only. */
    allowedIds: z.array(ShownIdSchema).max(MAX_ELEMENTS).optional(),
  })
  .strict();

/** What the preview asks for: the request Send would make now (the prompt may still be empty). */
const PreviewRequestSchema = SendRequestSchema.extend({ prompt: z.string().max(20_000) }).strict();

/**
 * Why a request from the panel did nothing, as a kind the panel words (renderer/src/words/):
 * the press it named is gone (`stale`), or an answer is still streaming.
 */
const RefusalSchema = z.enum(['stale', 'still-answering']);
export type Refusal = z.infer<typeof RefusalSchema>;

/** Whether Send started an answer; the answer itself streams as patches of the invocation's view. */
const SendResultSchema = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), refused: RefusalSchema })]);

/**
 * A chip the user points at: main locates it through the press's collected source (the issuing
 * provider and instance, or the accessibility reader). Nothing comes back on the request: what
 * locating gave (visible, off screen, gone, failed and why) is the chip's `state` in the
 * invocation's view (invocation.ts, ChipSchema), which main publishes as it locates: the chip
 * learns its outcome in one place.
 */
const LocateRequestSchema = z.object({ invocation: z.number().int().nonnegative(), id: IdSchema }).strict();

/** The result of changing settings: what is now in force, and what could not be applied. */
const SaveSettingsResultSchema = z.object({ settings: SettingsSchema, problems: z.array(SettingsProblemSchema) });

/** Whether payloads can be kept here; `problem` says why not, for the sentence beside the setting. */
const PayloadKeepingSchema = z.object({ available: z.boolean(), problem: PayloadKeepingProblemSchema.optional() });

/** Only web links leave the app, and only to the user's browser. */
const ExternalUrlSchema = z
  .object({ url: z.string().max(4096).refine((url) => /^https?:\/\//i.test(url) && URL.canParse(url), 'only http and https links open') })
  .strict();

/** The request Send makes, exactly (the core's `AgentRequest` without its structural summary). */
const PreviewSchema = z.object({
  /** Who answers, named honestly: "Offline: answers from the context alone, no model". */
  backend: z.string(),
  system: z.string(),
  messages: z.array(AgentMessageSchema),
  tools: z.array(ToolSpecSchema),
});
export type Preview = z.infer<typeof PreviewSchema>;

/** What one overlay window draws: rects in its own coordinates, fading after `fadeAfterMs`. */
export const DrawingSchema = z.object({
  serial: z.number().int().nonnegative(),
  rects: z.array(RectSchema).max(MAX_RECTS),
  fadeAfterMs: z.number().int().nonnegative(),
  /** A short label drawn beside the ring ("Document Trip to Lisbon"): which element this is. */
  label: z.string().max(200).optional(),
});
export type Drawing = z.infer<typeof DrawingSchema>;

/** The longest text Copy carries: well past the longest answer a turn holds. */
const MAX_COPY_CHARS = 2_000_000;

/** Which keys are stored. The keys themselves never leave main. */
const KeyStatusSchema = z.object({
  available: z.boolean(),
  /** Why keys cannot be stored here (no Keychain, Linux's plain-text backend, keys that cannot be read). */
  problem: KeyProblemSchema.optional(),
  /** For each backend that takes a key (contract/backends.ts): every one is named. */
  stored: z.record(z.enum(KEYED_BACKENDS), z.boolean()),
});
export type KeyStatus = z.infer<typeof KeyStatusSchema>;

/** A key to store: printable ASCII without spaces, as every API key is. */
const SetKeyRequestSchema = z
  .object({ backend: z.enum(KEYED_BACKENDS), key: z.string().trim().min(8).max(512).regex(/^[\x21-\x7e]+$/, 'an API key is letters, digits and punctuation without spaces') })
  .strict();
const SetKeyResultSchema = z.object({ status: KeyStatusSchema, problem: KeyProblemSchema.optional() });

/** The pages that may call main; each channel names the one page allowed to use it. */
export type PageName = 'panel' | 'overlay';

/** Renderer -> main requests (ipcRenderer.invoke / ipcMain.handle). */
export const invokeContract = {
  getState: { page: 'panel', channel: 'panel:get-state', request: z.undefined(), response: PanelStateSchema },
  showView: { page: 'panel', channel: 'panel:show-view', request: z.object({ view: PanelStateSchema.shape.view }).strict(), response: z.undefined() },
  closePanel: { page: 'panel', channel: 'panel:close', request: z.undefined(), response: z.undefined() },
  dismissNotices: { page: 'panel', channel: 'panel:dismiss-notices', request: z.undefined(), response: z.undefined() },
  removeAppContext: { page: 'panel', channel: 'invocation:remove-app-context', request: InvocationIdSchema, response: z.object({ aborted: z.boolean() }) },
  /** Cmd-R and "Try again": collects once more from the app this invocation asked (a new invocation). */
  collectAgain: { page: 'panel', channel: 'invocation:collect-again', request: InvocationIdSchema, response: z.object({ started: z.boolean() }) },
  /** "Ask without its context" on the card of a `local` rule: the question field opens, and nothing of the app's goes. */
  askWithoutContext: { page: 'panel', channel: 'invocation:ask-without-context', request: InvocationIdSchema, response: z.object({ ok: z.boolean() }) },
  preview: { page: 'panel', channel: 'agent:preview', request: PreviewRequestSchema, response: PreviewSchema.nullable() },
  send: { page: 'panel', channel: 'agent:send', request: SendRequestSchema, response: SendResultSchema },
  stop: { page: 'panel', channel: 'agent:stop', request: InvocationIdSchema, response: z.object({ stopped: z.boolean() }) },
  locate: { page: 'panel', channel: 'agent:locate', request: LocateRequestSchema, response: z.undefined() },
  dismissOverlay: { page: 'panel', channel: 'overlay:dismiss', request: z.undefined(), response: z.undefined() },
  getSettings: { page: 'panel', channel: 'settings:get', request: z.undefined(), response: SettingsSchema },
  saveSettings: { page: 'panel', channel: 'settings:save', request: SettingsPatchSchema, response: SaveSettingsResultSchema },
  /** Whether "Keep what was sent" can keep anything here (it needs the Keychain to encrypt with), and if not, why. */
  payloadKeeping: { page: 'panel', channel: 'settings:payload-keeping', request: z.undefined(), response: PayloadKeepingSchema },
  getKeyStatus: { page: 'panel', channel: 'secrets:status', request: z.undefined(), response: KeyStatusSchema },
  setApiKey: { page: 'panel', channel: 'secrets:set', request: SetKeyRequestSchema, response: SetKeyResultSchema },
  clearApiKey: { page: 'panel', channel: 'secrets:clear', request: SetKeyRequestSchema.pick({ backend: true }).strict(), response: KeyStatusSchema },
  /** The welcome's key: checked with one small request to its service, stored only when accepted (contract/who-answers.ts). */
  checkApiKey: { page: 'panel', channel: 'secrets:check-and-set', request: SetKeyRequestSchema, response: CheckKeyResultSchema },
  /** The welcome and its "Look again": the model servers running on this machine and the models they serve. */
  findLocalServers: { page: 'panel', channel: 'agent:local-servers', request: z.undefined(), response: LocalServersSchema },
  /** Starts the bundled Sample Notes (unless it runs) and collects from it, as the hotkey would from a front app. */
  trySampleNotes: { page: 'panel', channel: 'sample:try', request: z.undefined(), response: z.undefined() },
  openExternal: { page: 'panel', channel: 'shell:open-external', request: ExternalUrlSchema, response: z.object({ opened: z.boolean() }) },
  /** "Never from this app", "Only local models for this app": the rule for the app this invocation asked. */
  setAppRule: { page: 'panel', channel: 'rules:set-for-invocation', request: InvocationRuleSchema, response: RuleActionResultSchema },
  /** "Always leave out comments from this app": a standing exclusion like this element (its role and subrole). */
  excludeAlways: { page: 'panel', channel: 'rules:exclude-like', request: LocateRequestSchema, response: RuleActionResultSchema },
  /** The accessibility card's choices: "Read it this time", "Always for …", "Never for …", and Try again after a permission or unreadable card. */
  accessibilityChoice: { page: 'panel', channel: 'invocation:accessibility-choice', request: AccessibilityChoiceSchema, response: AccessibilityChoiceResultSchema },
  /**
   * The permission card's button: opens System Settings at Privacy & Security › Accessibility
   * (macOS; `opened: false` elsewhere). `trusted` says whether Glance holds the permission now.
   */
  openAccessibilitySettings: { page: 'panel', channel: 'system:open-accessibility-settings', request: z.undefined(), response: z.object({ opened: z.boolean(), trusted: z.boolean() }) },
  getRules: { page: 'panel', channel: 'rules:get', request: z.undefined(), response: RulesViewSchema },
  setRule: { page: 'panel', channel: 'rules:set', request: z.object({ bundleId: BundleIdSchema, rule: RuleNameSchema }).strict(), response: RulesViewSchema },
  /** Settings › Rules: whether an app without a provider is read through Accessibility (`ask` forgets the stored choice). */
  setAccessibility: { page: 'panel', channel: 'rules:set-accessibility', request: z.object({ bundleId: BundleIdSchema, consent: z.enum(ACCESSIBILITY_CONSENTS), program: ProgramPathSchema.optional() }).strict(), response: RulesViewSchema },
  removeRule: { page: 'panel', channel: 'rules:remove', request: z.object({ bundleId: BundleIdSchema }).strict(), response: RulesViewSchema },
  /** Starts the rules over; a damaged file is kept beside the new one (`glance rules reset`). */
  resetRules: { page: 'panel', channel: 'rules:reset', request: z.undefined(), response: RulesViewSchema },
  removeExclusion: { page: 'panel', channel: 'rules:unexclude', request: z.object({ bundleId: BundleIdSchema, exclusion: ExclusionSchema }).strict(), response: RulesViewSchema },
  getHistory: { page: 'panel', channel: 'history:list', request: z.undefined(), response: HistoryViewSchema },
  /** A kept payload, decrypted in main; null when none was kept. */
  historyPayload: { page: 'panel', channel: 'history:payload', request: ReceiptIdSchema, response: z.object({ payload: z.string().nullable() }) },
  /** A kept answer (kept with the payload, under the same rules), decrypted in main; null when none was kept. */
  historyAnswer: { page: 'panel', channel: 'history:answer', request: ReceiptIdSchema, response: z.object({ answer: z.string().nullable() }) },
  /** A receipt's Copy: main puts that receipt's whole SHA-256 on the clipboard (the page names the receipt, never the text). */
  copyDigest: { page: 'panel', channel: 'history:copy-digest', request: ReceiptIdSchema, response: z.object({ copied: z.boolean() }) },
  /**
   * An answer's Copy and a code block's: main puts the text on the system clipboard (Electron's).
   * The page cannot write it itself: every web permission, clipboard writes among them, is
   * denied on the panel's session (main/windows/secure-window.ts).
   */
  copyText: { page: 'panel', channel: 'clipboard:copy-text', request: z.object({ text: z.string().min(1).max(MAX_COPY_CHARS) }).strict(), response: z.object({ copied: z.boolean() }) },
  deleteReceipt: { page: 'panel', channel: 'history:delete', request: ReceiptIdSchema, response: HistoryViewSchema },
  clearHistory: { page: 'panel', channel: 'history:clear', request: z.undefined(), response: HistoryViewSchema },
  /** Settings › Browser: the browsers found, where the helper is installed, and whether the extension has connected (`glance browser status`). */
  getBrowsers: { page: 'panel', channel: 'browser:status', request: z.undefined(), response: BrowserViewSchema },
  /** Install: the native messaging host's manifest in that browser's folder (`glance browser install --browser`). */
  installBrowser: { page: 'panel', channel: 'browser:install', request: BrowserInstallRequestSchema, response: BrowserViewSchema },
  /** Remove: every manifest and the launcher install wrote (`glance browser uninstall`). */
  removeBrowser: { page: 'panel', channel: 'browser:uninstall', request: z.undefined(), response: BrowserViewSchema },
  /** Shows the extension's folder in Finder, for "Load unpacked" (main knows the folder; the page names nothing). */
  revealExtension: { page: 'panel', channel: 'browser:reveal-extension', request: z.undefined(), response: z.object({ shown: z.boolean() }) },
  /** Settings › Command line: whether the app's own `glance` is linked onto the PATH, and where. */
  getCommand: { page: 'panel', channel: 'command:status', request: z.undefined(), response: CommandViewSchema },
  /** Install: link /usr/local/bin/glance (or ~/.local/bin/glance) to the app's single executable; never over a glance that is not ours. */
  installCommand: { page: 'panel', channel: 'command:install', request: z.undefined(), response: CommandViewSchema },
  /** Remove: only Glance's own link. */
  removeCommand: { page: 'panel', channel: 'command:uninstall', request: z.undefined(), response: CommandViewSchema },
  /** The window's material and the system accent colour, asked once when the page loads (then pushed on `appearance`). */
  getAppearance: { page: 'panel', channel: 'appearance:get', request: z.undefined(), response: AppearanceSchema },
  /** The overlay page asks what its display draws when it loads (it names its display from its URL). */
  getDrawing: { page: 'overlay', channel: 'overlay:get-drawing', request: z.object({ display: z.number().int() }).strict(), response: DrawingSchema.nullable() },
} as const satisfies Record<string, { page: PageName; channel: string; request: z.ZodType; response: z.ZodType }>;

/** Main -> renderer events (webContents.send / ipcRenderer.on). */
export const eventContract = {
  state: { channel: 'panel:state', payload: PanelPushSchema },
  /** What one overlay window draws now; empty rects clear it. */
  draw: { channel: 'overlay:draw', payload: DrawingSchema },
  /**
   * The panel was shown (the hotkey, the tray, Sample Notes): the page puts the caret in the
   * question field, as Spotlight does. `serial` grows with every show, so each one is news.
   */
  shown: { channel: 'panel:shown', payload: z.object({ serial: z.number().int().nonnegative() }) },
  /** The system accent colour changed (System Settings, Appearance): the page repaints in it. */
  appearance: { channel: 'appearance:changed', payload: AppearanceSchema },
} as const;

export type InvokeName = keyof typeof invokeContract;
export type InvokeRequest<K extends InvokeName> = z.infer<(typeof invokeContract)[K]['request']>;
export type InvokeResponse<K extends InvokeName> = z.infer<(typeof invokeContract)[K]['response']>;

/** Every invoke handler main provides: one per channel, typed by the contract. */
export type InvokeHandlers = { [K in InvokeName]: (request: InvokeRequest<K>) => Promise<InvokeResponse<K>> };
