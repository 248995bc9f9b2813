import { useEffect, useState, type JSX } from 'react';
import { Check, Copy } from 'lucide-react';

/** How long "Copied" stays before the button reads "Copy" again. */
const COPIED_MS = 2000;

/** What a Copy button needs: what it copies, in words for its name, and the way to the clipboard. */
export interface CopyButtonProps {
  /** What is copied, for the button's name: "the answer", "the code". */
  what: string;
  text: string;
  /** Puts the text on the clipboard (main's, through the bridge); false when it could not. */
  onCopy(text: string): Promise<boolean>;
  className?: string;
}

/**
 * Copy, as a Mac app's is: a quiet button with its icon and word, that says "Copied" with a
 * check for a moment. Its name starts with the word it shows ("Copy the answer"), so voice
 * control finds it by what it reads; the confirmation is said to a screen reader too, and a
 * failure stays until the next try.
 */
export function CopyButton(props: CopyButtonProps): JSX.Element {
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied !== true) return undefined;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (): void => {
    props.onCopy(props.text).then(setCopied, () => setCopied(false));
  };
  return (
    <span className={`copy ${props.className ?? ''}`}>
      <button type="button" className="button button--quiet copy__button" data-testid="copy" aria-label={`${copied === true ? 'Copied' : 'Copy'} ${props.what}`} onClick={copy}>
        {copied === true ? <Check size={12} aria-hidden="true" /> : <Copy size={12} aria-hidden="true" />}
        {copied === true ? 'Copied' : 'Copy'}
      </button>
      <span className={copied === false ? 'copy__problem' : 'sr-only'} role="status">{copied === true ? `Copied ${props.what}` : copied === false ? 'Couldn’t copy' : ''}</span>
    </span>
  );
}
