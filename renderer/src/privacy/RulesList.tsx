import { useCallback, useEffect, useState, type JSX } from 'react';
import { X } from 'lucide-react';
import type { GlanceApi } from '../bridge.js';
import { ProviderText } from '../text/ProviderText.js';

type RulesView = Awaited<ReturnType<GlanceApi['getRules']>>;
type Rule = RulesView['rules'][number]['rule'];
type Exclusion = RulesView['rules'][number]['exclusions'][number];

const RULE_LABELS: Record<Rule, string> = { allow: 'Any model', local: 'Local models only', never: 'Never' };

/** "every Text with subrole "comment"", as `glance rules` says it. */
function exclusionWords(exclusion: Exclusion): string {
  const subrole = exclusion.subrole !== undefined ? `of kind “${exclusion.subrole}”` : '';
  return [`every ${exclusion.role ?? 'element'}`, subrole].filter(Boolean).join(' ');
}

/**
 * Settings › Rules: every app a rule names (by bundle id, as the rule matches it), its rule,
 * and its standing exclusions, each removable. The same file `glance rules` shows; a change
 * made there shows here the next time Settings opens.
 */
export function RulesList(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const [view, setView] = useState<RulesView | null>(null);
  const take = useCallback((next: Promise<RulesView>) => {
    next.then(setView, () => setView({ rules: [], problem: 'Glance could not read its rules.' }));
  }, []);
  useEffect(() => take(api.getRules()), [api, take]);
  if (!view) return <p className="setting__hint">Loading rules…</p>;
  return (
    <div className="rules" data-testid="rules">
      {view.notice ? <p className="notice" role="alert">{view.notice}</p> : null}
      {view.problem ? <p className="setting__problem" role="alert">{view.problem}</p> : null}
      {view.rules.length === 0 && !view.notice ? (
        <p className="setting__hint">No rules yet. Make one from the shield in the review, or with <code>glance rules</code>.</p>
      ) : (
        <ul className="rules__list" aria-label="Rules by app">
          {view.rules.map((rule) => (
            <li key={rule.bundleId} className="rules__app">
              <div className="setting__line">
                <span className="rules__id"><ProviderText text={rule.bundleId} /></span>
                <div className="setting__control">
                  <select aria-label={`Rule for ${rule.bundleId}`} value={rule.rule} onChange={(e) => take(api.setRule({ bundleId: rule.bundleId, rule: e.target.value as Rule }))}>
                    {(Object.keys(RULE_LABELS) as Rule[]).map((name) => <option key={name} value={name}>{RULE_LABELS[name]}</option>)}
                  </select>
                  <button type="button" className="icon-button" aria-label={`Remove the rules for ${rule.bundleId}`} title="Remove" onClick={() => take(api.removeRule(rule.bundleId))}>
                    <X size={14} aria-hidden="true" />
                  </button>
                </div>
              </div>
              {rule.exclusions.length > 0 ? (
                <ul className="rules__exclusions" aria-label={`Always left out of ${rule.bundleId}`}>
                  {rule.exclusions.map((exclusion) => (
                    <li key={`${exclusion.role ?? ''}\u0000${exclusion.subrole ?? ''}`} className="rules__exclusion">
                      <span>Leave out <ProviderText text={exclusionWords(exclusion)} /></span>
                      <button type="button" className="button button--quiet" aria-label={`Stop leaving out ${exclusionWords(exclusion)} from ${rule.bundleId}`} onClick={() => take(api.removeExclusion({ bundleId: rule.bundleId, exclusion }))}>Stop</button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
