import type { JSX } from 'react';
import type { GlanceApi } from '../bridge.js';
import { ContextTree } from './ContextTree.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../text/visible-controls.js';

type Invocation = NonNullable<Awaited<ReturnType<GlanceApi['getState']>>['invocation']>;

/** What the review needs. */
export interface ReviewProps {
  invocation: Invocation | null;
  hotkey: string;
  paused: boolean;
  removed: ReadonlySet<string>;
  /** The context was sent; removals are fixed until the next hotkey. */
  locked: boolean;
  onToggle(id: string): void;
  /** Removing the app's context while it is on its way: main aborts the request. */
  onRemoveApp(invocation: number): void;
  onOpenLink(url: string): void;
  /** Starts the bundled Sample Notes and collects from it: something to try on a first run. */
  onTrySample(): void;
}

/** The invocation's status in words, then the tree and the preview once collected. */
export function Review(props: ReviewProps): JSX.Element {
  const { invocation } = props;
  if (!invocation) {
    return (
      <section className="review" aria-label="Context">
        <p className="status">
          {props.paused ? 'Glance is paused. Resume it from the menu-bar icon.' : `Press ${props.hotkey} in any app to collect its context.`}
        </p>
        {props.paused ? null : (
          <p className="status try">
            No app of yours shares context yet?
            <button type="button" className="button" onClick={props.onTrySample}>Try with Sample Notes</button>
          </p>
        )}
      </section>
    );
  }
  return (
    <section className="review" aria-label="Context" aria-busy={invocation.phase === 'collecting'}>
      {/* Messages name the app as its descriptor does: provider text inside Glance's sentence. */}
      <p className={`status status--${invocation.phase}`} role="status" data-testid="status"><ProviderText text={invocation.message} /></p>
      {invocation.details.length > 0 ? (
        <ul className="details" aria-label="Details">
          {invocation.details.map((detail) => <li key={detail}><ProviderText text={detail} /></li>)}
        </ul>
      ) : null}
      {invocation.phase === 'collecting' ? (
        <div className="row row--pending">
          <div className="row__head">
            <span className="row__label">
              <span className="row__kind">App</span>
              <span className="row__title"><ProviderText text={invocation.appName} /></span>
              <span className="tag tag--weak">collecting</span>
            </span>
            <button type="button" className="row__toggle" aria-label={`Remove ${visibleControls(invocation.appName)}'s context`} onClick={() => props.onRemoveApp(invocation.id)}>
              Remove
            </button>
          </div>
        </div>
      ) : null}
      {props.locked ? <p className="status status--note">Sent with your first question; press {props.hotkey} for a new context.</p> : null}
      {invocation.root ? (
        <ContextTree root={invocation.root} removed={props.removed} locked={props.locked} onToggle={props.onToggle} onOpenLink={props.onOpenLink} />
      ) : null}
    </section>
  );
}
