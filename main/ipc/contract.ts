import { z } from 'zod';
import { ElementSchema } from '../../app/protocol/element.js';
import { IdSchema } from '../../app/protocol/ids.js';
import { MAX_ELEMENTS } from '../../app/protocol/limits.js';
import { SettingsPatchSchema, SettingsSchema } from '../../app/settings/settings.js';

/**
 * The one IPC contract between the main process and the panel: every channel, with a zod
 * schema for what goes each way (design.md, pattern 2). Main parses every request against it;
 * the preload and the end-to-end test bridge import the channel names and the types from here,
 * so there is no second description of a shape anywhere. No electron import: the preload,
 * the renderer's types and plain-Node tests all load this file.
 */

/** One invocation of the hotkey as the panel shows it. */
export const InvocationSchema = z.object({
  /** Increases with every hotkey press; requests name it so a stale panel cannot act on a newer one. */
  id: z.number().int().nonnegative(),
  appName: z.string(),
  phase: z.enum(['collecting', 'collected', 'failed', 'cancelled']),
  /** One sentence for the user: "Asking Notes…", "Notes did not answer within 1.5 s". */
  message: z.string(),
  /** More sentences: why descriptors were ignored, what the tolerant reader cut. */
  details: z.array(z.string()),
  /** The answer's root once collected; null while collecting and after a failure. */
  root: ElementSchema.nullable(),
});
export type Invocation = z.infer<typeof InvocationSchema>;

/** Everything the panel draws, pushed whole on every change (small, and never out of step). */
export const PanelStateSchema = z.object({
  view: z.enum(['review', 'settings']),
  invocation: InvocationSchema.nullable(),
  /** Things the user must hear about outside an invocation: a hotkey that failed, a damaged settings file. */
  notices: z.array(z.string()),
  hotkey: z.string(),
  paused: z.boolean(),
});
export type PanelState = z.infer<typeof PanelStateSchema>;
export type PanelView = PanelState['view'];

const InvocationIdSchema = z.object({ invocation: z.number().int().nonnegative() }).strict();

/** What Send carries: the removals are ids, and main applies them to the answer it holds. */
export const SendRequestSchema = z
  .object({
    invocation: z.number().int().nonnegative(),
    prompt: z.string().trim().min(1).max(20_000),
    removedIds: z.array(IdSchema).max(MAX_ELEMENTS),
  })
  .strict();
export type SendRequest = z.infer<typeof SendRequestSchema>;

/** The agent issue extends this with streamed answers; for now a sentence is the whole answer. */
export const SendResultSchema = z.object({ ok: z.boolean(), message: z.string() });

/** The result of changing settings: what is now in force, and what could not be applied. */
export const SaveSettingsResultSchema = z.object({ settings: SettingsSchema, problems: z.array(z.string()) });

/** Only web links leave the app, and only to the user's browser. */
export const ExternalUrlSchema = z
  .object({ url: z.string().max(4096).refine((url) => /^https?:\/\//i.test(url) && URL.canParse(url), 'only http and https links open') })
  .strict();

/** Renderer -> main requests (ipcRenderer.invoke / ipcMain.handle). */
export const invokeContract = {
  getState: { channel: 'panel:get-state', request: z.undefined(), response: PanelStateSchema },
  showView: { channel: 'panel:show-view', request: z.object({ view: PanelStateSchema.shape.view }).strict(), response: z.undefined() },
  closePanel: { channel: 'panel:close', request: z.undefined(), response: z.undefined() },
  dismissNotices: { channel: 'panel:dismiss-notices', request: z.undefined(), response: z.undefined() },
  removeAppContext: { channel: 'session:remove-app-context', request: InvocationIdSchema, response: z.object({ aborted: z.boolean() }) },
  send: { channel: 'agent:send', request: SendRequestSchema, response: SendResultSchema },
  getSettings: { channel: 'settings:get', request: z.undefined(), response: SettingsSchema },
  saveSettings: { channel: 'settings:save', request: SettingsPatchSchema, response: SaveSettingsResultSchema },
  openExternal: { channel: 'shell:open-external', request: ExternalUrlSchema, response: z.object({ opened: z.boolean() }) },
} as const;

/** Main -> renderer events (webContents.send / ipcRenderer.on). */
export const eventContract = {
  state: { channel: 'panel:state', payload: PanelStateSchema },
} as const;

export type InvokeName = keyof typeof invokeContract;
export type InvokeRequest<K extends InvokeName> = z.infer<(typeof invokeContract)[K]['request']>;
export type InvokeResponse<K extends InvokeName> = z.infer<(typeof invokeContract)[K]['response']>;

/** Every invoke handler main provides: one per channel, typed by the contract. */
export type InvokeHandlers = { [K in InvokeName]: (request: InvokeRequest<K>) => Promise<InvokeResponse<K>> };

/** The invoke name for a channel string, or undefined for a channel that is not in the contract. */
export function invokeNameForChannel(channel: string): InvokeName | undefined {
  return (Object.keys(invokeContract) as InvokeName[]).find((name) => invokeContract[name].channel === channel);
}
