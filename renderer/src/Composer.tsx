import { useState, type JSX } from 'react';

/** What the composer needs. The prompt lives in the panel, so the preview can show it too. */
export interface ComposerProps {
  /** False while the context is still being collected. */
  enabled: boolean;
  prompt: string;
  onPrompt(prompt: string): void;
  /** True while an answer streams: Send becomes Stop. */
  answering: boolean;
  /** A follow-up goes with the conversation so far. */
  followUp: boolean;
  onSend(prompt: string): Promise<{ ok: boolean; message: string }>;
  onStop(): void;
  /** Shows a sentence from Send (a refusal) in the answer area. */
  onNote(note: string | null): void;
}

/** The prompt box with Send, or Stop while an answer streams. Enter sends, Shift+Enter starts a new line. */
export function Composer(props: ComposerProps): JSX.Element {
  const [sending, setSending] = useState(false);
  const canSend = props.enabled && !sending && !props.answering && props.prompt.trim().length > 0;

  const send = async (): Promise<void> => {
    if (!canSend) return;
    setSending(true);
    try {
      const result = await props.onSend(props.prompt);
      props.onNote(result.ok ? null : result.message);
      if (result.ok) props.onPrompt('');
    } catch {
      props.onNote('Glance could not send your question.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="composer" aria-label="Ask">
      <div className="composer__row">
        <textarea
          className="composer__prompt"
          aria-label="Your question"
          placeholder={props.followUp ? 'Ask a follow-up…' : 'Ask about this…'}
          rows={2}
          value={props.prompt}
          onChange={(event) => props.onPrompt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        {props.answering ? (
          <button type="button" className="button button--stop" aria-label="Stop the answer" onClick={props.onStop}>
            Stop
          </button>
        ) : (
          <button type="button" className="button button--primary" aria-label="Send" disabled={!canSend} onClick={() => void send()}>
            Send
          </button>
        )}
      </div>
    </section>
  );
}
