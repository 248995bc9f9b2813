import { useState, type JSX } from 'react';
import { isInterpreterBundleId } from '../../../contract/interpreter.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { ProviderText } from '../text/ProviderText.js';
import { INTERPRETER_NEW_RULE_WORDS } from '../words/rules.js';
import type { KnownApp } from '../../../contract/ipc.js';
import { RULE_LABELS } from './rule-labels.js';
import type { RuleName } from '../../../contract/privacy.js';

/**
 * A rule for an app Glance has seen (a receipt, or a context collected since it started) that has
 * none yet: pick the app by name, pick the rule, Add. An option's text cannot hold markup, so the
 * name and bundle id are put there with their invisible characters marked. An interpreter's
 * name (Linux) is said to cover every program it runs before the rule is made, as the list says
 * after.
 */
export function AddRule(props: { apps: KnownApp[]; onAdd(bundleId: string, rule: Exclude<RuleName, 'allow'>): void }): JSX.Element {
  const [bundleId, setBundleId] = useState('');
  const [rule, setRule] = useState<Exclude<RuleName, 'allow'>>('never');
  const chosen = props.apps.some((app) => app.bundleId === bundleId) ? bundleId : (props.apps[0]?.bundleId ?? '');
  return (
    <div className="rules__add" role="group" aria-label="Add a rule for an app Glance has seen">
      <span className="rules__add-label">Add a rule</span>
      <select aria-label="App" value={chosen} onChange={(e) => setBundleId(e.target.value)}>
        {props.apps.map((app) => <option key={app.bundleId} value={app.bundleId}>{`${visibleControls(app.name)} (${visibleControls(app.bundleId)})`}</option>)}
      </select>
      <select aria-label="Rule" value={rule} onChange={(e) => setRule(e.target.value as Exclude<RuleName, 'allow'>)}>
        <option value="never">{RULE_LABELS.never}</option>
        <option value="local">{RULE_LABELS.local}</option>
      </select>
      <button type="button" className="button" disabled={chosen === ''} onClick={() => props.onAdd(chosen, rule)}>Add</button>
      {isInterpreterBundleId(chosen) ? <p className="setting__hint rules__add-hint"><ProviderText text={chosen} />{INTERPRETER_NEW_RULE_WORDS}</p> : null}
    </div>
  );
}
