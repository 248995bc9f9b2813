import type { JSX } from 'react';
import { splitInvisible, type TextPiece } from '../../../contract/visible-controls.js';

/**
 * Above this many marks in one text the marks are drawn as plain characters, not one element
 * each: a hostile text of a million zero-width spaces must not become a million elements.
 */
const MAX_MARK_ELEMENTS = 500;

/** What ProviderText needs. */
export interface ProviderTextProps {
  /** Text a provider wrote (a title, content, a url, an attribute), or one that quotes it. */
  text: string;
  className?: string;
  /** The text's own line breaks stay line breaks (text blocks, the answer, the preview). */
  multiline?: boolean;
}

/**
 * The one way provider text goes on screen (docs/protocol.md, "Hardening", "Text on screen"): in a
 * `<bdi>`, so its direction cannot spill into what stands around it, and with every invisible
 * character (controls, bidi overrides and isolates, zero-width characters) drawn as a mark of its
 * own that a person can see and tell apart from the provider's letters. Marks are display only:
 * what is sent is the text as it came.
 */
export function ProviderText(props: ProviderTextProps): JSX.Element {
  const pieces = splitInvisible(props.text, props.multiline === true);
  const marks = pieces.reduce((n, piece) => n + (piece.kind === 'mark' ? 1 : 0), 0);
  return (
    <bdi className={props.className} data-provider-text="">
      {marks > MAX_MARK_ELEMENTS ? pieces.map(plain).join('') : pieces.map((piece, index) => (piece.kind === 'text'
        ? piece.text
        : <span key={index} className="control-mark" title={`An invisible character (U+${piece.codePoint.toString(16).toUpperCase().padStart(4, '0')}) in the app’s text`}>{piece.mark}</span>))}
    </bdi>
  );
}

function plain(piece: TextPiece): string {
  return piece.kind === 'text' ? piece.text : piece.mark;
}
