import type { CommandRun } from './io.js';

/**
 * Commands that live in their own modules and are loaded only when asked for:
 * `check-provider` (the provider side of the rules), `ask` (the agent), and `rules` and
 * `history` (Glance's own data). Loading them
 * lazily keeps `glance current` from paying for the agent SDKs at start-up.
 */
export const lazyCommands: Record<string, CommandRun> = {
  'check-provider': lazy(() => import('./check-provider.js').then((m) => m.runCheckProvider)),
  ask: lazy(() => import('./ask.js').then((m) => m.runAsk)),
  rules: lazy(() => import('./commands/rules.js').then((m) => m.runRules)),
  history: lazy(() => import('./commands/history.js').then((m) => m.runHistory)),
};

function lazy(load: () => Promise<CommandRun>): CommandRun {
  return async (argv, io, deps) => (await load())(argv, io, deps);
}
