/**
 * The source of an accessibility read (app/sources/source.ts): its ids are located again
 * through the reader, never through a provider. Only the selection has a place the platform
 * gives (its rectangles per line); the reader compares it with what was read, so a selection
 * that changed since, or an app or window that went away, is `gone`. The other elements (the
 * app, its window, the document, a focused text) have no place to show: the agent is told so.
 */
import { DEFAULT_TIMEOUT_MS, GONE } from '@app-context/provider-kit/protocol';
import type { LocateResult } from '../invocation/locate.js';
import type { ContextSource } from '../sources/source.js';
import type { PrivacyHooks } from '../privacy/types.js';
import type { AccessibilityReader, AxRead } from '../os/accessibility/index.js';
import { AX_IDS, type TextKind } from './tree.js';

/** What the source needs of the read it stands for. */
export interface ReadIssuer {
  pid: number;
  /** The identity the user's rules name the app by (the OS's bundle id or its Linux stand-in). */
  bundleId: string;
  read: AxRead;
  text?: TextKind;
}

/** The ids of one accessibility read, located through `reader`; the user's rule is asked again first. */
export function accessibilitySource(reader: AccessibilityReader, issuer: ReadIssuer, privacy?: PrivacyHooks): ContextSource<'accessibility'> {
  const issued = new Set<string>([AX_IDS.app, AX_IDS.window, ...(issuer.read.document ? [AX_IDS.document] : []), ...(issuer.text ? [AX_IDS.text] : [])]);
  return {
    kind: 'accessibility',
    locate: async (id, options): Promise<LocateResult> => {
      if (!issued.has(id)) return { ok: false, kind: 'refused', reason: 'this read issued no element with that id', asked: false };
      const selection = issuer.read.selection;
      if (id !== AX_IDS.text || issuer.text !== 'selection' || selection === undefined) {
        return { ok: false, kind: 'not-offered', reason: 'read through Accessibility, only the selection has a place on screen', asked: false };
      }
      // As for a provider (locate.ts): the rule is the user's now, not the one at collection.
      const rule = await privacy?.gate({ bundleId: issuer.bundleId });
      if (rule !== undefined && !rule.ok) return { ok: false, kind: 'ruled-out', reason: rule.reason, asked: false };
      const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const found = await reader.locate(issuer.pid, { title: issuer.read.window.title, selection }, { timeoutMs, ...(options.signal ? { signal: options.signal } : {}) });
      if (found.ok) {
        const now = found.location;
        const location = now.state === 'visible' ? { state: now.state, rects: now.rects } : { state: now.state, rects: [] };
        return { ok: true, location, warnings: [], asked: true };
      }
      switch (found.code) {
        case 'not-on-bus':
        case 'no-window':
          // The app quit or its window closed: what was selected there is gone with it.
          return { ok: true, location: { ...GONE, rects: [] }, warnings: [], asked: true };
        case 'cancelled':
          return { ok: false, kind: 'aborted', reason: found.reason, asked: true };
        case 'timeout':
          return { ok: false, kind: 'no-answer', reason: found.reason, timedOut: true, asked: true };
        default:
          return { ok: false, kind: 'no-answer', reason: found.reason, asked: true };
      }
    },
  };
}
