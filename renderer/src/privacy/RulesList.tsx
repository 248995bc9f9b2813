import { useCallback, useEffect, useState, type JSX } from 'react';
import type { GlanceApi } from '../bridge.js';
import { AppIcon } from '../icons/AppIcon.js';
import { ProviderText } from '../text/ProviderText.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { AddRule } from './AddRule.js';
import { RULE_LABELS } from './rule-labels.js';
import { isInterpreterBundleId } from '../../../contract/interpreter.js';
import { exclusionPhrase, INTERPRETER_RULE_WORDS, nameFromBundleId, rulesProblemWords, rulesResetWords } from '../words/rules.js';
import { ConsentLines } from './ConsentLines.js';
import type { RulesView } from '../../../contract/ipc.js';
import type { RuleName } from '../../../contract/privacy.js';

/**
 * Settings › Rules: every app a rule names, by the name its provider gives when Glance has seen
 * it (collected from, published now, or in a receipt; main/flow/known-apps.ts; else a name read
 * from its bundle id, which the rule matches and a hover shows), its rule, and its standing exclusions,
 * each removable; and a rule for an app seen but without one. The same file `glance rules` shows;
 * a change made there shows here the next time Settings opens. A bundle id and a subrole can come
 * from a provider: drawn as provider text, and put into labels with their invisible characters
 * marked (contract/visible-controls.ts).
 */
export function RulesList(props: { api: GlanceApi }): JSX.Element {
  const { api } = props;
  const [view, setView] = useState<RulesView | null>(null);
  const take = useCallback((next: Promise<RulesView>) => {
    next.then(setView, () => setView({ rules: [], problem: 'unreadable' }));
  }, []);
  useEffect(() => take(api.getRules()), [api, take]);
  if (!view) return <p className="setting__hint">Loading rules…</p>;
  const known = view.known ?? [];
  const nameOf = (bundleId: string): string | undefined => known.find((app) => app.bundleId === bundleId)?.name;
  // What a screen reader hears for the app: its name and bundle id, invisible characters marked.
  const spoken = (bundleId: string): string => {
    const name = nameOf(bundleId);
    return name ? `${visibleControls(name)} (${visibleControls(bundleId)})` : visibleControls(bundleId);
  };
  const unruled = known.filter((app) => !view.rules.some((rule) => rule.bundleId === app.bundleId));
  return (
    <div className="rules" data-testid="rules">
      {view.notice ? (
        <div className="rules__notice">
          <p className="notice" role="alert">{view.notice}</p>
          <button type="button" className="button" onClick={() => take(api.resetRules())}>Reset rules</button>
        </div>
      ) : null}
      {view.problem ? <p className="setting__problem" role="alert">{rulesProblemWords(view.problem)}</p> : null}
      {view.done ? <p className="setting__hint" role="status">{rulesResetWords(view.done.asidePath)}</p> : null}
      {view.rules.length === 0 && !view.notice ? (
        <p className="setting__hint">No rules yet. Make one from Rules in the review, below for an app Glance has seen, or with <code>glance rules</code>.</p>
      ) : (
        <ul className="rules__list" aria-label="Rules by app">
          {view.rules.map((rule) => {
            const name = nameOf(rule.bundleId);
            return (
              <li key={rule.bundleId} className="rules__app">
                <div className="setting__line">
                  <span className="rules__who">
                    <AppIcon className="rules__icon" size={16} icon={view.icons?.[rule.bundleId]} />
                    {/* The app by name (an app never seen: a name read from its bundle id); the bundle id the rule matches
                        is a detail, on hover and in what a screen reader hears, not a second line of code. */}
                    <span className="rules__name" title={visibleControls(rule.bundleId)}><ProviderText text={name ?? nameFromBundleId(rule.bundleId)} /></span>
                  </span>
                  <div className="setting__control">
                    <select aria-label={`Rule for ${spoken(rule.bundleId)}`} value={rule.rule} onChange={(e) => take(api.setRule({ bundleId: rule.bundleId, rule: e.target.value as RuleName }))}>
                      {(Object.keys(RULE_LABELS) as RuleName[]).map((r) => <option key={r} value={r}>{RULE_LABELS[r]}</option>)}
                    </select>
                    <button type="button" className="button rules__remove" aria-label={`Remove the rules for ${spoken(rule.bundleId)}`} onClick={() => take(api.removeRule({ bundleId: rule.bundleId }))}>Remove</button>
                  </div>
                </div>
                {/* Only for an app without a provider: whether it is read through Accessibility (ask, always, never). */}
                <ConsentLines rule={rule} spoken={spoken(rule.bundleId)} set={(consent, program) => take(api.setAccessibility({ bundleId: rule.bundleId, consent, ...(program !== undefined ? { program } : {}) }))} />
                {isInterpreterBundleId(rule.bundleId) ? <p className="setting__hint"><ProviderText text={rule.bundleId} />{INTERPRETER_RULE_WORDS}</p> : null}
                {rule.exclusions.length > 0 ? (
                  <ul className="rules__exclusions" aria-label={`Always left out of ${spoken(rule.bundleId)}`}>
                    {rule.exclusions.map((exclusion) => (
                      <li key={`${exclusion.role ?? ''}\u0000${exclusion.subrole ?? ''}`} className="rules__exclusion">
                        <span>Leave out <ProviderText text={exclusionPhrase(exclusion)} /></span>
                        <button type="button" className="button rules__remove" aria-label={`Remove “Leave out ${visibleControls(exclusionPhrase(exclusion))}” from the rules for ${spoken(rule.bundleId)}`} onClick={() => take(api.removeExclusion({ bundleId: rule.bundleId, exclusion }))}>Remove</button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {unruled.length > 0 && !view.notice ? <AddRule apps={unruled} onAdd={(bundleId, rule) => take(api.setRule({ bundleId, rule }))} /> : null}
    </div>
  );
}
