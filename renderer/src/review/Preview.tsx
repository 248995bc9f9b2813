import { useEffect, useState, type JSX } from 'react';
import { contextOutline } from './context-outline.js';
import { FoldedText } from './FoldedText.js';
import { ProviderText } from '../text/ProviderText.js';
import type { InvocationRequests } from '../invocation-requests.js';
import type { Preview } from '../../../contract/ipc.js';

type Message = Preview['messages'][number];

/** Image data longer than this is shortened on screen; what is sent is not shortened. */
const SHOWN_DATA_CHARS = 48;
/** Typing waits this long before the preview is asked for again. */
const TYPING_PAUSE_MS = 120;

/** What the payload view needs. `revision` changes whenever the conversation does (a turn ended). */
export interface PreviewProps {
  /** The invocation's requests (its id named): the preview is asked of main. */
  requests: Pick<InvocationRequests, 'preview'>;
  removed: ReadonlySet<string>;
  /** Withheld or rule-excluded elements the user included for this message. */
  allowed: ReadonlySet<string>;
  prompt: string;
  revision: string;
  /** The sheet's title line: what goes with the question. */
  summary: string;
  onClose(): void;
}

function MessageView(props: { message: Message; exact: boolean }): JSX.Element {
  const { message } = props;
  if (message.role === 'user') {
    // The app's context as an outline unless the exact JSON is asked for; any other part as it is sent.
    const shown = (text: string): string => (props.exact ? text : contextOutline(text) ?? text);
    return (
      <>
        {message.parts.map((part, index) => (part.type === 'text'
          ? <FoldedText key={index} text={`${shown(part.text)}\n`} />
          : <span key={index} className="payload__image">{`[image ${part.mimeType} from ${part.elementId}: ${part.data.slice(0, SHOWN_DATA_CHARS)}… (${part.data.length} characters)]\n`}</span>))}
      </>
    );
  }
  if (message.role === 'assistant') {
    const calls = message.toolCalls.map((call) => `[${call.name} ${JSON.stringify(call.input)}]`).join('\n');
    return <span className="payload__earlier"><ProviderText text={`Glance’s agent: ${message.text}${calls ? `\n${calls}` : ''}\n`} multiline /></span>;
  }
  return <span className="payload__earlier"><ProviderText text={`Tool result: ${message.content}\n`} multiline /></span>;
}

/**
 * Exactly what Ask will carry, on demand: main builds it (Conversation.preview, the same call
 * Ask makes) from the tree it holds, the exclusions and the question, and this sheet shows it
 * over the panel: the app's context as a readable outline, or, with "Show the exact JSON", as it
 * is sent. The instructions and the tool description sent with every question are folded away;
 * earlier turns are dimmed. Esc or Done closes it.
 */
export function Preview(props: PreviewProps): JSX.Element {
  const { requests, removed, allowed, prompt, revision } = props;
  const [preview, setPreview] = useState<Preview | null>(null);
  const [exact, setExact] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void requests.preview({ prompt, removedIds: [...removed], allowedIds: [...allowed] }).then((next) => {
        if (live) setPreview(next);
      });
    }, prompt === '' ? 0 : TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [requests, removed, allowed, prompt, revision]);

  return (
    <div className="sheet" role="dialog" aria-modal="true" aria-labelledby="payload-title">
      <header className="sheet__head">
        <h2 id="payload-title" className="sheet__title">What goes with your question</h2>
        <button type="button" className="button button--primary" autoFocus onClick={props.onClose}>Done</button>
      </header>
      <p className="sheet__summary" data-testid="payload-summary">{props.summary}</p>
      <label className="sheet__exact">
        <input type="checkbox" checked={exact} onChange={(event) => setExact(event.target.checked)} />
        Show the exact JSON
      </label>
      {preview ? (
        <div className="sheet__body">
          <pre className="payload" data-testid="preview" tabIndex={0} aria-label={exact ? 'Exactly what goes with your question, as JSON' : 'What goes with your question, the app’s context as an outline'}>
            {preview.messages.map((message, index) => <MessageView key={index} message={message} exact={exact} />)}
          </pre>
          <details className="payload__rules">
            <summary>Also sent: Glance’s instructions and the highlight tool, to {preview.backend}</summary>
            <pre className="payload">{`${preview.system}\n\n${JSON.stringify(preview.tools, null, 1)}`}</pre>
          </details>
        </div>
      ) : (
        <p className="sheet__empty" data-testid="preview">Preparing the payload…</p>
      )}
    </div>
  );
}
