import type { JSX } from 'react';
import { ACCESSIBILITY_CONSENTS, type AccessibilityConsent as Consent, type AppRule } from '../../../contract/privacy.js';
import { isInterpreterBundleId } from '../../../contract/interpreter.js';
import { visibleControls } from '../../../contract/visible-controls.js';
import { ProviderText } from '../text/ProviderText.js';
import { ACCESSIBILITY_LABELS, ACCESSIBILITY_LINE, consentWording, INTERPRETER_CONSENT_WORDS, programLine } from '../words/rules.js';

/** One consent menu: its label and a change that names what it is for. */
function ConsentLine(props: { words: JSX.Element; label: string; value: Consent; options: readonly Consent[]; wording?: Partial<Record<Consent, string>>; onChange: (consent: Consent) => void }): JSX.Element {
  return (
    <label className="setting__line rules__access">
      <span className="rules__access-words">{props.words}</span>
      <span className="setting__control">
        <select aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.target.value as Consent)}>
          {props.options.map((c) => <option key={c} value={c}>{props.wording?.[c] ?? ACCESSIBILITY_LABELS[c]}</option>)}
        </select>
      </span>
    </label>
  );
}

/**
 * Whether an app without a provider is read through Accessibility, in Settings › Rules. For an
 * interpreter's name (every program it runs shares it) the name's own menu only refuses, or shows
 * an old "Always" that no longer counts; each program it runs that has a choice has its own line,
 * by its path (app/rules/consent.ts).
 */
export function ConsentLines(props: { rule: AppRule; spoken: string; set: (consent: Consent, program?: string) => void }): JSX.Element {
  const { rule, spoken, set } = props;
  const interpreter = isInterpreterBundleId(rule.bundleId);
  const value = rule.accessibility ?? 'ask';
  // An interpreter's name only refuses: its menu offers `always` only to show an old one that no longer counts.
  const options: readonly Consent[] = interpreter && value !== 'always' ? ACCESSIBILITY_CONSENTS.filter((c) => c !== 'always') : ACCESSIBILITY_CONSENTS;
  const wording = consentWording(rule.bundleId, interpreter);
  return (
    <>
      <ConsentLine
        words={<>{ACCESSIBILITY_LINE}{interpreter ? INTERPRETER_CONSENT_WORDS : null}</>}
        label={`${ACCESSIBILITY_LINE}: ${spoken}`}
        value={value}
        options={options}
        {...(wording ? { wording } : {})}
        onChange={(consent) => set(consent)}
      />
      {(rule.programs ?? []).map((program) => (
        <ConsentLine
          key={program.path}
          words={<>{programLine.before}<ProviderText text={program.path} />{programLine.after}</>}
          label={`${programLine.before}${visibleControls(program.path)}${programLine.after}: ${spoken}`}
          value={program.accessibility}
          options={ACCESSIBILITY_CONSENTS}
          onChange={(consent) => set(consent, program.path)}
        />
      ))}
    </>
  );
}
