import { useLayoutEffect, useRef, type JSX, type KeyboardEvent } from 'react';

/** One choice in a row's menu. */
export interface RowMenuItem {
  label: string;
  choose(): void;
}

/** Where the menu opens: under its pull-down button (its end edge there) or at the pointer or the row's start. */
export interface RowMenuAnchor {
  x: number;
  y: number;
  align: 'start' | 'end';
}

/**
 * A row's menu: what can be done to the element, in full words ("Always leave out task lists
 * from Sample Notes"), as a Mac list's pull-down and context menu offer them. Opened by the row's
 * pull-down button, a right click, Shift-F10 or the context-menu key; the focus goes to the
 * first choice, the arrows move, Return or Space chooses, Esc or Tab folds it back onto the row.
 * Fixed to the window, so the tree's scrolling box never cuts it; kept inside the window.
 */
export function RowMenu(props: { label: string; items: RowMenuItem[]; at: RowMenuAnchor; onClose(refocus: boolean): void }): JSX.Element {
  const menu = useRef<HTMLDivElement>(null);
  const choices = (): HTMLButtonElement[] => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  const { x, y, align } = props.at;
  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return undefined;
    // Placed through the CSSOM (the page's CSP allows no style strings), measured first so it fits:
    // from the window's left edge, so its width is its own and not what was left beside the anchor.
    const place = (): void => {
      el.style.setProperty('left', '0px');
      const { width, height } = el.getBoundingClientRect();
      const left = Math.max(4, Math.min(window.innerWidth - width - 4, align === 'end' ? x - width : x));
      const top = y + height + 4 > window.innerHeight ? Math.max(4, y - height - 28) : y;
      el.style.setProperty('left', `${left}px`);
      el.style.setProperty('top', `${top}px`);
    };
    place();
    choices()[0]?.focus();
    // A panel made narrower while the menu is open keeps it inside (its words wrap rather than run off).
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [x, y, align]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Escape' || event.key === 'Tab') {
      // Esc folds the menu, not the panel.
      event.preventDefault();
      event.stopPropagation();
      props.onClose(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      event.stopPropagation();
      const list = choices();
      const at = list.indexOf(document.activeElement as HTMLButtonElement);
      const next = event.key === 'Home' ? 0 : event.key === 'End' ? list.length - 1 : event.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
      list[next]?.focus();
    }
  };
  return (
    <div
      ref={menu} role="menu" aria-label={props.label} className="rule-menu__items row-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onClose(false); }}
    >
      {props.items.map((item) => (
        <button key={item.label} type="button" role="menuitem" tabIndex={-1} className="rule-menu__item" onClick={() => { props.onClose(true); item.choose(); }}>
          {item.label}
        </button>
      ))}
    </div>
  );
}
