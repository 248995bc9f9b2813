import { useEffect, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { Ban, ChevronDown, HardDrive, Globe, Shield } from 'lucide-react';
import type { RuleName } from '../../../contract/privacy.js';

/**
 * The rules for the app in front, from the review: "Never from this app" and "Only local
 * models for this app" (or back to any model). A labelled button ("Rules", with a shield and a
 * disclosure chevron, as a Mac toolbar's pull-down reads) over plain buttons, so the keyboard and
 * VoiceOver reach it as they reach any button; opening moves the focus to the first choice, the
 * arrow keys move between choices, and Esc folds it back onto the button without closing the
 * panel. Settings › Rules lists and undoes what it set.
 */
export function AppRuleMenu(props: { rule: RuleName; onRule(rule: RuleName): void }): JSX.Element {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<HTMLDivElement>(null);
  const choices = (): HTMLButtonElement[] => [...(items.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
  useEffect(() => {
    if (open) choices()[0]?.focus();
  }, [open]);
  const close = (refocus: boolean): void => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const choose = (rule: RuleName): void => {
    close(true);
    props.onRule(rule);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const list = choices();
      const at = list.indexOf(document.activeElement as HTMLButtonElement);
      const next = event.key === 'ArrowDown' ? (at + 1) % list.length : (at - 1 + list.length) % list.length;
      list[next]?.focus();
    }
  };
  return (
    <div
      className="rule-menu"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button} type="button" className={`button button--quiet rule-menu__button${open ? ' rule-menu__button--open' : ''}`}
        title="Never read this app, or only send its context to local models" aria-expanded={open} aria-controls="rule-menu-items"
        onClick={() => setOpen(!open)}
      >
        <Shield size={13} aria-hidden="true" />
        <span className="toolbar__label">Rules</span><span className="sr-only"> for this app</span>
        <ChevronDown size={12} aria-hidden="true" className="rule-menu__chevron" />
      </button>
      {open ? (
        <div className="rule-menu__items" id="rule-menu-items" ref={items}>
          <button type="button" className="rule-menu__item" onClick={() => choose('never')}>
            <Ban size={14} aria-hidden="true" />Never from this app
          </button>
          {props.rule === 'local' ? (
            <button type="button" className="rule-menu__item" onClick={() => choose('allow')}>
              <Globe size={14} aria-hidden="true" />Any model for this app
            </button>
          ) : (
            <button type="button" className="rule-menu__item" onClick={() => choose('local')}>
              <HardDrive size={14} aria-hidden="true" />Only local models for this app
            </button>
          )}
        </div>
      ) : null}
    </div>
  );
}
