import { useCallback, useEffect, useState, type JSX } from 'react';
import type { GlanceApi } from '../bridge.js';
import { ReceiptItem } from './ReceiptItem.js';
import { historyDamagedWords } from '../words/notices.js';
import type { HistoryView as History } from '../../../contract/ipc.js';

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
      <p className="setting__hint history__intro">{`A receipt for every request that carried an app’s context to a model, kept ${history.days} day${history.days === 1 ? '' : 's'}. Newest first.`}</p>
      {count === 0 ? (
        <p className="history__empty" role="status">Nothing has been sent yet.</p>
      ) : (
        <ul className="history__list" aria-label="Receipts, newest first">
          {history.receipts.map((receipt) => (
            <ReceiptItem key={receipt.id} api={api} receipt={receipt} icon={history.icons[receipt.app.bundleId]} kept={kept.has(receipt.id)} locale={props.locale} onDelete={() => take(api.deleteReceipt({ id: receipt.id }))} />
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
