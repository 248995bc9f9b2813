import { memo, type JSX, type KeyboardEvent } from 'react';
import { ChevronDown, ExternalLink, ShieldAlert } from 'lucide-react';
import { RoleIcon } from '../icons/RoleIcon.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { accessibleName, foundWhere, INCLUDED_ONCE, insideWords, openableUrl, shortName, statesOf, statusWordsOf, textOf, thumbnailOf, titleOf, wordsOf } from './element-words.js';
import type { Screened } from './screening.js';
import type { Row } from './tree-model.js';

/** Every row's height in pixels (styles.css .row): one line, as Mac lists have. */
export const ROW_PX = 24;
/** Deeper rows stop moving right: 64 levels of indent would push the title out of a 420 px panel. */
const INDENT_CAP = 8;
const INDENT_STEP_PX = 14;

/** What one row needs. */
export interface TreeRowProps {
  row: Row;
  top: number;
  /** Roving focus: only the current row is in the Tab order. */
  current: boolean;
  /** The context was sent: nothing can be excluded or restored until the next hotkey. */
  locked: boolean;
  locale: string;
  /** Left out by main before the user looked (a rule, a secret); undefined for the rest. */
  screened: Screened | undefined;
  /** A screened element the user included for this message. */
  includedOnce: boolean;
  /** Lower-cased filter text ('' for none): a row found by what it does not show says where. */
  filter: string;
  onToggle(id: string): void;
  /** The row's menu is open (its pull-down shows it). */
  menuOpen: boolean;
  /** Opens the row's menu ("Always leave out … from the app"), under the pull-down or at the pointer. */
  onMenu(id: string, at: { x: number; y: number; align: 'start' | 'end' }): void;
  onExpand(id: string, open: boolean): void;
  onFocusRow(id: string): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>, row: Row): void;
  onOpenLink(url: string): void;
}

/**
 * One element on one line: the fold arrow, its role's icon (or its picture), its title, the
 * app's words for it, its states, and Exclude or Restore on hover and focus. An excluded
 * element is folded with everything inside it into this one dim line.
 */
export const TreeRow = memo(function TreeRow(props: TreeRowProps): JSX.Element {
  const { row, locale } = props;
  const { element } = row.node;
  const inside = row.node.size - 1;
  const name = shortName(element);
  const thumbnail = thumbnailOf(element);
  const url = openableUrl(element);
  const words = wordsOf(element, locale);
  const text = textOf(element);
  const found = row.excluded ? undefined : foundWhere(element, props.filter, locale);
  const { screened } = props;
  const classes = ['row', row.excluded ? 'row--excluded' : '', row.excluded && !screened ? 'row--user-excluded' : '', screened?.kind === 'secret' ? 'row--secret' : '', props.current ? 'row--current' : '', element.role === 'Text' && element.selected ? 'row--selection' : ''].filter(Boolean).join(' ');
  return (
    <div
      role="treeitem"
      className={classes}
      style={{ top: props.top, paddingInlineStart: 4 + Math.min(row.node.depth, INDENT_CAP) * INDENT_STEP_PX }}
      data-element-id={element.id}
      aria-label={accessibleName(element, { excluded: row.excluded, inside, locked: props.locked, ...(screened && row.excluded ? { screened: screened.words } : {}), includedOnce: props.includedOnce, ...(found ? { found } : {}) }, locale)}
      aria-level={row.node.depth + 1}
      aria-posinset={row.node.position}
      aria-setsize={row.node.siblings}
      aria-expanded={row.hasChildren && !row.excluded ? row.expanded : undefined}
      aria-selected={props.current}
      aria-keyshortcuts={props.locked ? undefined : 'Backspace Shift+F10'}
      tabIndex={props.current ? 0 : -1}
      title={text.length > 60 ? visibleControls(text.slice(0, 1000), true) : undefined}
      onFocus={(event) => { if (event.target === event.currentTarget) props.onFocusRow(element.id); }}
      onMouseDown={() => props.onFocusRow(element.id)}
      onContextMenu={(event) => { event.preventDefault(); if (!props.locked) props.onMenu(element.id, { x: event.clientX, y: event.clientY, align: 'start' }); }}
      onDoubleClick={() => row.hasChildren && !row.excluded && props.onExpand(element.id, !row.expanded)}
      onKeyDown={(event) => props.onKeyDown(event, row)}
    >
      <span
        className={`row__twisty${row.hasChildren && !row.excluded ? ' row__twisty--branch' : ''}${row.expanded ? ' row__twisty--open' : ''}`}
        aria-hidden="true"
        onClick={(event) => { event.stopPropagation(); if (row.hasChildren && !row.excluded) props.onExpand(element.id, !row.expanded); }}
      />
      {thumbnail ? <img className="row__thumb" src={thumbnail} alt="" /> : <RoleIcon element={element} className="row__icon" />}
      {/* Past the indent cap the depth is shown in words: the indent no longer shows it. Drawn by CSS: a
          screen reader has aria-level, and the mark must not count as the row's text (its name would miss it). */}
      {row.node.depth > INDENT_CAP ? <span className="row__level" data-level={`L${row.node.depth + 1}`} aria-hidden="true" /> : null}
      <span className="row__main">
        <span className="row__title"><ProviderText text={titleOf(element)} /></span>
        {/* Spaces between the parts: invisible in the flex line, but the row's text reads as words (its accessible name is the same words). */}
        {words.length > 0 && !row.excluded ? <>{' '}<span className="row__words"><ProviderText text={words.join(' · ')} /></span></> : null}
        {row.excluded && screened ? <>{' '}<span className="row__words">{screened.words}</span></> : null}
      </span>
      {/* What the user did to the row is a mark like the states, never cut: the title gives way first,
          then how much went with it; Restore and the pull-down stay whole. */}
      {row.excluded && !screened ? <span className="row__mark row__mark--excluded"> excluded</span> : null}
      {row.excluded && !screened && inside > 0 ? <span className="row__mark row__mark--inside">{` ${insideWords(inside, locale)}`}</span> : null}
      {/* The app's status and the states are marks at the right end, never cut: the long words before them give way first. */}
      {row.excluded ? null : statusWordsOf(element, locale).map((status) => <span key={`status-${status}`} className="row__mark row__mark--status"><ProviderText text={` ${status}`} /></span>)}
      {row.excluded ? null : statesOf(element).map((state) => <span key={state} className={`row__mark row__mark--${state.replace(' ', '-')}`}>{` ${state}`}</span>)}
      {/* Found by what the row does not show (its link, its text past the line): said, as nothing is marked. */}
      {found ? <span className="row__mark row__mark--found">{` ${found}`}</span> : null}
      {props.includedOnce && !row.excluded ? <span className="row__mark row__mark--once"><ShieldAlert size={11} aria-hidden="true" />{` ${INCLUDED_ONCE}`}</span> : null}
      {url && !row.excluded ? (
        <button type="button" className="row__action" tabIndex={-1} aria-label={`Open ${name} in the browser`} title={visibleControls(url)} onClick={(event) => { event.stopPropagation(); props.onOpenLink(url); }}>
          <ExternalLink size={13} aria-hidden="true" />
        </button>
      ) : null}
      {props.locked ? null : row.excluded && screened ? (
        <>{' '}<button type="button" className="row__button" tabIndex={-1} aria-label={`Include ${name} in this message`} title="Send it with this message only (⌫)" onClick={(event) => { event.stopPropagation(); props.onToggle(element.id); }}>Include</button></>
      ) : row.excluded ? (
        <>
          {' '}
          <button type="button" className="row__button" tabIndex={-1} aria-label={`Restore ${name}`} title="Put it back into what is sent (⌫)" onClick={(event) => { event.stopPropagation(); props.onToggle(element.id); }}>Restore</button>
          {/* The standing rule, in its full words, is in the row's menu: a pull-down as a Mac list
              has, in Restore's style (one style per row); Shift-F10 opens it from the keyboard. */}
          <button
            type="button" className="row__button row__more" tabIndex={-1} aria-haspopup="menu" aria-expanded={props.menuOpen}
            aria-label={`More for ${name}`} title="Always leave it out, and more (⇧F10)"
            onClick={(event) => {
              event.stopPropagation();
              const box = event.currentTarget.getBoundingClientRect();
              props.onMenu(element.id, { x: box.right, y: box.bottom + 4, align: 'end' });
            }}
          >
            <ChevronDown size={12} aria-hidden="true" />
          </button>
        </>
      ) : (
        <button type="button" className="row__action row__action--exclude" tabIndex={-1} aria-label={`Exclude ${name}`} title="Exclude (⌫)" onClick={(event) => { event.stopPropagation(); props.onToggle(element.id); }} />
      )}
    </div>
  );
});
