import { useEffect, useState, type JSX } from 'react';
import type { GlanceApi } from '../bridge.js';

type KeyStatus = Awaited<ReturnType<GlanceApi['getKeyStatus']>>;

/**
 * The API key for one backend. The key goes to main, which keeps it with safeStorage (the
 * Keychain); what comes back is only whether a key is stored. The field empties itself after
 * storing, so the key is not left in the page either.
 */
export function ApiKeyField(props: { api: GlanceApi; backend: 'anthropic' | 'openai'; optional: boolean }): JSX.Element {
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
      setProblem(result.problem ?? null);
      if (!result.problem) setKey('');
    } catch {
      // The refusal names the field only; the key is never echoed.
      setProblem('That does not look like an API key: letters, digits and punctuation, no spaces.');
    }
  };

  const stored = status?.stored[backend] ?? false;
  return (
    <div className="field">
      <span>API key{props.optional ? ' (optional for a local server)' : ''}</span>
      {status && !status.available ? <p className="notice" role="alert">{status.reason}</p> : null}
      <p className="status" role="status" data-testid="key-status">
        {stored ? 'A key is stored in the Keychain.' : 'No key is stored.'}
      </p>
      <div className="key-row">
        <input
          aria-label="API key"
          type="password"
          autoComplete="off"
          value={key}
          placeholder={stored ? 'Enter a new key to replace it' : 'Paste the key'}
          disabled={status?.available === false}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="button" className="button" aria-label="Store the API key" disabled={key.trim() === '' || status?.available === false} onClick={() => void store()}>
          Store
        </button>
        {stored ? (
          <button type="button" className="button" aria-label="Remove the stored API key" onClick={() => void api.clearApiKey(backend).then(setStatus)}>
            Remove
          </button>
        ) : null}
      </div>
      {problem ? <p className="notice" role="alert">{problem}</p> : null}
    </div>
  );
}
