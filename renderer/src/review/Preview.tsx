import { useMemo, type JSX } from 'react';
import type { Element } from '../../../app/protocol/element.js';
import { applyRemovals, listIds } from '../../../app/session/review.js';

/** Image data longer than this is shortened on screen; what is sent is not shortened. */
const SHOWN_DATA_CHARS = 48;

/**
 * Exactly what Send will carry: the core's own applyRemovals on the collected tree, the same
 * function main runs on Send. Only long image data is abbreviated for the eye.
 */
export function Preview(props: { root: Element; removed: ReadonlySet<string> }): JSX.Element {
  const sent = useMemo(() => applyRemovals(props.root, props.removed), [props.root, props.removed]);
  const text = useMemo(
    () => (sent ? JSON.stringify(sent, (key, value: unknown) => (key === 'data' && typeof value === 'string' && value.length > SHOWN_DATA_CHARS ? `${value.slice(0, SHOWN_DATA_CHARS)}… (${value.length} characters)` : value), 2) : ''),
    [sent],
  );
  const count = sent ? listIds(sent).length : 0;
  return (
    <details className="preview" open>
      <summary>
        What will be sent: {sent ? `${count} element${count === 1 ? '' : 's'}` : 'no context'}
      </summary>
      {sent ? (
        <pre className="preview__json" data-testid="preview" tabIndex={0} aria-label="Preview of the context that will be sent">
          {text}
        </pre>
      ) : (
        <p className="preview__empty" data-testid="preview">You removed the app&apos;s context: your question goes without it.</p>
      )}
    </details>
  );
}
