import type { JSX, ReactNode } from 'react';
import { Check } from 'lucide-react';
import type { FieldName, SettingsEditor } from './use-settings-editor.js';

/**
 * One setting: its label, its control, its hint, and beside it what went wrong or a quiet
 * "Saved" once it is in force. `id` names the problem text, which the control points at.
 */
export function SettingRow(props: { editor: SettingsEditor; field: FieldName; label: string; labelFor?: string; hint?: ReactNode; children: ReactNode }): JSX.Element {
  const problem = props.editor.problems[props.field];
  return (
    <div className="setting">
      <div className="setting__line">
        {props.labelFor ? <label className="setting__label" htmlFor={props.labelFor}>{props.label}</label> : <span className="setting__label">{props.label}</span>}
        <div className="setting__control">{props.children}</div>
      </div>
      {props.hint ? <p className="setting__hint">{props.hint}</p> : null}
      {problem ? <p className="setting__problem" id={`problem-${props.field}`} role="alert">{problem}</p> : null}
      {!problem && props.editor.saved === props.field ? <p className="setting__saved" role="status" data-testid={`saved-${props.field}`}><Check size={11} aria-hidden="true" />Saved</p> : null}
    </div>
  );
}
