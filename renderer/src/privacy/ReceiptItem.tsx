import { Fragment, useCallback, useEffect, useState, type JSX } from 'react';
import { Check, ChevronRight, Copy, Trash2 } from 'lucide-react';
import type { GlanceApi } from '../bridge.js';
import { AppIcon } from '../icons/AppIcon.js';
import { ProviderText } from '../text/ProviderText.js';
import { AnswerMarkdown } from '../answer/Markdown.js';
import { KeptPayloadView } from './KeptPayloadView.js';
import { amountParts, failureWords, RECEIPT_THROUGH_ACCESSIBILITY, receiptTo, shortDigest, sizeWords, toLabel, whenWords, type Receipt } from './receipt-words.js';
import type { SourceKind } from '../../../contract/sources.js';

/** A receipt's "Read" fact, by where its context came from: none for a provider, the weaker source said as such. */
const SOURCE_FACT: Record<SourceKind, string | null> = { provider: null, accessibility: RECEIPT_THROUGH_ACCESSIBILITY };

/**
 * The digest, short as a person compares it, and Copy for the whole of it: main puts the
 * receipt's own SHA-256 on the clipboard (the page names the receipt, never the text), and the
 * button says it did, for a moment.
 */
function Digest(props: { api: GlanceApi; receipt: Receipt }): JSX.Element {
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return undefined;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (): void => {
    props.api.copyDigest({ id: props.receipt.id }).then((done) => setCopied(done.copied), () => setCopied(false));
  };
  return (
    <dd className="receipt__digest">
      <code className="receipt__hash" data-testid="receipt-digest">{shortDigest(props.receipt.sha256)}</code>
      <button type="button" className="button button--quiet" aria-label={copied === true ? 'Copied the whole SHA-256' : 'Copy the whole SHA-256'} onClick={copy}>
        {copied === true ? <Check size={12} aria-hidden="true" /> : <Copy size={12} aria-hidden="true" />}
        {copied === true ? 'Copied' : 'Copy'}
      </button>
      {copied === false ? <span className="setting__problem" role="alert">Glance could not copy it.</span> : null}
    </dd>
  );
}

/** No chips in a kept answer: the press it named elements of is over. A cited id is shown as the code it was written as. */
const NO_CHIPS: ReadonlySet<string> = new Set();
const plainId = (id: string): JSX.Element => <code>{id}</code>;

/**
 * Something kept, fetched from main when asked for and forgotten when hidden: undefined while
 * hidden, 'loading', the text, or null when it could not be read.
 */
function useKept(read: () => Promise<string | null>): { value: string | null | 'loading' | undefined; shown: boolean; toggle(): void } {
  const [value, setValue] = useState<string | null | 'loading' | undefined>(undefined);
  const shown = typeof value === 'string' && value !== 'loading';
  const toggle = (): void => {
    if (shown) {
      setValue(undefined);
      return;
    }
    setValue('loading');
    read().then(setValue, () => setValue(null));
  };
  return { value, shown, toggle };
}

/** One receipt: the app with its icon, when, to whom and how much; unfolded, its facts, the kept payload and the kept answer. */
export function ReceiptItem(props: { api: GlanceApi; receipt: Receipt; icon: string | undefined; kept: boolean; locale: string; onDelete(): void }): JSX.Element {
  const { receipt, locale, api } = props;
  const payload = useKept(() => api.historyPayload({ id: receipt.id }).then((result) => result.payload));
  const answer = useKept(() => api.historyAnswer({ id: receipt.id }).then((result) => result.answer));
  const openLink = useCallback((url: string) => void api.openExternal({ url }), [api]);
  const copyText = useCallback((text: string) => api.copyText({ text }).then((done) => done.copied), [api]);
  const kinds = [...new Set(receipt.withheld.map((w) => w.kind))].join(', ');
  const failure = failureWords(receipt);
  const name = receipt.app.name || receipt.app.bundleId;
  return (
    <li className="receipt" data-testid="receipt">
      <details>
        <summary className="receipt__line">
          {/* The disclosure mark a Mac list shows: it turns down when the receipt is open. */}
          <ChevronRight className="receipt__chevron" size={13} aria-hidden="true" />
          <span className="receipt__app"><AppIcon className="receipt__icon" size={16} icon={props.icon} /><span className="receipt__name"><ProviderText text={name} /></span></span>
          <span className="receipt__when">{whenWords(receipt.at, locale)}</span>
          {/* Each part wraps as a whole: "3 items went with the question" never breaks inside; the spaces between are where the line may break. */}
          <span className="receipt__to">
            {[receiptTo(receipt), ...amountParts(receipt, locale)].map((part, index) => (
              <Fragment key={index}>{index > 0 ? ' ' : ''}<span className="receipt__part">{index > 0 ? `· ${part}` : part}</span></Fragment>
            ))}
          </span>
        </summary>
        <dl className="receipt__facts">
          <dt>App</dt>
          <dd className="receipt__who">
            <ProviderText text={name} />
            {receipt.app.name && receipt.app.name !== receipt.app.bundleId ? <span className="receipt__id"><ProviderText text={receipt.app.bundleId} /></span> : null}
          </dd>
          {receipt.source && SOURCE_FACT[receipt.source] ? <><dt>Read</dt><dd data-testid="receipt-source">{SOURCE_FACT[receipt.source]}</dd></> : null}
          <dt>{toLabel(receipt)}</dt><dd data-testid="receipt-sent-to">{receiptTo(receipt)}</dd>
          {failure !== undefined ? <><dt>Came back</dt><dd>{failure}</dd></> : null}
          {kinds ? <><dt>Withheld</dt><dd>{kinds}</dd></> : null}
          <dt>Size</dt><dd>{sizeWords(receipt.bytes, locale)}</dd>
          <dt>SHA-256</dt><Digest api={props.api} receipt={receipt} />
        </dl>
        <div className="receipt__actions">
          {props.kept ? (
            <button type="button" className="button" onClick={payload.toggle} disabled={payload.value === 'loading'} aria-expanded={payload.shown}>{payload.shown ? 'Hide what was sent' : 'Show what was sent'}</button>
          ) : <span className="quiet">What was sent was not kept.</span>}
          {receipt.answer === 'kept' ? (
            <button type="button" className="button" onClick={answer.toggle} disabled={answer.value === 'loading'} aria-expanded={answer.shown}>{answer.shown ? 'Hide the answer' : 'Show the answer'}</button>
          ) : null}
          <button type="button" className="button button--quiet" aria-label={`Delete the receipt from ${whenWords(receipt.at, locale)}`} onClick={props.onDelete}>
            <Trash2 size={13} aria-hidden="true" />Delete
          </button>
        </div>
        {payload.value === null || answer.value === null ? <p className="setting__problem" role="alert">Glance could not read what was kept for this request.</p> : null}
        {payload.shown && typeof payload.value === 'string' ? <KeptPayloadView payload={payload.value} /> : null}
        {/* The answer as the panel showed it: its Markdown rendered, every run of text as provider text. */}
        {answer.shown && typeof answer.value === 'string' ? (
          <section className="kept kept__answer" aria-label="The answer" data-testid="kept-answer">
            <AnswerMarkdown text={answer.value} chipIds={NO_CHIPS} renderChip={plainId} onOpenLink={openLink} onCopy={copyText} />
          </section>
        ) : null}
      </details>
    </li>
  );
}
