import { useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { Element } from '../../../app/protocol/element.js';
import { ElementRow } from './ElementRow.js';
import { flatten } from './read-element.js';

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
 * The collected elements in document order, indented by depth. Keyboard first: arrows move
 * between elements, Home/End jump, Backspace or Delete removes the focused one (and restores
 * it when it is already removed).
 */
export function ContextTree(props: ContextTreeProps): JSX.Element {
  const rows = useMemo(() => flatten(props.root), [props.root]);
  const [currentId, setCurrentId] = useState<string>(props.root.id);
  const list = useRef<HTMLUListElement>(null);

  const focusRow = (id: string): void => {
    setCurrentId(id);
    list.current?.querySelector<HTMLElement>(`[data-element-id="${CSS.escape(id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, id: string): void => {
    // Keys pressed on the row's own button (Enter, Space) are the button's business.
    if (event.target !== event.currentTarget) return;
    const index = rows.findIndex((row) => row.element.id === id);
    const move = (to: number): void => {
      const row = rows[Math.max(0, Math.min(rows.length - 1, to))];
      if (row) focusRow(row.element.id);
      event.preventDefault();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(rows.length - 1);
    else if (event.key === 'Backspace' || event.key === 'Delete') {
      const row = rows[index];
      // An element removed with its parent is restored with the parent, not on its own.
      if (row && !props.locked && !row.ancestors.some((a) => props.removed.has(a))) props.onToggle(id);
      event.preventDefault();
    }
  };

  return (
    <ul className="tree" ref={list} aria-label="Collected context">
      {rows.map((row) => (
        <ElementRow
          key={row.element.id}
          element={row.element}
          depth={row.depth}
          removed={props.removed.has(row.element.id)}
          removedWithParent={row.ancestors.some((a) => props.removed.has(a))}
          current={row.element.id === currentId}
          locked={props.locked}
          onToggle={props.onToggle}
          onFocusRow={setCurrentId}
          onKeyDown={onKeyDown}
          onOpenLink={props.onOpenLink}
        />
      ))}
    </ul>
  );
}
