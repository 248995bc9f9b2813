import type { CollectedContext, Collection, Logger } from '../../app/host.js';
import type { FrontApp } from '../../app/os/types.js';
import type { Location } from '@app-context/provider-kit/protocol';
import type { Chip, Invocation as InvocationView, InvokeRequest, InvokeResponse, Preview, SampleFailure } from '../../contract/ipc.js';
import type { AppRule, ConsentKey } from '../../contract/privacy.js';
import type { AgentServiceDeps } from './agent-service.js';
import type { StateHub } from './state-hub.js';

/*
 * One invocation of the hotkey, as main holds it: what it is asked to do (Invocation) and what
 * it needs (InvocationDeps). contract/ names the panel's view of it `Invocation` too; here that
 * view is `InvocationView`. The object itself is in invocation.ts.
 */

/**
 * The core's collectFrontApp, as an invocation calls it (app/sources/collect.ts): the provider, or
 * for an app without one the accessibility layer; `granted` is the user's consent for this
 * invocation alone (the card's "Read it this time").
 */
export type CollectFn = (app: FrontApp, options: { timeoutMs: number; signal: AbortSignal; locateSelection?: boolean; granted?: boolean }) => Promise<Collection>;

/** An app the user picked (Sample Notes, once it runs), or why it could not be had. */
export type PickResult = { ok: true; app: FrontApp } | { ok: false; failure: SampleFailure };

/** What every invocation needs; the controller passes the same to each. */
export interface InvocationDeps {
  collect: CollectFn;
  /** The time limit in force now (from the settings). */
  timeoutMs(): number;
  /** Where the invocation's view goes: written, never read back. */
  hub: Pick<StateHub, 'push'>;
  logger: Logger;
  /** Blanks every secret Glance holds in the words the panel shows of the app (the tree is screened instead), and writes paths under the home folder as ~/…. */
  redact?(text: string): string;
  /** The conversation's services (absent in tests of collecting alone: nothing can be asked then). */
  agent?: Omit<AgentServiceDeps, 'publish'>;
  /** Moves the panel beside the selection (main/windows/panel.ts). */
  placeBeside?(location: Location): void;
  /** The app's own icon as a data: URL, or undefined (the panel draws its glyph): app/os/app-icon.ts. */
  appIcon?(app: FrontApp): Promise<string | undefined>;
  /** Whether the app is built on Electron (macOS): its consent card says what a read turns on in it. */
  electronApp?(app: FrontApp): Promise<boolean>;
}

/**
 * One hotkey press, from the front app to the last highlight, and the one owner of its state:
 * its abort controller, what it collected (one immutable subject, app/ask) and the "without its
 * context" choice, the conversation and its pending locates (agent-service.ts, handed the
 * subject with each request), the placement, and the one view the panel shows of it, the answer
 * included. A newer invocation disposes of it, and from then on it neither publishes nor acts:
 * everything it started ends with its signal.
 */
export interface Invocation {
  readonly id: number;
  /** The one view of it the panel shows, the answer included (the hub passes its pushes on and keeps no copy). */
  view(): InvocationView;
  /** What it collected, while it holds it (until "Never from this app"). */
  collected(): CollectedContext | undefined;
  collecting(): boolean;
  /** Asks the same app again, as a new invocation (Cmd-R, Try again); absent when there was no app to ask. */
  readonly again?: () => Promise<void>;
  /** Collects from the app; the view follows. */
  collect(app: FrontApp): Promise<void>;
  /**
   * An app without a provider, its consent asked on this invocation's card: its identity and name, for
   * the card's "Always" and "Never" (set by the privacy panel, which owns the rules file).
   */
  consentAsked(): { key: ConsentKey; appName: string } | undefined;
  /**
   * Reads the app once more after the user chose on an accessibility card (consent, permission,
   * an unreadable read): `granted` is "Read it this time", for this invocation only. False, and
   * nothing done, on any other card or while collecting.
   */
  readAgain(granted: boolean): boolean;
  /** Collects from an app still being picked (Sample Notes starting); a failure to start is said. */
  collectPicked(pick: () => Promise<PickResult>): Promise<void>;
  /** Stops a collection on its way (the user removed the context, or closed the panel). */
  cancel(by: 'removed' | 'closed'): { aborted: boolean };
  /**
   * The user changed this app's rules: the context it holds is screened again with `rules` (the
   * rules file as it is now) and replaced whole, shown and sent alike; false when nothing screened is held.
   */
  rescreen(rules: readonly Pick<AppRule, 'bundleId' | 'rule' | 'exclusions'>[]): boolean;
  /** The backend may have changed: whether the app's `local` rule blocks a send is decided again and shown. */
  settingsChanged(): void;
  /** "Ask without its context" on the card of a `local` rule; false on any other card. */
  askWithoutContext(): boolean;
  withoutContext(): boolean;
  /** "Never from this app": what was collected goes, and nothing more is sent. */
  ruleOut(): boolean;
  /** Exactly the request Send would make now (null without agent services, or once disposed). */
  preview(request: InvokeRequest<'preview'>): Preview | null;
  /** Asks the question about what this invocation holds; the answer becomes part of its view. Undefined without agent services, or once disposed. */
  send(request: InvokeRequest<'send'>): Promise<InvokeResponse<'send'> | undefined>;
  stop(): { stopped: boolean };
  /** Locates a chip's element through the source that issued it; null for an id that is not a chip. */
  locate(id: string): Promise<Chip | null>;
  dispose(): void;
}

/** What an invocation is opened with: its id and the view shown at once. */
export interface InvocationSpec {
  id: number;
  view: InvocationView;
  panelView?: 'review';
  again?: () => Promise<void>;
}

