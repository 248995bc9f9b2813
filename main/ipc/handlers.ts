import type { KeyedBackendId } from '../../contract/backends.js';
import type { BrowserSetup } from '../flow/browser-setup.js';
import type { CommandSetup } from '../flow/command-setup.js';
import type { Controller } from '../flow/controller.js';
import type { PrivacyPanel } from '../flow/privacy-panel.js';
import type { Notices } from '../flow/notices.js';
import type { SettingsService } from '../flow/settings-service.js';
import type { StateHub } from '../flow/state-hub.js';
import type { WhoAnswers } from '../flow/who-answers.js';
import type { Appearance } from '../../contract/appearance.js';
import type { Drawing, InvokeHandlers, KeyProblem, KeyStatus, PanelState } from '../../contract/ipc.js';
import type { AccessibilityPermissionPort } from '../ports.js';

/** The Keychain side of settings, as the handlers see it: keys go in, only "stored" comes out. */
interface KeyPort {
  status(): Promise<KeyStatus>;
  set(backend: KeyedBackendId, key: string): Promise<{ status: KeyStatus; problem?: KeyProblem }>;
  clear(backend: KeyedBackendId): Promise<KeyStatus>;
}

/** The overlay as the handlers see it: what a display draws, and Esc from the panel. */
interface OverlayPort {
  drawing(displayId: number): Drawing | null;
  hide(): void;
}

/** What the handlers act on. No electron: the Electron shell and the e2e test server pass their own. */
export interface HandlerDeps {
  hub: Pick<StateHub, 'push'>;
  /** The panel's state composed from its owners, for its one fetch (flow/panel-state.ts). */
  panelState(): PanelState;
  notices: Pick<Notices, 'dismiss'>;
  controller: Pick<Controller, 'invocation' | 'collectAgain'>;
  settings: SettingsService;
  /** Rules and history as the panel changes and reads them (the same files as `glance`). */
  privacy: PrivacyPanel;
  keys: KeyPort;
  /** The welcome's choice of who answers: local model servers, a key checked before it is stored. */
  whoAnswers: WhoAnswers;
  overlay: OverlayPort;
  closePanel(): void;
  openExternal(url: string): Promise<void>;
  /** Settings › Browser: the helper installed, removed and looked at (flow/browser-setup.ts). */
  browser: BrowserSetup;
  /** Settings › Command line: the `glance` command linked onto the PATH, or removed (flow/command-setup.ts). */
  command: CommandSetup;
  /** Starts Sample Notes and collects from it; the panel follows through the state hub. */
  trySampleNotes(): void;
  /** macOS's Accessibility permission, for apps read without a provider (ports.ts). */
  accessibilityPermission: AccessibilityPermissionPort;
  /** The system clipboard (Electron's): an answer's Copy and a code block's. */
  clipboard: { writeText(text: string): void };
  /** The window's material and the system accent colour now (flow/appearance.ts). */
  appearance(): Appearance;
}

/** A request naming an invocation no longer on screen: the panel says so in its words. */
const STALE = { ok: false, refused: 'stale' } as const;
const STALE_RULE = { ok: false, problem: 'stale' } as const;

/** One handler per contract channel. Payloads arrive already parsed (see dispatch). */
export function createHandlers(deps: HandlerDeps): InvokeHandlers {
  /**
   * Requests name their invocation, so a panel showing an older one cannot act on a newer one:
   * the invocation named, while it is on screen, or none (its conversation with it).
   */
  const named = deps.controller.invocation;
  return {
    getState: async () => deps.panelState(),
    showView: async ({ view }) => {
      deps.hub.push({ view });
    },
    closePanel: async () => {
      // The overlay belongs to the panel's answer: closing the panel puts it away too.
      deps.overlay.hide();
      deps.closePanel();
    },
    dismissNotices: async () => {
      deps.notices.dismiss();
    },
    removeAppContext: async ({ invocation }) => named(invocation)?.cancel('removed') ?? { aborted: false },
    collectAgain: async ({ invocation }) => deps.controller.collectAgain(invocation),
    askWithoutContext: async ({ invocation }) => ({ ok: named(invocation)?.askWithoutContext() ?? false }),
    // Exactly what Send will carry: main applies the same removals to the tree it holds.
    preview: async (request) => named(request.invocation)?.preview(request) ?? null,
    send: async (request) => (await named(request.invocation)?.send(request)) ?? STALE,
    stop: async ({ invocation }) => named(invocation)?.stop() ?? { stopped: false },
    // The chip's outcome goes to the panel in the invocation's view, as the agent publishes it.
    locate: async ({ invocation, id }) => {
      await named(invocation)?.locate(id);
    },
    dismissOverlay: async () => {
      deps.overlay.hide();
    },
    getSettings: async () => deps.settings.current(),
    saveSettings: async (patch) => deps.settings.update(patch),
    payloadKeeping: async () => deps.settings.payloadKeeping(),
    getKeyStatus: async () => deps.keys.status(),
    setApiKey: async ({ backend, key }) => deps.keys.set(backend, key),
    clearApiKey: async ({ backend }) => deps.keys.clear(backend),
    checkApiKey: async ({ backend, key }) => deps.whoAnswers.checkKey(backend, key),
    findLocalServers: async () => deps.whoAnswers.localServers(),
    trySampleNotes: async () => {
      deps.trySampleNotes();
    },
    openExternal: async ({ url }) => {
      await deps.openExternal(url);
      return { opened: true };
    },
    setAppRule: async ({ invocation, rule }) => {
      const shown = named(invocation);
      return shown ? deps.privacy.setAppRule(shown, rule) : STALE_RULE;
    },
    excludeAlways: async ({ invocation, id }) => {
      const shown = named(invocation);
      return shown ? deps.privacy.excludeAlways(shown, id) : STALE_RULE;
    },
    accessibilityChoice: async ({ invocation, choice }) => {
      const shown = named(invocation);
      return shown ? deps.privacy.accessibilityChoice(shown, choice) : STALE_RULE;
    },
    openAccessibilitySettings: async () => {
      // Already held (granted meanwhile, or not macOS): nothing to open, and the panel reads again.
      if (deps.accessibilityPermission.trusted()) return { opened: false, trusted: true };
      return { opened: await deps.accessibilityPermission.openSettings(), trusted: false };
    },
    getRules: async () => deps.privacy.rules(),
    setAccessibility: async ({ bundleId, consent, program }) => deps.privacy.setAccessibility(bundleId, consent, program),
    setRule: async ({ bundleId, rule }) => deps.privacy.setRule(bundleId, rule),
    removeRule: async ({ bundleId }) => deps.privacy.removeRule(bundleId),
    removeExclusion: async ({ bundleId, exclusion }) => deps.privacy.removeExclusion(bundleId, exclusion),
    resetRules: async () => deps.privacy.resetRules(),
    getHistory: async () => deps.privacy.history(),
    historyPayload: async ({ id }) => ({ payload: await deps.privacy.payload(id) }),
    historyAnswer: async ({ id }) => ({ answer: await deps.privacy.answer(id) }),
    copyDigest: async ({ id }) => ({ copied: await deps.privacy.copyDigest(id) }),
    copyText: async ({ text }) => {
      deps.clipboard.writeText(text);
      return { copied: true };
    },
    deleteReceipt: async ({ id }) => deps.privacy.deleteReceipt(id),
    clearHistory: async () => deps.privacy.clearHistory(),
    getBrowsers: async () => deps.browser.view(),
    installBrowser: async ({ browser }) => deps.browser.install(browser),
    removeBrowser: async () => deps.browser.remove(),
    revealExtension: async () => ({ shown: deps.browser.reveal() }),
    getCommand: async () => deps.command.view(),
    installCommand: async () => deps.command.install(),
    removeCommand: async () => deps.command.remove(),
    getAppearance: async () => deps.appearance(),
    getDrawing: async ({ display }) => deps.overlay.drawing(display),
  };
}
