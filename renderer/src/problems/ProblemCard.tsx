import type { JSX, Ref } from 'react';
import { CircleExclamationPoint, CircleSlash, Hand, Info } from 'lucide-react';
import { AppIcon } from '../icons/AppIcon.js';
import { ProviderText } from '../text/ProviderText.js';
import { WithApp } from '../text/WithApp.js';
import type { Problem, ProblemAction } from './problem.js';

/** What the card's buttons do, given by whoever shows it. Missing ones are not offered. */
export type ProblemHandlers = Partial<Record<ProblemAction, () => void>>;

/**
 * Each tone's glyph: an alert only for a real failure, a raised hand in orange for something the
 * user has to grant (as macOS's privacy prompts show one), an info mark for how things stand, a
 * slash for the user's own stop.
 */
const ICONS = { error: CircleExclamationPoint, attention: Hand, info: Info, neutral: CircleSlash } as const;

/**
 * A failure or a situation with a way forward: a plain headline, one line of why, buttons (the
 * first is the main one), and the protocol's or the backend's own reason under Details. Only a
 * failure is red and an alert; a permission to grant is orange; information (an app that doesn't
 * share context, a rule that keeps it out) and a cancel are grey, said politely.
 */
export function ProblemCard(props: {
  problem: Problem;
  appName: string;
  /** The app's own icon (a data: URL), drawn on a card that names the app. */
  appIcon?: string | undefined;
  labels: Record<ProblemAction, string>;
  on: ProblemHandlers;
  testId?: string;
  /** Given when the card is all the panel shows: the keyboard lands on the first action, and Return presses it. */
  primaryRef?: Ref<HTMLButtonElement>;
}): JSX.Element {
  const { problem } = props;
  const actions = problem.actions.filter((action) => props.on[action] !== undefined);
  const Icon = ICONS[problem.tone];
  // A card about the app shows its icon, badged with the card's mark; any other card its mark alone.
  const appIcon = problem.headline.includes('{app}') ? props.appIcon : undefined;
  return (
    <section className={`card card--${problem.tone}${appIcon === undefined ? '' : ' card--app'}`} role={problem.tone === 'error' ? 'alert' : 'status'} data-testid={props.testId ?? 'problem'}>
      <div className="card__head">
        {appIcon === undefined ? <Icon className="card__icon" size={18} aria-hidden="true" /> : (
          <span className="card__app"><AppIcon className="card__app-icon" size={28} icon={appIcon} /><Icon className="card__icon" size={14} aria-hidden="true" /></span>
        )}
        <h2 className="card__headline"><WithApp template={problem.headline} appName={props.appName} /></h2>
      </div>
      <p className="card__why"><WithApp template={problem.why} appName={props.appName} id={problem.id} /></p>
      {actions.length > 0 ? (
        // Three choices never wrap two and one: they stand in one column, each the column's width.
        <div className={actions.length > 2 ? 'card__actions card__actions--column' : 'card__actions'}>
          {actions.map((action, index) => (
            <button
              key={action} type="button" className={index === 0 ? 'button button--primary' : 'button'} onClick={props.on[action]}
              ref={index === 0 ? props.primaryRef : undefined} autoFocus={index === 0 && props.primaryRef !== undefined}
            >
              {/* "Always for {app}": a label may name the app too. */}
              <WithApp template={problem.labels?.[action] ?? props.labels[action]} appName={props.appName} id={problem.id} />
            </button>
          ))}
        </div>
      ) : null}
      {problem.details.length > 0 ? (
        <details className="card__details" open={problem.detailsOpen}>
          <summary>Details</summary>
          {/* main's sentences, which name apps as their descriptors do: provider text inside. */}
          {problem.details.map((detail) => <p key={detail}><ProviderText text={detail} /></p>)}
        </details>
      ) : null}
    </section>
  );
}
