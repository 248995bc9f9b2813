import type { Answer } from '@app-context/provider-kit/protocol';
import type { AccessibilityReader } from '../os/accessibility/index.js';
import type { FrontApp } from '../os/types.js';
import type { ContextSource } from '../sources/source.js';
import type { Screening } from '../privacy/types.js';
import type { ConsentKey } from '../rules/consent.js';
import type { RuledOutBy } from '../../contract/invocation.js';
import type { AccessibilityConsent } from '../../contract/privacy.js';

/**
 * How a press may read an app that has no provider through the OS's accessibility layer: the
 * reader, and whether the user agreed for this one press (the command's `--accessibility`, the
 * panel card's "read it this time"). A stored `always` needs no grant; a stored `never` refuses
 * even one.
 */
export interface AccessibilityAccess {
  reader: AccessibilityReader;
  granted: boolean;
}

/** An app read through Accessibility: the protocol's tree (app/accessibility/tree.ts), and no provider. */
interface AccessibilityCollected {
  kind: 'collected';
  app: FrontApp;
  /** Its ids are located again through the reader (source.ts). */
  source: ContextSource<'accessibility'>;
  /** Who was read: the identity the user's rules and receipts name it by, and the name the OS gave. */
  identity: { bundleId: string; name: string; pid: number };
  answer: Answer;
  warnings: string[];
  ignored: string[];
  screening?: Screening;
}

/** Why an app without a provider was not read through Accessibility, or what came of trying. */
type AccessibilityRefusal =
  /**
   * Its consent is `ask` and this press did not grant it (the card asks, the command names
   * --accessibility), or `never`: nothing was read. `key` is what a standing choice names (the
   * app, one program of an interpreter, or nothing: app/rules/consent.ts); `byInterpreter`: the
   * answer is what is stored for the interpreter's name alone; `passwordManager`: the `never` is
   * Glance's default for a password manager, nothing stored (StoredConsent).
   */
  | { kind: 'no-consent'; app: FrontApp; bundleId: string; key: ConsentKey; consent: Exclude<AccessibilityConsent, 'always'>; byInterpreter?: true; passwordManager?: true; reason: string }
  /** The user's rule for the app (or damaged rules) forbids it: nothing was read. */
  | { kind: 'ruled-out'; app: FrontApp; rule: RuledOutBy; reason: string }
  /**
   * Asked, and no context came: no accessibility bus, the app not on it, no window, no
   * permission, the time limit (timedOut), or the OS cannot say which app the process is.
   */
  | { kind: 'unreadable'; app: FrontApp; code: string; reason: string; timedOut: boolean };

/**
 * What the accessibility source collected from an app without a provider, or why it read
 * nothing: its part of the one Collection union (app/sources/types.ts).
 */
export type AccessibilityCollection = AccessibilityCollected | AccessibilityRefusal | { kind: 'cancelled'; app: FrontApp };
