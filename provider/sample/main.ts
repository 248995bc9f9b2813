/**
 * Sample Notes: a provider that shows what an app does with the kit. Run it with
 * `npm run sample-provider` (after `npm run build`). It prints one line when ready, never the
 * token:
 *
 *   Sample Notes is providing context (pid 123, endpoint http://127.0.0.1:PORT/context/mcp)
 *
 * and reads commands from stdin, one per line, answering `ok <command>` or `error <why>`:
 *   select <text>   select the first occurrence of <text> in the focused note
 *   close-note      close the focused note (its ids then answer `gone`)
 *   hover <id>      put the pointer over the element with that id; `hover none` clears it
 *   quit            stop() the provider (removes the descriptor), then exit 0
 *   exit            exit 0 without stop(): the kit's exit handler removes the descriptor
 * It keeps running until SIGINT or SIGTERM (or `quit`), and then removes its descriptor.
 *
 * Environment: APP_CONTEXT_PROVIDERS_DIR (where to publish), SAMPLE_NOTES_BUNDLE_ID (the
 * bundle id; default: what the OS reports for this process, e.g. `node` on Linux).
 */
import { startSampleNotes } from './app.js';

const bundleId = process.env['SAMPLE_NOTES_BUNDLE_ID'];
startSampleNotes({ ...(bundleId ? { bundleId } : {}), commands: true }).then(
  ({ provider }) => process.stdout.write(`Sample Notes is providing context (pid ${provider.pid}, endpoint ${provider.endpoint})\n`),
  (error: unknown) => {
    // Setup errors name folders and modes, never the token.
    process.stderr.write(`Sample Notes could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
