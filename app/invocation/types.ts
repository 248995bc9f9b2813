import type { Answer, PublicDescriptor } from '@app-context/provider-kit/protocol';
import type { FrontApp } from '../os/types.js';
import type { Screening } from '../privacy/types.js';
import type { LocateResult } from './locate.js';
import type { ContextSource } from '../sources/source.js';
import type { RuledOutBy } from '../../contract/invocation.js';

/**
 * An element reference: the id together with the provider and instance that issued it
 * (docs/protocol.md, "What a host must do": keep the provider with the id). Only this triple is
 * ever located.
 */
export interface ElementRef {
  /** The provider's process id and bundle id, as verified when the id was collected. */
  pid: number;
  /** Absent only when the caller knows just the pid (the CLI); the OS is asked then. */
  bundleId?: string;
  /**
   * The helper that served the provider when the id was collected (docs/protocol.md, "Providers
   * served by a helper"): once it has quit, the element is gone.
   */
  helperPid?: number;
  instance: string;
  id: string;
}

/**
 * What the provider source collected from the front app (collectContext), or why it collected
 * nothing: its part of the one Collection union (app/sources/types.ts).
 */
export type ProviderCollection =
  | {
    kind: 'collected'; app: FrontApp; provider: PublicDescriptor; answer: Answer; warnings: string[]; ignored: string[];
    /** What the user's standing exclusions and the secret scan leave out (with privacy hooks that screen). */
    screening?: Screening;
    /** Who issued the answer's ids, and the only way they are located again (source.ts). */
    source: ContextSource<'provider'>;
    /**
     * Where the answer's selected element is, asked of the same verified provider right after
     * `current` (collectContext's `locateSelection`), so placing the panel beside it repeats
     * no discovery or check; absent when not asked or nothing is selected.
     */
    selection?: Promise<LocateResult>;
  }
  /** The user's rule for this app (or a damaged rules file) said not to ask it: nothing was asked. */
  | { kind: 'ruled-out'; app: FrontApp; provider: PublicDescriptor; rule: RuledOutBy; reason: string }
  /** The front app has no descriptor: it does not share context with Glance. */
  | { kind: 'no-provider'; app: FrontApp; reason: string }
  /** Descriptors for the app exist and each was ignored; `reasons` say why, one per file. */
  | { kind: 'ignored'; app: FrontApp; reasons: string[] }
  /** The provider did not answer within the time limit, refused the connection, or broke it. */
  | { kind: 'no-answer'; app: FrontApp; provider: PublicDescriptor; reason: string; timedOut: boolean }
  /** An answer came back and was refused (not MCP, wrong protocol or instance, too large). */
  | { kind: 'refused'; app: FrontApp; provider: PublicDescriptor; reason: string }
  /** The request was aborted by the caller (the user removed the context, a newer hotkey). */
  | { kind: 'cancelled'; app: FrontApp };
