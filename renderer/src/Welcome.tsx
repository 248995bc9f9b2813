import type { JSX, Ref } from 'react';
import { Eye } from 'lucide-react';
import { Keycaps } from './keys/Keycaps.js';

/** What the welcome card needs. */
export interface WelcomeProps {
  hotkey: string;
  paused: boolean;
  /** Who answers now, in a few words ("Offline, no model"). */
  answerer: string | null;
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
      {props.answerer ? (
        <p className="welcome__who">
          Answers come from <strong>{props.answerer}</strong>.{' '}
          <button type="button" className="link-button" onClick={props.onSettings}>Change…</button>
        </p>
      ) : null}
      <div className="welcome__actions">
        <button ref={props.primaryRef} type="button" className="button button--primary button--large" autoFocus onClick={props.onTrySample}>Try with Sample Notes</button>
      </div>
      <p className="welcome__note">No app of yours shares context yet? Sample Notes is a small app inside Glance that does.</p>
    </section>
  );
}
