import type { Element } from '@app-context/provider-kit/protocol';
import type { NoContextKind } from '../agent/no-context.js';
import { bySource } from '../sources/by-source.js';
import type { ContextSource } from '../sources/source.js';
import type { Collection } from '../sources/types.js';
import type { Screening } from '../privacy/types.js';

/**
 * One collected context as a question is asked about it: fixed when it was collected. Screened
 * again under changed rules, it becomes a new value; nothing changes it in place.
 */
export interface CollectedContext {
  /**
   * The app as its provider names it (read through Accessibility: as the OS does), every secret
   * Glance holds blanked; capped where it is written (the agent's frame, a receipt).
   */
  readonly appName: string;
  readonly root: Element;
  /** Who issued the ids, and the only way they are located again (app/sources/source.ts). */
  readonly source: ContextSource;
  /** The app as verified when collecting, for its rules and the receipts; never used to locate. */
  readonly issuer: { readonly pid: number; readonly bundleId: string; readonly instance: string };
  /** What the user's standing exclusions and the secret scan leave out (app/privacy), when screened. */
  readonly screening?: Screening;
}

/**
 * What a question is about: a collected context, or why there is none as a kind only Glance
 * words (app/agent/no-context.ts): the model never reads the app's own reasons. The user's
 * "Ask without its context" on the card of a `local` rule is `without-context`.
 */
export type AskSubject = CollectedContext | NoContextKind;

/**
 * A collection as a question is asked about it: its context, or the kind of reason nothing was
 * collected. `redact` blanks every secret Glance holds in the app's name, which goes to the
 * model and into each receipt.
 */
export function subjectOf(collection: Collection, redact: (text: string) => string = (text) => text): AskSubject {
  if (collection.kind !== 'collected') return noContextKind(collection);
  // Read through Accessibility, the app is named by the OS and the read's own instance: there is no descriptor.
  const named = bySource(collection, {
    provider: ({ provider }) => provider,
    accessibility: ({ identity, answer }) => ({ ...identity, instance: answer.instance }),
  });
  const { pid, bundleId, instance } = named;
  return {
    appName: redact(named.name.trim() === '' ? bundleId : named.name),
    root: collection.answer.root,
    source: collection.source,
    issuer: { pid, bundleId, instance },
    ...(collection.screening ? { screening: collection.screening } : {}),
  };
}

/** Why nothing was collected, as the kind the model is told (every kind of collection has its own). */
function noContextKind(collection: Exclude<Collection, { kind: 'collected' }>): NoContextKind {
  switch (collection.kind) {
    case 'no-consent':
      // Without consent asked for, the model hears what it always did: the app does not share.
      return collection.consent === 'never' ? 'accessibility-never' : 'no-provider';
    case 'unreadable':
      return 'unreadable';
    case 'no-answer':
      return collection.timedOut ? 'timed-out' : 'no-answer';
    case 'ruled-out':
      return collection.rule === 'damaged' ? 'damaged-rules' : collection.rule;
    case 'no-provider':
    case 'ignored':
    case 'refused':
    case 'cancelled':
      return collection.kind;
  }
}
