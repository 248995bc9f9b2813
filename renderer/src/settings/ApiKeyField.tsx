import { useEffect, useState, type JSX } from 'react';
import type { KeyedBackendId } from '../../../contract/backends.js';
import type { GlanceApi } from '../bridge.js';
import { keyProblemWords } from '../words/notices.js';
import type { KeyStatus } from '../../../contract/ipc.js';

/**
 * The API key for one backend. The key goes to main, which keeps it with safeStorage (the
 * Keychain); what comes back is only whether a key is stored. The field empties itself after
 * storing, so the key is not left in the page either.
 */
export function ApiKeyField(props: { api: GlanceApi; backend: KeyedBackendId; optional: boolean }): JSX.Element {
  const { api, backend } = props;
  const [status, setStatus] = useState<KeyStatus | null>(null);
  const [key, setKey] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void api.getKeyStatus().then(setStatus);
  }, [api]);

  const store = async (): Promise<void> => {
    try {
      const result = await api.setApiKey({ backend, key });
      setStatus(result.status);
      setProblem(result.problem ? keyProblemWords(result.problem) : null);
      if (!result.problem) setKey('');
    } catch {
      // The refusal names the field only; the key is never echoed.
      setProblem('That does not look like an API key: letters, digits and punctuation, no spaces.');
    }
  };

  const stored = status?.stored[backend] ?? false;
  return (
    <div className="setting">
      <div className="setting__line">
        <label className="setting__label" htmlFor="setting-key">API key</label>
        <div className="setting__control key-row">
          <input
            id="setting-key"
            className="text-field"
            aria-label="API key"
            type="password"
            autoComplete="off"
            value={key}
            placeholder={stored ? 'Stored; paste to replace' : props.optional ? 'Optional for a local server' : 'Paste the key'}
            disabled={status?.available === false}
            onChange={(e) => setKey(e.target.value)}
            onKeyDown={(e) => { if (e.key === 'Enter' && key.trim() !== '') { e.preventDefault(); void store(); } }}
          />
          <button type="button" className="button" aria-label="Store the API key" disabled={key.trim() === '' || status?.available === false} onClick={() => void store()}>
            Store
          </button>
        </div>
      </div>
      <p className="setting__hint" role="status" data-testid="key-status">
        {stored ? 'A key is stored in the Keychain.' : 'No key is stored.'}
        {stored ? <> <button type="button" className="link-button" aria-label="Remove the stored API key" onClick={() => void api.clearApiKey({ backend }).then(setStatus)}>Remove</button></> : null}
      </p>
      {status?.problem ? <p className="setting__problem" role="alert">{keyProblemWords(status.problem)}</p> : null}
      {problem ? <p className="setting__problem" role="alert">{problem}</p> : null}
    </div>
  );
}
