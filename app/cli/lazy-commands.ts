import type { CommandRun } from './io.js';

/**
 * Commands that live in their own modules and are loaded only when asked for:
 * `check-provider` (the provider side of the rules), `ask` (the agent), `rules` and
 * `history` (Glance's own data), and `browser` (the browser helper's setup). Loading them
 * lazily keeps `glance current` from paying for the agent SDKs at start-up.
 */
export const lazyCommands: Record<string, CommandRun> = {
  'check-provider': lazy(() => import('./check-provider.js').then((m) => m.runCheckProvider)),
  ask: lazy(() => import('./ask.js').then((m) => m.runAsk)),
  rules: lazy(() => import('./commands/rules.js').then((m) => m.runRules)),
  history: lazy(() => import('./commands/history.js').then((m) => m.runHistory)),
  browser: lazy(() => import('./commands/browser.js').then((m) => m.runBrowser)),
};

function lazy(load: () => Promise<CommandRun>): CommandRun {
  return async (argv, io, deps) => (await load())(argv, io, deps);
}
