import { RulesDamagedError, type Logger, type PrivacyService } from '../../app/host.js';
import type { Element } from '@app-context/provider-kit/protocol';
import type { AccessibilityConsent, Exclusion, RuleName } from '../../contract/privacy.js';
import type { AccessibilityChoice, HistoryView, InvokeResponse, KnownApp, Notice, RuleActionResult, RulesView } from '../../contract/ipc.js';
import { knownApps } from './known-apps.js';
import type { Invocation } from './invocation-types.js';
import { tildePath, tildeText } from './home-paths.js';

/**
 * The panel's side of privacy and control (docs/privacy.md): rule actions on the context shown, the Rules list in Settings
 * and the History view, over the same rules file and history the `glance` command uses
 * (app/privacy). The verified bundle id never leaves main: the panel names its invocation.
 * Results are facts the panel words (renderer/src/words/rules.ts): the app by its name, the
 * rule or exclusion, never provider text beyond the app's name (drawn as provider text).
 */
export interface PrivacyPanel {
  setAppRule(invocation: Pick<Invocation, 'collected' | 'rescreen' | 'ruleOut'>, rule: RuleName): Promise<RuleActionResult>;
  excludeAlways(invocation: Pick<Invocation, 'collected' | 'rescreen'>, id: string): Promise<RuleActionResult>;
  /** The accessibility card's choice: `always`/`never` stored for the app's identity, then the invocation reads again (`once`: granted for it alone). */
  accessibilityChoice(invocation: Pick<Invocation, 'consentAsked' | 'readAgain'>, choice: AccessibilityChoice): Promise<InvokeResponse<'accessibilityChoice'>>;
  rules(): Promise<RulesView>;
  /** With `program`: the consent for that one program of the interpreter `bundleId` (app/rules/consent.ts). */
  setAccessibility(bundleId: string, consent: AccessibilityConsent, program?: string): Promise<RulesView>;
  setRule(bundleId: string, rule: RuleName): Promise<RulesView>;
  removeRule(bundleId: string): Promise<RulesView>;
  removeExclusion(bundleId: string, exclusion: Exclusion): Promise<RulesView>;
  /** Starts over with no rules; a damaged file is kept beside the new one, and the view says where. */
  resetRules(): Promise<RulesView>;
  history(): Promise<HistoryView>;
  payload(id: string): Promise<string | null>;
  /** A kept answer, decrypted; null when none was kept or it cannot be read. */
  answer(id: string): Promise<string | null>;
  /** Puts the receipt's whole SHA-256 on the clipboard; false when there is no such receipt. */
  copyDigest(id: string): Promise<boolean>;
  deleteReceipt(id: string): Promise<HistoryView>;
  clearHistory(): Promise<HistoryView>;
}

/** What the panel's privacy actions act on. */
export interface PrivacyPanelDeps {
  privacy: PrivacyService;
  historyDays(): number;
  /**
   * The apps whose providers are published now, verified as the host verifies and never asked
   * (app/discovery, publishedApps): read when the user opens the Rules list, never on a timer.
   */
  published?(): Promise<KnownApp[]>;
  /** Adds a notice to the panel's banner: what a reset did, which outlives the card that asked for it. */
  notify(notice: Notice): void;
  logger: Logger;
  /** Each app's own icon by its bundle id, for History (absent: the panel draws its glyph). */
  appIcon?(bundleId: string): Promise<string | undefined>;
  /** The system clipboard (Electron's), written only with a receipt's digest. */
  clipboard?: { writeText(text: string): void };
  /** The user's home folder: paths the page shows are shortened with `~` under it (home-paths.ts). */
  home?: string;
}

/** The longest History waits for the apps' icons: an invocation's whole collect is given 1.5 s by default, History's list no longer than that. */
const ICON_WAIT_MS = 1000;

/** Finds an element by id in a collected tree (iterative: a provider's tree may be deep). */
function findElement(root: Element, id: string): Element | undefined {
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (element.id === id) return element;
    for (const child of element.children ?? []) stack.push(child);
  }
  return undefined;
}

const STALE = { ok: false, problem: 'stale' } as const;

/** The panel's privacy actions over the privacy service and the invocation the panel names. */
export function createPrivacyPanel(deps: PrivacyPanelDeps): PrivacyPanel {
  const home = deps.home ?? '';
  const { rules, history } = deps.privacy;

  /** Apps collected from and acted on since start, newest first: named in the Rules list before any receipt exists. */
  const recent: KnownApp[] = [];
  const remember = (bundleId: string, name: string): void => {
    const at = recent.findIndex((app) => app.bundleId === bundleId);
    if (at >= 0) recent.splice(at, 1);
    recent.unshift({ bundleId, name });
    recent.length = Math.min(recent.length, 100);
  };
  /** The published apps as found when the Rules list was last opened: a change made there reuses them. */
  let published: KnownApp[] = [];
  const lookPublished = async (): Promise<void> => {
    try {
      published = (await deps.published?.()) ?? [];
    } catch (error) {
      // Only names are at stake: the list still shows every rule, by bundle id.
      deps.logger.warn(`rules: the providers folder could not be read for names (${error instanceof Error ? error.name : 'unknown'})`);
    }
  };
  const known = async (): Promise<KnownApp[]> => {
    const receipts = await history.list().then((list) => list.receipts, () => []);
    return knownApps(recent, receipts, published);
  };
  const rulesView = async (problem?: RulesView['problem']): Promise<RulesView> => {
    const [state, apps] = await Promise.all([rules.load(), known()]);
    const icons = await iconsOf([...(state.ok ? state.rules.map((rule) => rule.bundleId) : []), ...apps.map((app) => app.bundleId)]);
    const extra = { known: apps, ...(Object.keys(icons).length > 0 ? { icons } : {}), ...(problem ? { problem } : {}) };
    return state.ok ? { rules: state.rules, ...extra } : { rules: [], notice: tildeText(state.notice, home), ...extra };
  };
  /** A change to the rules file; a damaged file refuses it and the notice says what to do. */
  const change = async (edit: () => Promise<unknown>): Promise<RulesView> => {
    try {
      await edit();
      return await rulesView();
    } catch (error) {
      if (error instanceof RulesDamagedError) return rulesView('damaged');
      deps.logger.warn(`rules: a change failed (${error instanceof Error ? error.name : 'unknown'})`);
      return rulesView('unwritable');
    }
  };
  /** The invocation screens what it holds again with the rules as they are now (a new exclusion applies at once). */
  const rescreen = async (invocation: Pick<Invocation, 'rescreen'>): Promise<void> => {
    const state = await rules.load();
    invocation.rescreen(state.ok ? state.rules : []);
  };
  /** A kept file, decrypted; one the Keychain cannot decrypt (another Mac's, a reset Keychain) is said, not shown garbled. */
  const decrypted = async (what: 'payload' | 'answer', read: () => Promise<string | undefined>): Promise<string | null> => {
    try {
      return (await read()) ?? null;
    } catch (error) {
      deps.logger.warn(`history: a kept ${what} could not be read (${error instanceof Error ? error.name : 'unknown'})`);
      return null;
    }
  };
  const historyView = async (): Promise<HistoryView> => {
    const [list, kept] = await Promise.all([history.list(), history.keptPayloads()]);
    const ids = new Set(list.receipts.map((r) => r.id));
    return { receipts: list.receipts, kept: [...kept].filter((id) => ids.has(id)), notices: list.notices.map((notice) => ({ ...notice, asidePath: tildePath(notice.asidePath, home) })), days: deps.historyDays(), icons: await iconsOf(list.receipts.map((r) => r.app.bundleId)) };
  };
  /**
   * The icons of the apps these bundle ids name, each looked up once (the finder remembers them).
   * History waits for them at most ICON_WAIT_MS: a lookup that is late (a slow disk, a file that
   * will not answer) leaves its app with the glyph, and the list opens anyway.
   */
  const iconsOf = async (named: readonly string[]): Promise<Record<string, string>> => {
    const icons: Record<string, string> = {};
    const lookups = [...new Set(named)].map(async (id) => {
      const icon = await deps.appIcon?.(id).catch(() => undefined);
      if (icon !== undefined) icons[id] = icon;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, ICON_WAIT_MS); });
    await Promise.race([Promise.all(lookups), late]);
    clearTimeout(timer);
    // A copy: a late icon must not appear in a view already sent.
    return { ...icons };
  };
  const failed = (what: string) => (error: unknown): RuleActionResult => {
    deps.logger.warn(`rules: ${what} failed (${error instanceof Error ? error.name : 'unknown'})`);
    return { ok: false, problem: error instanceof RulesDamagedError ? 'damaged' : 'unwritable' };
  };

  return {
    async setAppRule(invocation, rule) {
      const collected = invocation.collected();
      if (!collected) return STALE;
      remember(collected.issuer.bundleId, collected.appName);
      try {
        await rules.set(collected.issuer.bundleId, rule);
      } catch (error) {
        return failed('setting a rule')(error);
      }
      if (rule === 'never') invocation.ruleOut();
      else await rescreen(invocation);
      return { ok: true, app: collected.appName, rule };
    },
    async excludeAlways(invocation, id) {
      const collected = invocation.collected();
      const element = collected ? findElement(collected.root, id) : undefined;
      if (!collected || !element) return STALE;
      remember(collected.issuer.bundleId, collected.appName);
      // Like this element: its role, and its subrole when it has one ("comment", "code").
      const exclusion: Exclusion = { role: element.role, ...(element.subrole !== undefined ? { subrole: element.subrole } : {}) };
      try {
        await rules.exclude(collected.issuer.bundleId, exclusion);
      } catch (error) {
        return failed('adding an exclusion')(error);
      }
      await rescreen(invocation);
      return { ok: true, app: collected.appName, exclusion };
    },
    async accessibilityChoice(invocation, choice) {
      if (choice === 'always' || choice === 'never') {
        const app = invocation.consentAsked();
        // No one program to name (an interpreter running `-c`, a REPL): the card offers no "Always", and none is stored.
        if (app === undefined || (choice === 'always' && app.key.kind === 'interpreter')) return STALE;
        remember(app.key.bundleId, app.appName);
        try {
          // An interpreter's program is its own choice; a `never` with no program names the interpreter, refusing all it runs.
          await rules.setAccessibility(app.key.bundleId, choice, app.key.kind === 'program' ? app.key.program : undefined);
        } catch (error) {
          return failed('storing an accessibility choice')(error);
        }
      }
      // The core decides again under the choice just stored: `never` comes back as its own card, nothing read.
      return invocation.readAgain(choice === 'once' || choice === 'again') ? { ok: true } : STALE;
    },
    rules: async () => {
      await lookPublished();
      return rulesView();
    },
    setRule: (bundleId, rule) => change(() => rules.set(bundleId, rule)),
    setAccessibility: (bundleId, consent, program) => change(() => rules.setAccessibility(bundleId, consent, program)),
    removeRule: (bundleId) => change(() => rules.remove(bundleId)),
    removeExclusion: (bundleId, exclusion) => change(() => rules.unexclude(bundleId, exclusion)),
    resetRules: async () => {
      try {
        const { asidePath } = await rules.reset();
        const view = await rulesView();
        if (!asidePath) return { ...view, done: { reset: true } };
        // Nothing lost: the damaged bytes are still on disk, and the user is told where, also after the card is gone.
        deps.notify({ kind: 'rules-reset', asidePath });
        return { ...view, done: { reset: true, asidePath: tildePath(asidePath, home) } };
      } catch (error) {
        deps.logger.warn(`rules: a reset failed (${error instanceof Error ? error.name : 'unknown'})`);
        return rulesView('reset-failed');
      }
    },
    history: historyView,
    payload: (id) => decrypted('payload', () => history.payload(id)),
    answer: (id) => decrypted('answer', () => history.answer(id)),
    copyDigest: async (id) => {
      const receipt = await history.list().then((list) => list.receipts.find((r) => r.id === id), () => undefined);
      if (!receipt || !deps.clipboard) return false;
      deps.clipboard.writeText(receipt.sha256);
      return true;
    },
    deleteReceipt: async (id) => {
      await history.remove(id);
      return historyView();
    },
    clearHistory: async () => {
      await history.clear();
      return historyView();
    },
  };
}
