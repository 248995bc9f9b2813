import type { Logger, LocateResult } from '../../app/host.js';
import type { Location } from '@app-context/provider-kit/protocol';

/**
 * The panel beside the user's selection (docs/protocol.md, placement): when an invocation collected a context
 * with a selection, the provider was asked where it is over the same verified call
 * (collectContext's `locateSelection`), and the panel moves next to it when it is visible. It
 * never waits on the provider: the panel is already shown under the menu-bar icon, and stays
 * there when the answer is slow, offscreen, gone or an error, or the invocation is over.
 */

/** What placing needs; the invocation passes the panel's move, the tests a recorder. */
export interface PlacementDeps {
  /** The invocation, for the log. */
  id: number;
  /** The invocation's life: a newer one (or the user's Stop) means the panel is not moved for this one. */
  signal: AbortSignal;
  /** Moves the panel beside the location (main/windows/panel.ts, placeBeside). */
  placeBeside(location: Location): void;
  logger: Logger;
}

/** Places the panel beside the selection once its location arrives, if it is on screen. */
export async function placeSelection(selection: Promise<LocateResult>, deps: PlacementDeps): Promise<'placed' | 'stays'> {
  let result: LocateResult;
  try {
    result = await selection;
  } catch {
    return 'stays';
  }
  if (deps.signal.aborted) return 'stays';
  if (!result.ok || result.location.state !== 'visible' || result.location.rects.length === 0) {
    deps.logger.debug(`invocation ${deps.id}: the panel stays under the menu-bar icon (the selection is not on screen)`);
    return 'stays';
  }
  deps.placeBeside(result.location);
  return 'placed';
}
