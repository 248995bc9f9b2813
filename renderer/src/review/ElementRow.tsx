import type { JSX, KeyboardEvent } from 'react';
import type { Element } from '../../../app/protocol/element.js';
import { accessibleName, attributesOf, imagesOf, kindOf, linksOf, statesOf, textOf } from './read-element.js';

/** What one row needs. */
export interface ElementRowProps {
  element: Element;
  depth: number;
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

const MAX_TEXT = 600;

/**
 * One element the way a person reads it. Hovered is shown as a weaker "under the pointer"
 * note and nothing more of it is shown or sent because of it (concepts.txt).
 */
export function ElementRow(props: ElementRowProps): JSX.Element {
  const { element, removed, removedWithParent } = props;
  const name = accessibleName(element);
  const text = textOf(element);
  const gone = removed || removedWithParent;
  const classes = ['row', gone ? 'row--removed' : '', element.hovered ? 'row--hovered' : '', element.role === 'Text' && element.selected ? 'row--selection' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classes}
      style={{ paddingInlineStart: `${0.5 + props.depth * 1.1}rem` }}
      data-element-id={element.id}
      aria-label={gone ? `${name}, removed` : name}
      tabIndex={props.current ? 0 : -1}
      onFocus={() => props.onFocusRow(element.id)}
      onKeyDown={(event) => props.onKeyDown(event, element.id)}
    >
      <div className="row__head">
        <span className="row__label">
          <span className="row__kind">{kindOf(element)}</span>
          {element.title ? <span className="row__title">{element.title}</span> : null}
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
      {text ? <p className="row__text">{text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text}</p> : null}
      {imagesOf(element).map((src, index) => (
        <img key={index} className="row__thumb" src={src} alt={`Image ${index + 1} of ${name}`} />
      ))}
      {linksOf(element).map((link) =>
        link.openable ? (
          <a
            key={link.url}
            className="row__link"
            href={link.url}
            onClick={(event) => {
              // No navigation inside the panel: links open in the user's browser through main.
              event.preventDefault();
              props.onOpenLink(link.url);
            }}
          >
            {link.name}
          </a>
        ) : (
          <span key={link.url} className="row__url">{link.url}</span>
        ),
      )}
      {attributesOf(element).map((line) => (
        <span key={line} className="row__attr">{line}</span>
      ))}
    </li>
  );
}
