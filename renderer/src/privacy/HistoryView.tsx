import { Fragment, useCallback, useEffect, useState, type JSX } from 'react';
import { ChevronRight, Trash2 } from 'lucide-react';
import type { GlanceApi } from '../bridge.js';
import { ProviderText } from '../text/ProviderText.js';
import { KeptPayloadView } from './KeptPayloadView.js';
import { amountWords, failureWords, RECEIPT_THROUGH_ACCESSIBILITY, receiptTo, sizeWords, whenWords, type Receipt } from './receipt-words.js';
import { historyDamagedWords } from '../words/notices.js';

type History = Awaited<ReturnType<GlanceApi['getHistory']>>;

/** One receipt: the app, when, to whom and how much; unfolded, the ids, the hash and the kept payload. */
function ReceiptItem(props: { api: GlanceApi; receipt: Receipt; kept: boolean; locale: string; onDelete(): void }): JSX.Element {
  const { receipt, locale } = props;
  const [payload, setPayload] = useState<string | null | 'loading' | undefined>(undefined);
  const show = (): void => {
    setPayload('loading');
    props.api.historyPayload(receipt.id).then((result) => setPayload(result.payload), () => setPayload(null));
  };
  const kinds = [...new Set(receipt.withheld.map((w) => w.kind))].join(', ');
  const failure = failureWords(receipt);
  return (
    <li className="receipt" data-testid="receipt">
      <details>
        <summary className="receipt__line">
          {/* The disclosure mark a Mac list shows: it turns down when the receipt is open. */}
          <ChevronRight className="receipt__chevron" size={13} aria-hidden="true" />
          <span className="receipt__app"><ProviderText text={receipt.app.name || receipt.app.bundleId} /></span>
          <span className="receipt__when">{whenWords(receipt.at, locale)}</span>
          {/* Each part wraps as a whole: "3.4 KB" never breaks between its number and its unit. */}
          <span className="receipt__to">
            {/* The spaces between the parts are where the line may break. */}
            {[receiptTo(receipt), amountWords(receipt, locale), sizeWords(receipt.bytes, locale)].map((part, index) => (
              <Fragment key={index}>{index > 0 ? ' ' : ''}<span className="receipt__part">{index > 0 ? `· ${part}` : part}</span></Fragment>
            ))}
          </span>
        </summary>
        <dl className="receipt__facts">
          <dt>App</dt><dd><ProviderText text={`${receipt.app.bundleId}, process ${receipt.app.pid}`} /></dd>
          {receipt.source === 'accessibility' ? <><dt>Read</dt><dd data-testid="receipt-source">{RECEIPT_THROUGH_ACCESSIBILITY}</dd></> : null}
          <dt>{failure !== undefined ? 'Attempted to' : 'Sent to'}</dt><dd>{receipt.endpoint}</dd>
          {failure !== undefined ? <><dt>Came back</dt><dd>{failure}</dd></> : null}
          {kinds ? <><dt>Withheld</dt><dd>{kinds}</dd></> : null}
          <dt>SHA-256</dt><dd className="receipt__hash">{receipt.sha256}</dd>
        </dl>
        <div className="receipt__actions">
          {props.kept ? (
            <button type="button" className="button" onClick={show} disabled={payload === 'loading'}>Show what was sent</button>
          ) : <span className="quiet">What was sent was not kept.</span>}
          <button type="button" className="button button--quiet" aria-label={`Delete the receipt from ${whenWords(receipt.at, locale)}`} onClick={props.onDelete}>
            <Trash2 size={13} aria-hidden="true" />Delete
          </button>
        </div>
        {payload === null ? <p className="setting__problem" role="alert">Glance could not read what was kept for this request.</p> : null}
        {typeof payload === 'string' && payload !== 'loading' ? (
          <KeptPayloadView payload={payload} />
        ) : null}
      </details>
    </li>
  );
}

/**
 * The History view: a receipt for every request that carried an app's context to a model,
 * newest first (the same history `glance history` reads). Delete one, or all after a second
 * press that says how many go. Opened from Settings; Esc goes back there.
 */
export function HistoryView(props: { api: GlanceApi; locale: string }): JSX.Element {
  const { api } = props;
  const [history, setHistory] = useState<History | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const take = useCallback((next: Promise<History>) => {
    next.then((value) => { setHistory(value); setProblem(null); }, () => setProblem('Glance could not read its history. Try again; if it keeps failing, `glance history` says why.'));
  }, []);
  useEffect(() => take(api.getHistory()), [api, take]);

  if (!history) return <div className="settings">{problem ? <p className="setting__problem" role="alert">{problem}</p> : <p className="settings__loading">Loading history…</p>}</div>;
  const kept = new Set(history.kept);
  const count = history.receipts.length;
  return (
    <div className="settings history" role="region" aria-label="History">
      {history.notices.map(historyDamagedWords).map((notice) => <p key={notice} className="notice" role="alert">{notice}</p>)}
      {problem ? <p className="setting__problem" role="alert">{problem}</p> : null}
      <p className="setting__hint history__intro">{`A receipt for every request that carried an app's context to a model, kept ${history.days} day${history.days === 1 ? '' : 's'}. Newest first.`}</p>
      {count === 0 ? (
        <p className="history__empty" role="status">Nothing has been sent yet.</p>
      ) : (
        <ul className="history__list" aria-label="Receipts, newest first">
          {history.receipts.map((receipt) => (
            <ReceiptItem key={receipt.id} api={api} receipt={receipt} kept={kept.has(receipt.id)} locale={props.locale} onDelete={() => take(api.deleteReceipt(receipt.id))} />
          ))}
        </ul>
      )}
      {count > 0 ? (
        <div className="history__clear">
          {confirming ? (
            <>
              <button type="button" className="button button--danger" autoFocus onClick={() => { setConfirming(false); take(api.clearHistory()); }}>{`Delete all ${count.toLocaleString(props.locale)} receipt${count === 1 ? '' : 's'}`}</button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>Cancel</button>
            </>
          ) : (
            <button type="button" className="button" onClick={() => setConfirming(true)}>Delete all…</button>
          )}
        </div>
      ) : null}
    </div>
  );
}
