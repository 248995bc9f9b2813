import { useEffect, useRef } from 'react';

/** What the panel's own shortcuts do; each is optional where it does not apply now. */
export interface PanelKeyActions {
  /** Esc: close the topmost thing (the payload sheet, the settings), else the panel. */
  escape(): void;
  /** Cmd-,: settings, or back from them. */
  settings(): void;
  /** Cmd-R: collect again from the same app (never a reload of the page). */
  again(): void;
  /** Cmd-Z outside a text field: take back the last exclusion. */
  undo(): void;
  /** Cmd-F: the filter. */
  find(): void;
  /** Cmd-/: the sheet of every shortcut that works here (as in Apple's apps' Help for keys). */
  shortcuts(): void;
}

/** True where Cmd-Z belongs to the text being typed, not to the review. */
function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'TEXTAREA' || (target.tagName === 'INPUT' && !['checkbox', 'radio', 'button'].includes((target as HTMLInputElement).type)) || target.isContentEditable);
}

/**
 * The panel's shortcuts, on the window: a component that handles a key itself (the filter's
 * first Esc, the shortcut recorder) stops it or marks it handled first. Command is the Mac's
 * modifier; the e2e tests press Meta the same way.
 */
export function usePanelKeys(actions: PanelKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      const act = latest.current;
      const command = event.metaKey && !event.ctrlKey && !event.altKey;
      if (event.key === 'Escape' && !event.metaKey && !event.ctrlKey) act.escape();
      else if (command && event.key === ',') act.settings();
      else if (command && (event.key === 'r' || event.key === 'R') && !event.shiftKey) act.again();
      else if (command && (event.key === 'z' || event.key === 'Z') && !event.shiftKey && !isTextField(event.target)) act.undo();
      else if (command && (event.key === 'f' || event.key === 'F')) act.find();
      else if (command && event.key === '/') act.shortcuts();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
