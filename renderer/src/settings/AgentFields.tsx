import { useEffect, useState, type JSX } from 'react';
import { BACKEND_IDS, backendFacts, defaultModelOf, isKeyedBackend, needsKey, type BackendId } from '../../../contract/backends.js';
import type { GlanceApi } from '../bridge.js';
import { SettingRow } from './SettingRow.js';
import { ApiKeyField } from './ApiKeyField.js';
import type { FieldName, SettingsEditor } from './use-settings-editor.js';
import type { Settings } from '../../../contract/settings.js';

/** A text setting applied when the user leaves the field or presses Return; what they typed stays while it has a problem. */
function TextSetting(props: { editor: SettingsEditor; field: Extract<FieldName, 'model' | 'baseURL'>; value: string; label: string; placeholder: string; hint?: string }): JSX.Element {
  const [draft, setDraft] = useState(props.value);
  useEffect(() => setDraft(props.value), [props.value]);
  const commit = (): void => {
    if (draft.trim() !== props.value) void props.editor.apply(props.field, { [props.field]: draft.trim() });
  };
  const id = `setting-${props.field}`;
  return (
    <SettingRow editor={props.editor} field={props.field} label={props.label} labelFor={id} hint={props.hint}>
      <input
        id={id}
        className="text-field"
        aria-label={props.field === 'baseURL' ? 'Base URL' : 'Model'}
        aria-invalid={props.editor.problems[props.field] ? true : undefined}
        aria-describedby={props.editor.problems[props.field] ? `problem-${props.field}` : undefined}
        value={draft}
        placeholder={props.placeholder}
        spellCheck={false}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); commit(); } }}
      />
    </SettingRow>
  );
}

/**
 * Who answers: the backend, its model and server address, and its API key. The offline
 * backend is named for what it is (no model) and needs none of the rest. Keys are not
 * settings: ApiKeyField hands them to main's Keychain store.
 */
export function AgentFields(props: { api: GlanceApi; editor: SettingsEditor; settings: Settings }): JSX.Element {
  const { settings, editor } = props;
  const backend = settings.backend;
  // The menu shows each backend's short label (it fits any panel width); the hint says what it means.
  const facts = backendFacts(backend);
  return (
    <section className="group" aria-label="Who answers">
      <h2 className="group__title">Who answers</h2>
      <SettingRow editor={editor} field="backend" label="Answers from" labelFor="setting-backend" hint={facts.hint}>
        <select id="setting-backend" aria-label="Backend" value={backend} onChange={(e) => void editor.apply('backend', { backend: e.target.value as BackendId })}>
          {BACKEND_IDS.map((id) => <option key={id} value={id}>{backendFacts(id).shortLabel}</option>)}
        </select>
      </SettingRow>
      {facts.model === null ? null : (
        <>
          <TextSetting editor={editor} field="model" value={settings.model} label="Model" placeholder={defaultModelOf(settings) ?? ''} />
          <TextSetting
            editor={editor}
            field="baseURL"
            value={settings.baseURL}
            label="Server"
            placeholder={facts.model.server.placeholder}
            hint={facts.model.server.hint}
          />
          {isKeyedBackend(backend) ? <ApiKeyField api={props.api} backend={backend} optional={!needsKey(settings)} /> : null}
        </>
      )}
    </section>
  );
}
