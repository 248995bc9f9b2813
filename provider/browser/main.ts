/**
 * Glance's browser helper: the native messaging host the browser starts for Glance's extension
 * (as its own child, through the launcher `glance browser install` writes), serving the
 * browser's context as an app-context provider on the kit. Its descriptor names the browser's
 * process (its parent) as the app and itself as the helper that listens (docs/protocol.md,
 * "Providers served by a helper"), so a host asking for the browser in front finds it.
 *
 * It reads nothing by itself: each `current` or `location` a host sends becomes one ask to the
 * extension, time-limited so the host always hears back within its own limit. When the
 * extension goes (the browser quit, the extension was removed or reloaded), the browser closes
 * stdin: the helper removes its descriptor and exits. stdout carries native messages only.
 */
import { utimes } from 'node:fs/promises';
import { DEFAULT_TIMEOUT_MS } from '@app-context/provider-kit/protocol';
import { startProvider, type RunningProvider } from '@app-context/provider-kit';
import { glanceHomePath } from '../../app/home/folder.js';
import { writeConnected } from '../../app/browser/records.js';
import { AskFailed, linkExtension } from './extension-link.js';
import { CurrentReadSchema, LocateReadSchema } from './extension-messages.js';
import { openNativePort } from './native-messaging.js';
import { createTreeIds, pageTree, toScreen } from './page-tree.js';

/** How long the extension has for one ask: well inside the host's own limit, so the host hears why. */
const ASK_LIMIT_MS = Math.round(DEFAULT_TIMEOUT_MS * 0.8);
/** How long the extension has to say hello after it started the helper. */
const HELLO_LIMIT_MS = 10_000;

const say = (line: string): void => void process.stderr.write(`glance browser helper: ${line}\n`);

async function run(): Promise<void> {
  const port = openNativePort(process.stdin, process.stdout);
  const link = linkExtension(port);
  // The provider once it runs: the browser may close the connection at any moment, before too.
  const started: { provider?: RunningProvider } = {};
  let ended = false;
  port.onClose((why) => {
    ended = true;
    say(`${why}; stopping`);
    void (started.provider?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
  });
  const hello = await link.hello(HELLO_LIMIT_MS);
  if (ended) return;
  if (hello === undefined) {
    say('the extension did not say which browser this is; stopping');
    process.exit(1);
  }
  const ids = createTreeIds();
  // The browser's main process started us: it is the app the descriptor names.
  const browserPid = process.ppid;
  const provider = await startProvider({
    appPid: browserPid,
    name: hello.browser,
    version: hello.version === '' ? '0' : hello.version,
    current: async () => pageTree(await link.ask({ ask: 'current' }, CurrentReadSchema, ASK_LIMIT_MS), hello.browser, ids),
    location: async (id) => {
      const passage = ids.passageOf(id);
      if (passage === undefined) return undefined;
      const found = await link.ask({ ask: 'locate', ...passage }, LocateReadSchema, ASK_LIMIT_MS);
      if (found.state === 'gone') return { state: 'gone', rects: [] };
      if (!('metrics' in found)) return { state: found.state, rects: [] };
      return { state: found.state, rects: found.state === 'visible' ? toScreen(found.rects, found.metrics, found.zoom) : [] };
    },
  });
  started.provider = provider;
  if (ended) return void provider.stop();
  // Two profiles open: each has its own helper and descriptor, both naming the browser's pid.
  // A host uses the most recently modified of them, so the helper whose profile has the
  // focused window touches its descriptor when the focus comes to it.
  link.onFocus((focused) => {
    if (!focused) return;
    const now = new Date();
    utimes(provider.descriptorPath, now, now).catch(() => undefined);
  });
  await writeConnected(glanceHomePath(), { at: new Date().toISOString(), browser: hello.browser, browserPid, helperPid: process.pid, extensionVersion: hello.extension })
    .catch(() => say('could not record the connection in Glance\'s data folder (`glance browser status` will not see it)'));
}

run().catch((error: unknown) => {
  // Setup errors name folders and modes, never a page's text or the token.
  say(`could not start: ${error instanceof AskFailed || error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
