import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent, type MutableRefObject } from 'react';
import type { Screened } from './screening.js';
import { ROW_PX, TreeRow } from './TreeRow.js';
import { RowMenu, type RowMenuAnchor, type RowMenuItem } from './RowMenu.js';
import { alwaysLabel } from './element-words.js';
import { visibleRows, type Row, type TreeIndex } from './tree-model.js';
import { useWindow } from './use-window.js';
import { TREE_PAINTED_MARK } from '../../../contract/marks.js';
import { usePaintMark } from '../paint-mark.js';
import { markMatches } from './filter-highlight.js';

/** What the tree needs. */
export interface ContextTreeProps {
  tree: TreeIndex;
  excluded: ReadonlySet<string>;
  /** Lower-cased filter text ('' for none). */
  filter: string;
  /** True once the context was sent: what went cannot be taken back. */
  locked: boolean;
  locale: string;
  /** Elements main left out before the user looked (rules, secrets), and those included anyway. */
  screened: ReadonlyMap<string, Screened>;
  allowed: ReadonlySet<string>;
  onToggle(id: string): void;
  onAlways(id: string): void;
  /** The app's name, for the standing rule's words ("… from Sample Notes"). */
  appName?: string | undefined;
  onOpenLink(url: string): void;
  /** Return in the tree: ask (or go to the question field when it is empty). */
  onReturn(): void;
  /** A printable key in the tree: it was meant for the question field, which takes it. */
  onType(text: string): void;
  /** Set to a function that puts the keyboard focus on the current row (from the question field, the filter). */
  focusRef: MutableRefObject<(() => void) | null>;
}

/**
 * The collected elements as a tree (role tree, one treeitem per row with its level, position,
 * expanded and selected state). Only the rows in view are drawn (a provider may send 20,000),
 * plus the current one, so focus never falls out of the list. Roving focus: the current row is
 * the tree's one Tab stop. Keys: arrows, Page Up/Down, Home/End move; Left and Right fold and
 * unfold (or go to the parent and the first child); Backspace or Delete excludes or restores;
 * Return asks; any other character goes to the question field.
 */
export function ContextTree(props: ContextTreeProps): JSX.Element {
  const { tree, excluded, filter } = props;
  const [collapsed, setCollapsed] = useState<{ tree: TreeIndex; ids: ReadonlySet<string> }>({ tree, ids: new Set() });
  const folded = collapsed.tree === tree ? collapsed.ids : new Set<string>();
  const rows = useMemo(() => visibleRows(tree, { collapsed: folded, excluded, filter }), [tree, folded, excluded, filter]);
  const rowIndex = useMemo(() => new Map(rows.map((row, index) => [row.node.element.id, index])), [rows]);
  const view = useWindow(rows.length, ROW_PX);
  // Each new tree, once painted: the hotkey-to-review figure in docs/benchmarks.md.
  usePaintMark(TREE_PAINTED_MARK, tree);
  // A new tree starts on the selection, where the user's attention was, else at its root.
  const startId = useMemo(() => tree.nodes.find((node) => node.element.selected)?.element.id ?? tree.nodes[0]?.element.id ?? '', [tree]);
  const [currentId, setCurrentId] = useState<{ tree: TreeIndex; id: string }>({ tree, id: startId });
  const wanted = currentId.tree === tree ? currentId.id : startId;
  const current = rowIndex.get(wanted) ?? 0;
  const pendingFocus = useRef<string | null>(null);
  // The one row menu open, if any: which row's, and where.
  const [menu, setMenu] = useState<{ tree: TreeIndex; id: string; at: RowMenuAnchor } | null>(null);
  const menuId = menu?.tree === tree ? menu.id : null;

  const expand = useCallback((id: string, open: boolean) => {
    setCollapsed((before) => {
      const ids = new Set(before.tree === tree ? before.ids : []);
      if (open) ids.delete(id);
      else ids.add(id);
      return { tree, ids };
    });
  }, [tree]);

  const moveTo = useCallback((index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    const row = rows[target];
    if (!row) return;
    setCurrentId({ tree, id: row.node.element.id });
    pendingFocus.current = row.node.element.id;
    view.reveal(target);
  }, [rows, tree, view]);

  useLayoutEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    pendingFocus.current = null;
    // The scroll position is ours (reveal): the browser must not scroll the focused row again.
    view.scroller.current?.querySelector<HTMLElement>(`[data-element-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  });

  // The filter's matches, marked in the rows drawn now: after every draw (a scroll draws others),
  // and as the focus enters or leaves the tree (the current row turns to the accent and back).
  useLayoutEffect(() => markMatches(view.scroller.current, filter));
  useEffect(() => {
    const scroller = view.scroller.current;
    if (!scroller) return undefined;
    // A frame later: while focusout runs, the tree still has the focus. A frame still pending when
    // the filter changes is cancelled: run after the new filter's marks (or their clearing), it
    // would mark the old filter's matches again (seen once the search field took the focus and
    // Esc cleared it before the next frame, on a loaded machine).
    let frame = 0;
    const again = (): void => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => markMatches(scroller, filter));
    };
    scroller.addEventListener('focusin', again);
    scroller.addEventListener('focusout', again);
    return () => {
      cancelAnimationFrame(frame);
      scroller.removeEventListener('focusin', again);
      scroller.removeEventListener('focusout', again);
    };
  }, [filter, view.scroller]);
  // A tree that goes (the next press, Settings) takes its marks with it.
  useEffect(() => {
    const scroller = view.scroller.current;
    return () => markMatches(scroller, '');
  }, [view.scroller]);

  useEffect(() => {
    props.focusRef.current = () => moveTo(current);
    return () => { props.focusRef.current = null; };
  });

  const handleKey = (event: KeyboardEvent<HTMLElement>, row: Row): void => {
    if (event.target !== event.currentTarget || event.nativeEvent.isComposing) return;
    const index = rowIndex.get(row.node.element.id) ?? 0;
    const page = view.perPage;
    const parentRow = (): number | undefined => (row.node.parent >= 0 ? rowIndex.get(tree.nodes[row.node.parent]?.element.id ?? '') : undefined);
    const plain = !event.metaKey && !event.ctrlKey && !event.altKey;
    let handled = true;
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'PageDown') moveTo(index + page);
    else if (event.key === 'PageUp') moveTo(index - page);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(rows.length - 1);
    else if (event.key === 'ArrowRight') {
      if (row.hasChildren && !row.excluded && !row.expanded && !filter) expand(row.node.element.id, true);
      else if (row.expanded) moveTo(index + 1);
    } else if (event.key === 'ArrowLeft') {
      if (row.expanded && !filter) expand(row.node.element.id, false);
      else {
        const parent = parentRow();
        if (parent !== undefined) moveTo(parent);
      }
    } else if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      const box = event.currentTarget.getBoundingClientRect();
      if (!props.locked) setMenu({ tree, id: row.node.element.id, at: { x: box.left + 24, y: box.bottom + 2, align: 'start' } });
    } else if ((event.key === 'Backspace' || event.key === 'Delete') && plain) {
      if (!props.locked) props.onToggle(row.node.element.id);
    } else if (event.key === 'Enter' && plain) props.onReturn();
    else if (event.key.length === 1 && plain && event.key !== ' ') props.onType(event.key);
    else handled = false;
    if (handled) event.preventDefault();
  };

  // Stable callbacks for the rows (memoised): moving the focus or scrolling redraws only the
  // rows that changed, not every row in view.
  const latest = useRef({ handleKey, onToggle: props.onToggle });
  latest.current = { handleKey, onToggle: props.onToggle };
  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>, row: Row) => latest.current.handleKey(event, row), []);
  const onToggle = useCallback((id: string) => latest.current.onToggle(id), []);
  const onFocusRow = useCallback((id: string) => setCurrentId({ tree, id }), [tree]);
  const onMenu = useCallback((id: string, at: RowMenuAnchor) => setMenu({ tree, id, at }), [tree]);
  const closeMenu = (refocus: boolean): void => {
    if (refocus && menuId !== null) {
      // Back on the row the menu was for, by the keyboard's path (a pointer's choice lands there too).
      setCurrentId({ tree, id: menuId });
      pendingFocus.current = menuId;
    }
    setMenu(null);
  };
  // What can be done to a row, in full words: the standing rule names the kind and the app.
  const menuItems = (row: Row): RowMenuItem[] => {
    const { element } = row.node;
    const toggle = (): void => props.onToggle(element.id);
    if (props.screened.has(element.id)) return [{ label: row.excluded ? 'Include in this message' : 'Leave out again', choose: toggle }];
    return [
      { label: row.excluded ? 'Restore' : 'Exclude', choose: toggle },
      { label: `${alwaysLabel(element)} from ${props.appName || 'this app'}`, choose: () => props.onAlways(element.id) },
    ];
  };
  const menuRow = menuId === null ? undefined : rows[rowIndex.get(menuId) ?? -1];

  const drawn: number[] = [];
  if (current < view.first) drawn.push(current);
  for (let i = view.first; i < view.last; i += 1) drawn.push(i);
  if (current >= view.last && current < rows.length) drawn.push(current);

  return (
    <div className="tree-scroll" ref={view.scroller} onScroll={view.onScroll}>
      {rows.length === 0 ? <p className="tree-empty" role="status">Nothing in the context matches the filter.</p> : null}
      <div className="tree" role="tree" aria-label="Collected context" style={{ height: view.total }}>
        {drawn.map((index) => {
          const row = rows[index];
          if (!row) return null;
          return (
            <TreeRow
              key={row.node.element.id}
              row={row}
              top={view.offsetOf(index)}
              current={index === current}
              locked={props.locked}
              locale={props.locale}
              screened={props.screened.get(row.node.element.id)}
              includedOnce={props.allowed.has(row.node.element.id)}
              filter={filter}
              onToggle={onToggle}
              menuOpen={menuId === row.node.element.id}
              onMenu={onMenu}
              onExpand={expand}
              onFocusRow={onFocusRow}
              onKeyDown={onKeyDown}
              onOpenLink={props.onOpenLink}
            />
          );
        })}
      </div>
      {menu && menuRow ? <RowMenu label={`Actions for ${menuRow.node.element.title ?? menuRow.node.element.role}`} items={menuItems(menuRow)} at={menu.at} onClose={closeMenu} /> : null}
    </div>
  );
}
