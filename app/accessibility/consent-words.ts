/**
 * The core's sentences for an app without a provider that was not read for want of consent:
 * each names what the choice is keyed by (app/rules/consent.ts), so a person reads whether it is
 * the app, one program of an interpreter, or nothing that can be chosen for good.
 */
import type { ConsentKey, StoredConsent } from '../rules/consent.js';
import { oneLine } from '../text/cap-text.js';

/** The thing a standing choice names, in words: "Notes", "/home/u/bin/notes.py (run by python3.11)". */
export function consentSubject(key: ConsentKey): string {
  return key.kind === 'program' ? `${oneLine(key.program)} (run by ${oneLine(key.bundleId)})` : oneLine(key.bundleId);
}

/** Why nothing was read: the user's `never`, Glance's `never` for a password manager, or `ask` without this press's grant. */
export function noConsentReason(key: ConsentKey, stored: StoredConsent, who: string): string {
  const id = oneLine(key.bundleId);
  if (stored.consent === 'never') {
    // Glance's default, not the user's choice: said as such (contract/password-managers.ts).
    if (stored.passwordManager) return `Glance doesn't read password managers such as ${id} through Accessibility: their windows hold your passwords`;
    return stored.byInterpreter
      ? `your choice for ${id} is never to read it through Accessibility, and it holds for every program ${id} runs`
      : `your choice for ${consentSubject(key)} is never to read it through Accessibility`;
  }
  const asked = `${oneLine(who)} does not share context with Glance, and reading it through Accessibility needs your consent`;
  const earlier = stored.byInterpreter ? `; your earlier "always" for ${id} named no one program (${id} runs many), so it no longer counts` : '';
  const once = key.kind === 'interpreter' ? `; ${id} runs many programs and Glance cannot tell which one this is, so it can be read only this time` : '';
  return `${asked}${earlier}${once}`;
}
