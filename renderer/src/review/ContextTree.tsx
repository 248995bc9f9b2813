import { useCallback, useLayoutEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { Element } from '../../../contract/review.js';
import { ElementRow } from './ElementRow.js';
import { flatten } from './read-element.js';
import { layoutRow } from './row-layout.js';
import { useWindow } from './use-window.js';

/** What the tree needs. */
export interface ContextTreeProps {
  root: Element;
  removed: ReadonlySet<string>;
  /** True once the context was sent (see ElementRow). */
  locked: boolean;
  onToggle(id: string): void;
  onOpenLink(url: string): void;
}

/**
 * The collected elements in document order, indented by depth. Only the rows in view are
 * drawn (a provider may send 20,000 elements), plus the focused one, so focus never falls out
 * of the list while the user scrolls. Keyboard first, across the whole list: arrows move
 * between elements, Page Up/Down by a view, Home/End jump, Backspace or Delete removes the
 * focused one (and restores it when it is already removed).
 */
export function ContextTree(props: ContextTreeProps): JSX.Element {
  const rows = useMemo(() => flatten(props.root), [props.root]);
  const indexOf = useMemo(() => new Map(rows.map((row, index) => [row.element.id, index])), [rows]);
  const heightOf = useCallback((index: number, width: number): number => {
    const row = rows[index];
    return row ? layoutRow(row.element, row.depth, width).height : 0;
  }, [rows]);
  const view = useWindow(rows.length, heightOf);
  const [currentId, setCurrentId] = useState<string>(props.root.id);
  // A new tree (a new hotkey press) starts at its root.
  const current = indexOf.get(currentId) ?? 0;
  /** The row to focus once it is drawn: a key press can move focus to a row not yet in the DOM. */
  const pendingFocus = useRef<string | null>(null);

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    // The scroll position is ours (reveal): the browser must not scroll the focused row again.
    view.scroller.current?.querySelector<HTMLElement>(`[data-element-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, id: string): void => {
    // Keys pressed on the row's own button (Enter, Space) are the button's business.
    if (event.target !== event.currentTarget) return;
    const index = indexOf.get(id) ?? 0;
    const move = (to: number): void => {
      const target = Math.max(0, Math.min(rows.length - 1, to));
      const row = rows[target];
      if (row) {
        setCurrentId(row.element.id);
        pendingFocus.current = row.element.id;
        view.reveal(target);
      }
      event.preventDefault();
    };
    const page = (view.scroller.current?.clientHeight ?? 0) * 0.9;
    const start = view.offsets[index] ?? 0;
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'PageDown') move(Math.max(index + 1, view.rowAt(start + page)));
    else if (event.key === 'PageUp') move(Math.min(index - 1, view.rowAt(start - page)));
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rows.length - 1);
    else if (event.key === 'Backspace' || event.key === 'Delete') {
      const row = rows[index];
      // An element removed with its parent is restored with the parent, not on its own.
      if (row && !props.locked && !row.ancestors.some((a) => props.removed.has(a))) props.onToggle(id);
      event.preventDefault();
    }
  };

  const drawn: number[] = [];
  if (current < view.first) drawn.push(current);
  for (let i = view.first; i < view.last; i += 1) drawn.push(i);
  if (current >= view.last && current < rows.length) drawn.push(current);

  return (
    <div className="tree-scroll" ref={view.scroller} onScroll={view.onScroll}>
      <ul className="tree" aria-label="Collected context" style={{ height: view.total }}>
        {drawn.map((index) => {
          const row = rows[index];
          if (!row) return null;
          return (
            <ElementRow
              key={row.element.id}
              element={row.element}
              depth={row.depth}
              position={index + 1}
              total={rows.length}
              layout={layoutRow(row.element, row.depth, view.width)}
              top={view.offsets[index] ?? 0}
              removed={props.removed.has(row.element.id)}
              removedWithParent={row.ancestors.some((a) => props.removed.has(a))}
              current={index === current}
              locked={props.locked}
              onToggle={props.onToggle}
              onFocusRow={setCurrentId}
              onKeyDown={onKeyDown}
              onOpenLink={props.onOpenLink}
            />
          );
        })}
      </ul>
    </div>
  );
}
