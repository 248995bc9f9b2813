import { idsWithState } from '../../app/agent/context-tree.js';
import type { Logger } from '../../app/log/logger.js';
import type { Location } from '@app-context/provider-kit/protocol';
import type { LocateResult } from '../../app/invocation/locate.js';
import type { ElementRef } from '../../app/invocation/types.js';
import type { CollectedContext, InvocationEvent } from './controller.js';

/**
 * The panel beside the user's selection (issue 5, placement): once a context is collected,
 * main asks the provider that issued the selection where it is, within the time limit, and
 * moves the panel next to it when it is visible. It never waits on the provider: the panel is
 * already shown under the menu-bar icon, and stays there when the answer is slow, offscreen,
 * gone or an error.
 */

/** What placing needs; main passes the panel's move, the tests a recorder. */
export interface SelectionPlacementDeps {
  locate(ref: ElementRef, options: { timeoutMs: number; signal: AbortSignal }): Promise<LocateResult>;
  timeoutMs(): number;
  /** Is this invocation still the one on screen? (a newer hotkey wins) */
  isCurrent(invocation: number): boolean;
  /** Moves the panel beside the location (main/windows/panel.ts, placeBeside). */
  placeBeside(location: Location): void;
  logger: Logger;
}

/** Places the panel for each collected context, at most once per invocation. */
export interface SelectionPlacement {
  onCollected(context: CollectedContext): Promise<'placed' | 'stays'>;
  /** Follows the controller's invocation events: each collected context is placed. */
  follow(event: InvocationEvent): void;
}

/** A placement service. */
export function createSelectionPlacement(deps: SelectionPlacementDeps): SelectionPlacement {
  const placed = new Set<number>();
  const onCollected = async (context: CollectedContext): Promise<'placed' | 'stays'> => {
    if (placed.has(context.invocation)) return 'stays';
    placed.add(context.invocation);
    const selected = idsWithState(context.root, 'selected')[0];
    if (!selected) return 'stays';
    let result: LocateResult;
    try {
      result = await deps.locate({ ...context.issuer, id: selected.id }, { timeoutMs: deps.timeoutMs(), signal: new AbortController().signal });
    } catch {
      return 'stays';
    }
    if (!deps.isCurrent(context.invocation)) return 'stays';
    if (!result.ok || result.location.state !== 'visible' || result.location.rects.length === 0) {
      deps.logger.debug(`invocation ${context.invocation}: the panel stays under the menu-bar icon (the selection is not on screen)`);
      return 'stays';
    }
    deps.placeBeside(result.location);
    return 'placed';
  };
  return {
    onCollected,
    follow: (event) => {
      if (event.type === 'collected') void onCollected(event.context);
    },
  };
}
