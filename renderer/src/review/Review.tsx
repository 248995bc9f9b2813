import type { JSX, MutableRefObject, RefObject } from 'react';
import { Accessibility, Crosshair, Search, ShieldAlert } from 'lucide-react';
import { AppRuleMenu } from '../privacy/AppRuleMenu.js';
import { ContextTree } from './ContextTree.js';
import type { Screened } from './screening.js';
import { countMatches, keepOnly, selectedIds, type TreeIndex } from './tree-model.js';
import type { Exclusions } from './use-exclusions.js';
import { ProviderText } from '../text/ProviderText.js';
import { WithApp } from '../text/WithApp.js';
import { THROUGH_ACCESSIBILITY } from '../words/invocation.js';
import type { RuleName } from '../../../contract/privacy.js';
import type { SourceKind } from '../../../contract/sources.js';

/** What the review needs. */
export interface ReviewProps {
  tree: TreeIndex;
  exclusions: Exclusions;
  /** What the tree shows as left out: the user's exclusions and the screened elements not included. */
  leftOut: ReadonlySet<string>;
  screened: ReadonlyMap<string, Screened>;
  allowed: ReadonlySet<string>;
  /** Excludes or restores an element, or includes a screened one for this message. */
  onToggle(id: string): void;
  onAlways(id: string): void;
  /** The app's rule, when it was screened (the rule menu shows only then). */
  rule: RuleName | undefined;
  /** The rule is `local` and the model chosen is not on this Mac: none of this context goes. */
  ruleBlocks?: boolean;
  onRule(rule: RuleName): void;
  /** What main held back, and what the last rule action did, in sentences. */
  screeningLine: string | null;
  ruleNote: string | null;
  /** The context was sent with the first question: the tree is shown, not changed. */
  locked: boolean;
  locale: string;
  /** What the tolerant reader adjusted and what was ignored, in main's words. */
  notes: string[];
  filter: string;
  onFilter(filter: string): void;
  filterRef: RefObject<HTMLInputElement | null>;
  treeFocus: MutableRefObject<(() => void) | null>;
  onOpenLink(url: string): void;
  onReturn(): void;
  onType(text: string): void;
  /** Where the context came from, and the app's name: a read through Accessibility is marked as such. */
  source?: SourceKind | undefined;
  appName?: string;
}

/** The mark above the tree for each source: none for a provider, the weaker source said as such. */
const SOURCE_MARK: Record<SourceKind, ((appName: string) => JSX.Element) | null> = {
  provider: null,
  accessibility: (appName) => (
    <p className="screening screening--source" data-testid="source"><Accessibility size={13} aria-hidden="true" /><span><WithApp template={THROUGH_ACCESSIBILITY} appName={appName} /></span></p>
  ),
};

/**
 * Review mode: the tree has the height. Above it the filter, which takes the toolbar's free
 * width, then "Keep only the selection" and the app's rules, whose words grow shorter as the
 * panel narrows but stay, on a line of their own in the narrowest (styles.css, .toolbar); the
 * app's own notes go quietly below.
 */
export function Review(props: ReviewProps): JSX.Element {
  const { tree, exclusions, filter } = props;
  const lowered = filter.trim().toLowerCase();
  const selection = selectedIds(tree);
  const total = tree.nodes.length;
  const matches = lowered ? countMatches(tree, lowered) : total;
  return (
    <section className="review" aria-label="Context">
      {props.source ? SOURCE_MARK[props.source]?.(props.appName ?? '') : null}
      <div className="toolbar">
        <label className="search">
          <Search className="search__icon" size={13} aria-hidden="true" />
          <input
            ref={props.filterRef}
            className="search__input"
            type="search"
            aria-label="Filter the context"
            aria-keyshortcuts="Meta+F"
            placeholder={`Filter ${total.toLocaleString(props.locale)} item${total === 1 ? '' : 's'}`}
            value={filter}
            onChange={(event) => props.onFilter(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' || event.key === 'Enter') {
                event.preventDefault();
                props.treeFocus.current?.();
              } else if (event.key === 'Escape' && filter) {
                // The first Esc clears the filter; the next one closes the panel.
                event.preventDefault();
                event.stopPropagation();
                props.onFilter('');
              }
            }}
          />
          {lowered ? <span className="search__count" role="status">{`${matches.toLocaleString(props.locale)} found`}</span> : null}
        </label>
        {props.locked ? null : (
          <button
            type="button"
            className="button button--quiet toolbar__keep"
            disabled={selection.length === 0}
            aria-label="Keep only the selection"
            title={selection.length === 0 ? 'The app reported no selection' : 'Exclude everything but the selection and what leads to it'}
            onClick={() => exclusions.replace(keepOnly(tree, selection, exclusions.excluded))}
          >
            <Crosshair size={13} aria-hidden="true" />
            {/* Shorter as the toolbar narrows (styles.css), never a bare icon; both are in the name, for voice control. */}
            <span className="toolbar__label toolbar__label--long">Keep only the selection</span>
            <span className="toolbar__label toolbar__label--short">Only the selection</span>
          </button>
        )}
        {props.locked || props.rule === undefined ? null : <AppRuleMenu rule={props.rule} onRule={props.onRule} />}
      </div>
      {props.rule === 'local' ? (
        <p className={`screening${props.ruleBlocks ? ' screening--blocked' : ''}`} data-testid="local-rule">
          {props.ruleBlocks
            ? 'Your rule: only the offline answerer or a model server on this Mac gets this app’s context, so none goes to the model chosen now. Choose one on this Mac in Settings, or change the rule.'
            : 'Your rule: only the offline answerer or a model server on this Mac gets this app’s context.'}
        </p>
      ) : null}
      {props.screeningLine ? <p className="screening" data-testid="screening"><ShieldAlert size={13} aria-hidden="true" />{props.screeningLine}</p> : null}
      {props.ruleNote ? <p className="screening screening--done" role="status" data-testid="rule-note">{props.ruleNote}</p> : null}
      <div className="review__tree">
        <ContextTree
          tree={tree}
          excluded={props.leftOut}
          screened={props.screened}
          allowed={props.allowed}
          onAlways={props.onAlways}
          appName={props.appName}
          filter={lowered}
          locked={props.locked}
          locale={props.locale}
          onToggle={props.onToggle}
          onOpenLink={props.onOpenLink}
          onReturn={props.onReturn}
          onType={props.onType}
          focusRef={props.treeFocus}
        />
      </div>
      {props.notes.length > 0 ? (
        <details className="notes">
          <summary>{`${props.notes.length} note${props.notes.length === 1 ? '' : 's'} about this context`}</summary>
          <ul>{props.notes.map((note) => <li key={note}><ProviderText text={note} /></li>)}</ul>
        </details>
      ) : null}
    </section>
  );
}
