import type { JSX } from 'react';
import type { GlanceApi } from '../bridge.js';
import { Chips } from './Chips.js';
import { ProviderText } from '../text/ProviderText.js';

type AnswerState = Awaited<ReturnType<GlanceApi['getAnswer']>>;

/** What the answer area needs. */
export interface AnswerProps {
  answer: AnswerState;
  /** A sentence from Send itself (a refused or stale request), shown before any answer. */
  note: string | null;
  onPoint(id: string): void;
}

/**
 * The conversation of this invocation: each question, its answer as it streams, how it ended
 * (done, stopped by the user, or the backend's failure in words), and the chips. Who answers
 * is named under it, honestly: the offline backend says it is no model.
 */
export function Answer(props: AnswerProps): JSX.Element {
  const { answer } = props;
  return (
    <div className="answer" data-testid="answer" aria-label="Answer" aria-live="polite" role="region">
      {props.note ? <p className="answer__text answer__text--note">{props.note}</p> : null}
      {answer?.turns.map((turn, index) => (
        <article className="turn" key={index} aria-busy={turn.status === 'answering'}>
          <p className="turn__question">{turn.question}</p>
          <p className="turn__text" data-testid="answer-text">
            {/* The model's words, which may quote the app's: drawn as provider text. */}
            <ProviderText text={turn.text} multiline />
            {turn.status === 'answering' ? <span className="turn__cursor" aria-hidden="true">▍</span> : null}
          </p>
          {turn.note ? <p className={`turn__note turn__note--${turn.status}`} role={turn.status === 'failed' ? 'alert' : 'status'}><ProviderText text={turn.note} /></p> : null}
        </article>
      ))}
      {answer ? <Chips chips={answer.chips} onPoint={props.onPoint} /> : null}
      {answer && answer.turns.length > 0 ? <p className="answer__by">Answered by {answer.backend}</p> : null}
    </div>
  );
}
