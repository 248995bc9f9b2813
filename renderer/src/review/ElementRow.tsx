import type { JSX, KeyboardEvent } from 'react';
import type { Element } from '../../../contract/review.js';
import { accessibleName, kindOf, statesOf } from './read-element.js';
import { INDENT_CAP, LINE_PX, type RowLayout } from './row-layout.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../text/visible-controls.js';

/** What one row needs. */
export interface ElementRowProps {
  element: Element;
  depth: number;
  /** Where the row sits in the flattened tree: the list is windowed, so screen readers learn the whole from these. */
  position: number;
  total: number;
  /** Its height and what it shows (row-layout.ts), and where it sits in the scrolled list. */
  layout: RowLayout;
  top: number;
  /** The user removed this element itself. */
  removed: boolean;
  /** An ancestor was removed: this one leaves with it and is restored with it. */
  removedWithParent: boolean;
  /** Roving focus: only the current row is in the tab order. */
  current: boolean;
  /** The context was sent: what went cannot be taken back, so removing is off until the next hotkey. */
  locked: boolean;
  onToggle(id: string): void;
  onFocusRow(id: string): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>, id: string): void;
  onOpenLink(url: string): void;
}

/**
 * One element the way a person reads it, in the fixed height its layout gives it. Hovered is
 * shown as a weaker "under the pointer" note and nothing more of it is shown or sent because
 * of it (concepts.txt).
 */
export function ElementRow(props: ElementRowProps): JSX.Element {
  const { element, removed, removedWithParent, layout } = props;
  const name = accessibleName(element);
  const gone = removed || removedWithParent;
  const classes = ['row', gone ? 'row--removed' : '', element.hovered ? 'row--hovered' : '', element.role === 'Text' && element.selected ? 'row--selection' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classes}
      style={{ top: props.top, height: layout.height, paddingInlineStart: layout.indent }}
      data-element-id={element.id}
      aria-label={gone ? `${name}, removed` : name}
      aria-level={props.depth + 1}
      aria-posinset={props.position}
      aria-setsize={props.total}
      tabIndex={props.current ? 0 : -1}
      onFocus={() => props.onFocusRow(element.id)}
      onKeyDown={(event) => props.onKeyDown(event, element.id)}
    >
      <div className="row__head">
        <span className="row__label">
          {/* Past the indent cap the depth is said in words: the indent no longer shows it. */}
          {props.depth > INDENT_CAP ? <span className="tag tag--weak">level {props.depth + 1}</span> : null}
          {/* The kind may hold the provider's subrole: provider text, drawn like the title. */}
          <span className="row__kind"><ProviderText text={kindOf(element)} /></span>
          {element.title ? <span className="row__title" title={visibleControls(element.title)}><ProviderText text={element.title} /></span> : null}
          {statesOf(element).map((state) => (
            <span key={state} className="tag">{state}</span>
          ))}
          {element.hovered ? <span className="tag tag--weak">under the pointer</span> : null}
          {removedWithParent ? <span className="tag tag--weak">removed with its parent</span> : null}
        </span>
        {removedWithParent || (props.locked && !removed) ? null : (
          <button
            type="button"
            className="row__toggle"
            tabIndex={props.current ? 0 : -1}
            aria-label={removed ? `Restore ${name}` : `Remove ${name}`}
            disabled={props.locked}
            onClick={() => props.onToggle(element.id)}
          >
            {removed ? 'Restore' : 'Remove'}
          </button>
        )}
      </div>
      {layout.textLines > 0 ? (
        <p className="row__text" style={{ WebkitLineClamp: layout.textLines, height: layout.textLines * LINE_PX }} title={layout.text.length > 80 ? visibleControls(layout.text.slice(0, 2000), true) : undefined}>
          <ProviderText text={layout.text.slice(0, 2000)} multiline />
        </p>
      ) : null}
      {layout.images.length > 0 ? (
        <div className="row__thumbs">
          {layout.images.map((src, index) => (
            <img key={index} className="row__thumb" src={src} alt={`Image ${index + 1} of ${name}`} />
          ))}
        </div>
      ) : null}
      {layout.details.map((detail, index) => {
        if (detail.kind !== 'link') return <span key={index} className="row__attr"><ProviderText text={detail.text} /></span>;
        if (!detail.openable) return <span key={index} className="row__url"><ProviderText text={detail.url} /></span>;
        return (
          <a
            key={index}
            className="row__link"
            href={detail.url}
            onClick={(event) => {
              // No navigation inside the panel: links open in the user's browser through main.
              event.preventDefault();
              props.onOpenLink(detail.url);
            }}
          >
            <ProviderText text={detail.name} />
          </a>
        );
      })}
    </li>
  );
}
