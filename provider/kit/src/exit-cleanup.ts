/** Signals after which a provider must not leave its descriptor behind. */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type CleanupSignal = (typeof SIGNALS)[number];

/**
 * Runs `cleanup` (synchronous: it must work inside an 'exit' handler) when the process ends
 * normally or on SIGINT, SIGTERM or SIGHUP. Returns a function that removes every listener it
 * added, for stop().
 *
 * A listener on a signal replaces Node's default of ending the process, so after cleaning up
 * the handler removes its own listeners and, when no other listener for that signal is left,
 * raises the signal again: the process then ends the way it would have without the kit, with
 * the signal's exit status. When the app has its own listener, ending the process is the app's
 * choice and the kit leaves it alone; the app's handler runs either way, since the kit never
 * removes or wraps other listeners.
 */
export function installExitCleanup(cleanup: () => void): () => void {
  let done = false;
  const runOnce = (): void => {
    if (done) return;
    done = true;
    cleanup();
  };
  const onExit = (): void => runOnce();
  const handlers = new Map<CleanupSignal, () => void>();
  const uninstall = (): void => {
    process.removeListener('exit', onExit);
    for (const [signal, handler] of handlers) process.removeListener(signal, handler);
    handlers.clear();
  };
  for (const signal of SIGNALS) {
    const handler = (): void => {
      runOnce();
      uninstall();
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    };
    handlers.set(signal, handler);
    process.on(signal, handler);
  }
  process.on('exit', onExit);
  return uninstall;
}
