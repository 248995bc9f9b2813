import { useState, type JSX } from 'react';
import { ProviderText } from '../text/ProviderText.js';

/**
 * Above this, a text part of the preview is shown folded. 20,000 elements make a context of
 * megabytes; laying that out in the panel takes seconds and nobody reads it top to bottom
 * there, so the start shows at once and the whole of it on request.
 */
const FOLD_ABOVE_CHARS = 40_000;
/** How much of a folded text part shows: the opening lines of the tree. */
const SHOWN_WHEN_FOLDED_CHARS = 3_000;

/**
 * One text part of the preview, exactly as sent, or its start and a button for the rest: what
 * is sent is never shortened, only what is drawn until the user asks for all of it.
 */
export function FoldedText(props: { text: string }): JSX.Element {
  const { text } = props;
  const [unfolded, setUnfolded] = useState(false);
  if (text.length <= FOLD_ABOVE_CHARS) return <ProviderText text={text} multiline />;
  const rest = (text.length - SHOWN_WHEN_FOLDED_CHARS).toLocaleString();
  if (unfolded) {
    return (
      <>
        <ProviderText text={text} multiline />
        <button type="button" className="payload__fold" onClick={() => setUnfolded(false)}>Show less</button>
        {'\n'}
      </>
    );
  }
  return (
    <>
      <ProviderText text={text.slice(0, SHOWN_WHEN_FOLDED_CHARS)} multiline />
      <span className="payload__more">{`… and ${rest} more characters of the context, sent as they are `}</span>
      <button
        type="button"
        className="payload__fold"
        aria-label={`Show all of the context in the preview, ${text.length.toLocaleString()} characters`}
        onClick={() => setUnfolded(true)}
      >
        Show all
      </button>
      {'\n'}
    </>
  );
}
