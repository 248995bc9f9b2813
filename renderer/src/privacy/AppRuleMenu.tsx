import { useState, type JSX } from 'react';
import { Ban, HardDrive, Globe, Shield } from 'lucide-react';

type Rule = 'allow' | 'never' | 'local';

/**
 * The rules for the app in front, from the review: "Never from this app" and "Only local
 * models for this app" (or back to any model). A disclosure button over plain buttons, so the
 * keyboard and VoiceOver reach it as they reach any button; Esc folds it without closing the
 * panel; Settings › Rules lists and undoes what it set.
 */
export function AppRuleMenu(props: { rule: Rule; onRule(rule: Rule): void }): JSX.Element {
  const [open, setOpen] = useState(false);
  const choose = (rule: Rule): void => {
    setOpen(false);
    props.onRule(rule);
  };
  return (
    <div
      className="rule-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button type="button" className={`icon-button${open ? ' icon-button--open' : ''}`} aria-label="Rules for this app" title="Rules for this app" aria-expanded={open} aria-controls="rule-menu-items" onClick={() => setOpen(!open)}>
        <Shield size={15} aria-hidden="true" />
      </button>
      {open ? (
        <div className="rule-menu__items" id="rule-menu-items">
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
