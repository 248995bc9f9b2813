import { useEffect, useState, type JSX } from 'react';
import { FoldedText } from './FoldedText.js';
import { ProviderText } from '../text/ProviderText.js';
import type { GlanceApi } from '../bridge.js';

type Preview = NonNullable<Awaited<ReturnType<GlanceApi['preview']>>>;
type Message = Preview['messages'][number];

/** Image data longer than this is shortened on screen; what is sent is not shortened. */
const SHOWN_DATA_CHARS = 48;
/** Typing waits this long before the preview is asked for again. */
const TYPING_PAUSE_MS = 120;

/** What the preview needs. `revision` changes whenever the conversation does (a turn ended). */
export interface PreviewProps {
  api: GlanceApi;
  invocation: number;
  removed: ReadonlySet<string>;
  prompt: string;
  revision: string;
  /** The summary line: what goes with the question. */
  summary: string;
  /** Open at first: before the first question the preview is what the user reviews; after it, the answer is. */
  open: boolean;
}

function MessageView(props: { message: Message }): JSX.Element {
  const { message } = props;
  if (message.role === 'user') {
    return (
      <>
        {message.parts.map((part, index) => (part.type === 'text'
          ? <FoldedText key={index} text={`${part.text}\n`} />
          : <span key={index} className="preview__image">{`[image ${part.mimeType} from ${part.elementId}: ${part.data.slice(0, SHOWN_DATA_CHARS)}… (${part.data.length} characters)]\n`}</span>))}
      </>
    );
  }
  if (message.role === 'assistant') {
    const calls = message.toolCalls.map((call) => `[${call.name} ${JSON.stringify(call.input)}]`).join('\n');
    return <span className="preview__earlier"><ProviderText text={`Glance's agent: ${message.text}${calls ? `\n${calls}` : ''}\n`} multiline /></span>;
  }
  return <span className="preview__earlier"><ProviderText text={`Tool result: ${message.content}\n`} multiline /></span>;
}

/**
 * Exactly what Send will carry: main builds it (Conversation.preview, the same call Send makes)
 * from the tree it holds, the removals and the prompt, and this shows it. The instructions and
 * the tool description sent with every question are folded away; earlier turns are dimmed.
 */
export function Preview(props: PreviewProps): JSX.Element {
  const { api, invocation, removed, prompt, revision } = props;
  const [preview, setPreview] = useState<Preview | null>(null);
  const [open, setOpen] = useState(props.open);

  useEffect(() => {
    // Folded away, nothing is shown: no need for main to build a large request on every pause in typing.
    if (!open) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      void api.preview({ invocation, prompt, removedIds: [...removed] }).then((next) => {
        if (live) setPreview(next);
      });
    }, prompt === '' ? 0 : TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, invocation, removed, prompt, revision, open]);

  return (
    <details className="preview" open={props.open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>What will be sent: {props.summary}</summary>
      {preview ? (
        <div className="preview__body">
          <pre className="preview__json" data-testid="preview" tabIndex={0} aria-label="Preview of what will be sent">
            {preview.messages.map((message, index) => <MessageView key={index} message={message} />)}
          </pre>
          <details className="preview__rules">
            <summary>Also sent: Glance&apos;s instructions and the highlight tool, to {preview.backend}</summary>
            <pre className="preview__json">{`${preview.system}\n\n${JSON.stringify(preview.tools, null, 1)}`}</pre>
          </details>
        </div>
      ) : (
        <p className="preview__empty" data-testid="preview">Preparing the preview…</p>
      )}
    </details>
  );
}
