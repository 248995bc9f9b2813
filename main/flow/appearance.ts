import type { Logger } from '../../app/host.js';
import { accentFromSystem, type Appearance } from '../../contract/appearance.js';
import type { AppearancePort } from '../ports.js';

/** The look the panel is told: read from the system at start, pushed again when it changes. */
export interface AppearanceService {
  /** What the page asks for when it loads (the `getAppearance` channel). */
  current(): Appearance;
  /** Stops following the system (on quit). */
  close(): void;
}

/**
 * Follows the system's accent colour for the panel. Every reading goes through the contract's
 * parser (contract/appearance.ts): a value that is not RGBA hex leaves the panel's own blue and
 * is said once in the log. Windows sends its change event several times per change, and macOS's
 * notifications also come for other colour settings: only a real change is pushed.
 */
export function createAppearance(deps: { port: AppearancePort; publish(appearance: Appearance): void; logger: Logger }): AppearanceService {
  let warned = false;
  const read = (): Appearance => {
    const raw = deps.port.accentColor();
    const accent = raw === undefined ? null : accentFromSystem(raw);
    if (raw !== undefined && accent === null && !warned) {
      warned = true;
      deps.logger.warn('appearance: the system accent colour did not read as RGBA hex; the panel keeps its own blue');
    }
    return { vibrant: deps.port.vibrant, accent };
  };
  let current = read();
  const stop = deps.port.onAccentChanged(() => {
    const next = read();
    if (next.accent === current.accent && next.vibrant === current.vibrant) return;
    current = next;
    deps.publish(current);
  });
  return { current: () => current, close: stop };
}
