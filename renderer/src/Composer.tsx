import { useLayoutEffect, type JSX, type RefObject } from 'react';
import { ArrowUp, Square } from 'lucide-react';

/** What the composer needs. The prompt lives in the panel, so the payload view can show it too. */
export interface ComposerProps {
  /** False while the context is still being collected. */
  enabled: boolean;
  prompt: string;
  onPrompt(prompt: string): void;
  /** True while an answer streams: Ask becomes Stop. */
  answering: boolean;
  /** A follow-up goes with the conversation so far. */
  followUp: boolean;
  /** No context goes with the question (a `local` rule and a model elsewhere): "about this" would promise one. */
  withoutContext?: boolean;
  /** Whether Ask would go now (a question, a context, nothing on its way). */
  canAsk: boolean;
  onAsk(): void;
  onStop(): void;
  /** Up on the first line: into the tree above (one key from the question to the review). */
  onUp?(): void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** Lines the field grows to before it scrolls. */
const MAX_LINES = 5;
const LINE_PX = 18;

/**
 * The question field, pinned to the foot of the panel, with Ask (or Stop while an answer
 * streams). Return asks, Shift-Return starts a new line; it grows with the question.
 */
export function Composer(props: ComposerProps): JSX.Element {
  const { inputRef, prompt } = props;

  useLayoutEffect(() => {
    const box = inputRef.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, MAX_LINES * LINE_PX + 12)}px`;
  }, [inputRef, prompt]);

  return (
    <section className="composer" aria-label="Ask">
      <textarea
        ref={inputRef}
        className="composer__prompt"
        aria-label="Your question"
        aria-keyshortcuts="Enter"
        placeholder={props.followUp ? 'Ask a follow-up…' : props.withoutContext ? 'Ask without its context…' : props.enabled ? 'Ask about this…' : 'Ask Glance…'}
        rows={1}
        value={props.prompt}
        autoFocus
        onChange={(event) => props.onPrompt(event.target.value)}
        onKeyDown={(event) => {
          if (event.nativeEvent.isComposing) return;
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            props.onAsk();
          } else if (event.key === 'ArrowUp' && props.onUp && !event.currentTarget.value.slice(0, event.currentTarget.selectionStart).includes('\n')) {
            event.preventDefault();
            props.onUp();
          }
        }}
      />
      {props.answering ? (
        <button type="button" className="round-button round-button--stop" aria-label="Stop the answer" title="Stop" onClick={props.onStop}>
          <Square size={11} fill="currentColor" aria-hidden="true" />
        </button>
      ) : (
        <button type="button" className="round-button" aria-label="Ask" title="Ask (↩)" disabled={!props.canAsk} onClick={props.onAsk}>
          <ArrowUp size={15} strokeWidth={2.5} aria-hidden="true" />
        </button>
      )}
    </section>
  );
}
