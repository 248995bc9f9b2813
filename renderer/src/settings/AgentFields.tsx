import type { JSX } from 'react';
import { BACKEND_IDS, BACKEND_NAMES, DEFAULT_MODELS, type BackendId } from '../../../contract/backends.js';
import type { GlanceApi } from '../bridge.js';
import { ApiKeyField } from './ApiKeyField.js';

type Settings = Awaited<ReturnType<GlanceApi['getSettings']>>;

/** The model Glance asks when the field is empty, shown as the field's placeholder. */
function defaultModelFor(settings: Settings): string {
  if (settings.backend === 'anthropic') return DEFAULT_MODELS.anthropic;
  return settings.baseURL ? DEFAULT_MODELS.local : DEFAULT_MODELS.openai;
}

/**
 * Who answers: the backend, its model and server address, and its API key. The offline
 * backend is named for what it is (no model; it restates the context) and needs none of the
 * rest. Keys are not settings: ApiKeyField hands them to main's Keychain store.
 */
export function AgentFields(props: { api: GlanceApi; settings: Settings; onChange(settings: Settings): void }): JSX.Element {
  const { settings } = props;
  const backend = settings.backend;
  return (
    <fieldset className="fieldset">
      <legend>Who answers</legend>
      <label className="field">
        <span>Backend</span>
        <select aria-label="Backend" value={backend} onChange={(e) => props.onChange({ ...settings, backend: e.target.value as BackendId })}>
          {BACKEND_IDS.map((id) => <option key={id} value={id}>{BACKEND_NAMES[id]}</option>)}
        </select>
      </label>
      {backend === 'offline' ? (
        <small className="field__hint">Nothing leaves this Mac: Glance restates the app&apos;s context and highlights the selection. No AI is asked.</small>
      ) : (
        <>
          <label className="field">
            <span>Model</span>
            <input aria-label="Model" value={settings.model} placeholder={defaultModelFor(settings)} onChange={(e) => props.onChange({ ...settings, model: e.target.value })} />
          </label>
          <label className="field">
            <span>Server address (optional)</span>
            <input
              aria-label="Base URL"
              value={settings.baseURL}
              placeholder={backend === 'openai' ? 'e.g. http://127.0.0.1:11434/v1 for Ollama' : 'https://api.anthropic.com'}
              onChange={(e) => props.onChange({ ...settings, baseURL: e.target.value })}
            />
          </label>
          <ApiKeyField api={props.api} backend={backend} optional={backend === 'openai' && settings.baseURL !== ''} />
        </>
      )}
    </fieldset>
  );
}
