import { collectFrontApp } from '../accessibility/collect.js';
import type { FrontCollection } from '../accessibility/types.js';
import type { CallOptions } from '../client/types.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import { createAccessibilityReader } from '../os/accessibility/index.js';
import type { FrontApp } from '../os/types.js';
import { oneLine } from '../text/cap-text.js';
import { EXIT } from './exit-codes.js';
import type { CliIo } from './io.js';

/**
 * One command's collection from the front app: its provider, or, when it has none, the OS's
 * accessibility layer, if `--accessibility` was given (the user's consent for this call) or
 * the app's stored consent is `always`. The reader's helper is stopped when the run is done.
 */
export async function collectForCommand(app: FrontApp, deps: CoreDeps, options: CallOptions, io: CliIo, granted: boolean): Promise<{ collection: FrontCollection; close: () => Promise<void> }> {
  const reader = createAccessibilityReader({ env: io.env, permissionHolder: 'terminal' });
  const collection = await collectFrontApp(app, deps, options, { reader, granted });
  return { collection, close: () => reader.close() };
}

/** What the command says when an app without a provider was not read through Accessibility, and its exit status. */
export function refusalLine(collection: Extract<FrontCollection, { kind: 'no-consent' | 'unreadable' }>): { line: string; exit: number } {
  if (collection.kind === 'unreadable') {
    const advice = collection.timedOut ? ' Try again, or raise --timeout.' : '';
    return { line: `${oneLine(collection.reason).replace(/\.$/, '')}; no context was collected.${advice}`, exit: EXIT.noAnswer };
  }
  const id = oneLine(collection.bundleId);
  if (collection.consent === 'never') {
    return { line: `${collection.reason} (\`glance rules accessibility ${id} ask\` changes it); no context was collected.`, exit: EXIT.ruledOut };
  }
  return {
    line: `${collection.reason}: run again with --accessibility to read it this once, or \`glance rules accessibility ${id} always\` to allow it for good.`,
    exit: EXIT.noProvider,
  };
}
