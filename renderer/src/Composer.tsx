import { useState, type JSX } from 'react';

/** What the composer needs. */
export interface ComposerProps {
  /** False while the context is still being collected. */
  enabled: boolean;
  onSend(prompt: string): Promise<{ ok: boolean; message: string }>;
}

/**
 * The prompt box, Send, and the answer area. Enter sends, Shift+Enter starts a new line.
 * The agent issue fills the answer area (streaming, chips); today it shows one message.
 */
export function Composer(props: ComposerProps): JSX.Element {
  const [prompt, setPrompt] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  const canSend = props.enabled && !sending && prompt.trim().length > 0;

  const send = async (): Promise<void> => {
    if (!canSend) return;
    setSending(true);
    try {
      setAnswer(await props.onSend(prompt));
    } catch {
      setAnswer({ ok: false, message: 'Glance could not send your question.' });
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
          placeholder="Ask about this…"
          rows={2}
          value={prompt}
          onChange={(event) => setPrompt(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <button type="button" className="button button--primary" aria-label="Send" disabled={!canSend} onClick={() => void send()}>
          Send
        </button>
      </div>
      <div className="answer" data-testid="answer" aria-label="Answer" aria-live="polite" role="region">
        {answer ? <p className={answer.ok ? 'answer__text' : 'answer__text answer__text--note'}>{answer.message}</p> : null}
      </div>
    </section>
  );
}
