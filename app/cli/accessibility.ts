import { collectFrontApp } from '../sources/collect.js';
import type { Collection } from '../sources/types.js';
import type { CallOptions } from '../client/types.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import { createAccessibilityReader } from '../os/accessibility/index.js';
import type { FrontApp } from '../os/types.js';
import { oneLine } from '../text/cap-text.js';
import { consentSubject } from '../accessibility/consent-words.js';
import type { ConsentKey } from '../rules/consent.js';
import type { AccessibilityConsent } from '../rules/schema.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';

/**
 * One command's collection from the front app: its provider, or, when it has none, the OS's
 * accessibility layer, if `--accessibility` was given (the user's consent for this call) or
 * the app's stored consent is `always`. The reader's helper is stopped when the run is done.
 */
export async function collectForCommand(app: FrontApp, deps: CoreDeps, options: CallOptions, io: CliIo, granted: boolean): Promise<{ collection: Collection; close: () => Promise<void> }> {
  const reader = createAccessibilityReader({ env: io.env, permissionHolder: 'terminal' });
  const collection = await collectFrontApp(app, deps, options, { reader, granted });
  return { collection, close: () => reader.close() };
}

/** What the command says when an app without a provider was not read through Accessibility, and its exit status. */
export function refusalLine(collection: Extract<Collection, { kind: 'no-consent' | 'unreadable' }>): { line: string; exit: number } {
  if (collection.kind === 'unreadable') {
    const advice = collection.timedOut ? ' Try again, or raise --timeout.' : '';
    return { line: `${oneLine(collection.reason).replace(/\.$/, '')}; no context was collected.${advice}`, exit: EXIT.noAnswer };
  }
  const { key } = collection;
  if (collection.consent === 'never') {
    // Nothing stored to take back: the user's own `always` is what reads a password manager.
    if (collection.passwordManager) return { line: `${collection.reason}; no context was collected (\`${consentCommand(key, 'always')}\` reads it whenever asked).`, exit: EXIT.ruledOut };
    // A `never` stored for the interpreter's name is changed there, not per program.
    const stored: ConsentKey = collection.byInterpreter ? { kind: 'interpreter', bundleId: key.bundleId } : key;
    return { line: `${collection.reason} (\`${consentCommand(stored, 'ask')}\` changes it); no context was collected.`, exit: EXIT.ruledOut };
  }
  if (key.kind === 'interpreter') return { line: `${collection.reason}: run again with --accessibility to read it this once.`, exit: EXIT.noProvider };
  const what = key.kind === 'program' ? `to allow ${consentSubject(key)} for good` : 'to allow it for good';
  return { line: `${collection.reason}: run again with --accessibility to read it this once, or \`${consentCommand(key, 'always')}\` ${what}.`, exit: EXIT.noProvider };
}

/** The command that stores `consent` under `key`: the program's path quoted for a POSIX shell when it needs it. */
export function consentCommand(key: ConsentKey, consent: AccessibilityConsent): string {
  const program = key.kind === 'program' ? ` --program ${shellWord(oneLine(key.program))}` : '';
  return `glance rules accessibility ${oneLine(key.bundleId)} ${consent}${program}`;
}

/** A word a POSIX shell reads back as it is: plain when it is safe, else in single quotes. */
function shellWord(word: string): string {
  return /^[\w./@%+:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
