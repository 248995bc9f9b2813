import type { JSX, Ref } from 'react';
import { Eye } from 'lucide-react';
import type { GlanceApi } from './bridge.js';
import { Keycaps } from './keys/Keycaps.js';
import { useWhoAnswers } from './use-who-answers.js';
import { WhoAnswers } from './WhoAnswers.js';

/** What the welcome card needs. */
export interface WelcomeProps {
  hotkey: string;
  paused: boolean;
  /** Who answers now, in a few words ("Claude (claude-sonnet-5-5)"). */
  answerer: string | null;
  /**
   * No model answers yet (the offline backend): the welcome offers who answers before anything
   * is tried, the model servers running here first.
   */
  chooseAnswerer: boolean;
  api: GlanceApi;
  onTrySample(): void;
  onResume(): void;
  onSettings(): void;
  /** The main button: the keyboard lands there (Return presses it), since nothing can be asked yet. */
  primaryRef?: Ref<HTMLButtonElement>;
}

/**
 * The first thing a user sees: what Glance does in two sentences, the hotkey as keycaps, who
 * answers, and something to try at once, since no app of theirs speaks the protocol yet.
 */
export function Welcome(props: WelcomeProps): JSX.Element {
  if (props.paused) {
    return (
      <section className="welcome" aria-labelledby="welcome-title">
        <h2 id="welcome-title" className="welcome__title">Glance is paused</h2>
        <p className="welcome__text">The hotkey does nothing until you resume; no app is read meanwhile.</p>
        <div className="welcome__actions"><button ref={props.primaryRef} type="button" className="button button--primary" autoFocus onClick={props.onResume}>Resume Glance</button></div>
      </section>
    );
  }
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <Eye className="welcome__icon" size={30} strokeWidth={1.5} aria-hidden="true" />
      <h2 id="welcome-title" className="welcome__title">Ask about the app you are in</h2>
      <p className="welcome__text">
        Glance reads only what the app in front chooses to share, shows you every item, and sends
        nothing until you ask. The answer points at things on your screen.
      </p>
      <p className="welcome__hotkey">
        <span>Press</span>
        <Keycaps accelerator={props.hotkey} />
        <span>in any app</span>
      </p>
      {props.chooseAnswerer ? <ChooseAndTry {...props} /> : (
        <>
          {props.answerer ? (
            <p className="welcome__who">
              Answers come from <strong>{props.answerer}</strong>.{' '}
              <button type="button" className="link-button" onClick={props.onSettings}>Change…</button>
            </p>
          ) : null}
          <TryButton {...props} onTry={props.onTrySample} />
        </>
      )}
      <p className="welcome__note">No app of yours shares context yet? Sample Notes is a small app inside Glance that does.</p>
    </section>
  );
}

/** Who answers, then the main button, which saves the choice shown before it tries Sample Notes. */
function ChooseAndTry(props: WelcomeProps): JSX.Element {
  const who = useWhoAnswers(props.api);
  return (
    <>
      <WhoAnswers who={who} />
      <TryButton {...props} onTry={() => void who.apply().catch(() => undefined).then(props.onTrySample)} />
    </>
  );
}

/** The main button: the keyboard lands there (Return presses it). */
function TryButton(props: Pick<WelcomeProps, 'primaryRef'> & { onTry(): void }): JSX.Element {
  return (
    <div className="welcome__actions">
      <button ref={props.primaryRef} type="button" className="button button--primary button--large" autoFocus onClick={props.onTry}>Try with Sample Notes</button>
    </div>
  );
}
