import { useCallback, useLayoutEffect, useMemo, useRef, type JSX } from 'react';
import type { Element } from '../../../contract/review.js';
import { answerProblem, type ProblemAction } from '../problems/problem.js';
import { ProblemCard, type ProblemHandlers } from '../problems/ProblemCard.js';
import { Chip, Chips } from './Chips.js';
import { CopyButton } from './CopyButton.js';
import { AnswerMarkdown } from './Markdown.js';
import { InlineChips, rowChips } from './turn-chips.js';
import { answeredByWords, STOPPED_WORDS } from '../words/answer.js';
import type { AnswerState } from '../../../contract/invocation.js';

/** What the answer needs. */
export interface AnswerProps {
  answer: AnswerState;
  /** A sentence from Ask itself (a refused or stale request), shown after the turns. */
  note: string | null;
  elementOf(id: string): Element | undefined;
  onPoint(id: string): void;
  onOpenLink(url: string): void;
  /** Ask this question again (a failed turn's "Ask again"). */
  onAskAgain(question: string): void;
  onSettings(): void;
  /** Puts an answer's text, or a code block's, on the clipboard; false when it could not. */
  onCopy(text: string): Promise<boolean>;
  labels: Record<ProblemAction, string>;
}

/** Within this many pixels of the end, the view counts as following the newest text. */
const FOLLOW_SLACK_PX = 32;

/**
 * The conversation: each question, its answer in Markdown as it streams (a caret at the end of
 * its text), how it ended (a failure as a card with a way forward, a Stop in neutral grey), and
 * under it, inside the same turn, the chips it named and who answered: a later turn streaming
 * never has an earlier one's chips beneath it. A finished answer has Copy beside its by-line
 * (its text as the model wrote it, Markdown and all), as each code block has its own. The view follows the newest text unless the user
 * scrolled up to read; a new question brings it back to the end.
 */
export function Answer(props: AnswerProps): JSX.Element {
  const { answer } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const turns = answer.turns.length;
  const chipIds = useMemo(() => new Set(answer.chips.map((chip) => chip.id)), [answer.chips]);
  const chipById = useMemo(() => new Map(answer.chips.map((chip) => [chip.id, chip])), [answer.chips]);
  // Each turn's inline citations, read a streamed piece at a time; read again from the start when a chip is added.
  const scans = useMemo(() => new Map<number, InlineChips>(), [chipIds]);
  const inlineOf = (index: number, text: string) => (): ReadonlySet<string> => {
    const scan = scans.get(index) ?? new InlineChips(chipIds);
    scans.set(index, scan);
    return scan.ids(text);
  };
  const { elementOf, onPoint, onOpenLink, onCopy } = props;
  // An id the model wrote that the chips did not take is named as the element's title, else written bare.
  const nameOf = useCallback((id: string) => {
    const element = elementOf(id);
    return element ? element.title?.trim() || id : undefined;
  }, [elementOf]);
  const renderChip = useCallback((id: string) => {
    const chip = chipById.get(id);
    return chip ? <Chip chip={chip} element={elementOf(id)} onPoint={onPoint} inline /> : <code>{id}</code>;
  }, [chipById, elementOf, onPoint]);

  // A new question: follow again, whatever the user had scrolled to.
  useLayoutEffect(() => {
    following.current = true;
  }, [turns]);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  });
  // The answer's height can also change between renders: a finished group of blocks is drawn in
  // full and made skippable two frames later, by its own state (Markdown.tsx). Followed the same way.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return undefined;
    const follow = new ResizeObserver(() => {
      if (following.current) box.scrollTop = box.scrollHeight;
    });
    for (const child of box.children) follow.observe(child);
    return () => follow.disconnect();
  }, [turns]);

  return (
    <div
      className="answer"
      ref={scroller}
      data-testid="answer"
      role="log"
      aria-label="Answer"
      aria-live="polite"
      tabIndex={0}
      onScroll={(event) => {
        const box = event.currentTarget;
        following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= FOLLOW_SLACK_PX;
      }}
    >
      {answer.turns.map((turn, index) => (
        <article className="turn" key={index} aria-busy={turn.status === 'answering'} data-testid="turn">
          <p className="turn__question">{turn.question}</p>
          <div className="turn__text" data-testid="answer-text">
            {turn.text ? <AnswerMarkdown text={turn.text} streaming={turn.status === 'answering'} chipIds={chipIds} renderChip={renderChip} onOpenLink={onOpenLink} nameOf={nameOf} onCopy={onCopy} /> : null}
            {/* Nothing arrived yet: the caret alone says an answer is coming. */}
            {!turn.text && turn.status === 'answering' ? <span className="turn__caret" data-testid="caret" aria-hidden="true" /> : null}
          </div>
          <Chips chips={rowChips(answer.chips, index, inlineOf(index, turn.text))} elementOf={elementOf} onPoint={onPoint} />
          {turn.status === 'done' ? (
            <div className="turn__foot">
              <p className="answer__by">{answeredByWords(answer.backend)}</p>
              {turn.text ? <CopyButton what="the answer" text={turn.text} onCopy={onCopy} /> : null}
            </div>
          ) : null}
          {turn.status === 'stopped' ? <p className="turn__stopped" role="status">{STOPPED_WORDS}</p> : null}
          {turn.status === 'failed' ? (
            <ProblemCard
              problem={answerProblem(turn, answer.backend)}
              appName=""
              labels={props.labels}
              on={{ 'ask-again': () => props.onAskAgain(turn.question), settings: props.onSettings } satisfies ProblemHandlers}
              testId="answer-problem"
            />
          ) : null}
        </article>
      ))}
      {props.note ? <p className="turn__stopped" role="status">{props.note}</p> : null}
    </div>
  );
}
