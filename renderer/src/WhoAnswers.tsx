import { useId, useState, type JSX } from 'react';
import { KEYED_BACKENDS, type KeyedBackendId } from '../../contract/backends.js';
import type { WhoAnswersState } from './use-who-answers.js';
import { KEY_CHOICE_WORDS, NO_MODEL_WORDS, noServerWords, serverWords, serviceWords } from './words/who-answers.js';

/**
 * The welcome's "Who answers", before anything is tried: each model server found on this Mac
 * with its models (the first preselected), a key for Claude or OpenAI checked before it is
 * stored, or no model at all, named for what it is. Each choice is saved as the settings'
 * backend at once, so the first question goes where the user chose, without Settings.
 */
export function WhoAnswers(props: { who: WhoAnswersState }): JSX.Element {
  const { who } = props;
  const name = useId();
  const { look, choice } = who;
  return (
    <fieldset className="who-answers" data-testid="who-answers">
      <legend className="who-answers__legend">Who answers</legend>
      {look === null ? <p className="who-answers__note" role="status">Looking for a model server on this Mac…</p> : null}
      {look?.found.map((server, index) => {
        const chosen = choice.kind === 'local' && choice.server === index;
        const label = serverWords(server);
        return (
          <div key={server.baseURL} className="who-answers__option">
            <label className="who-answers__choice">
              <input type="radio" name={name} checked={chosen} onChange={() => who.choose({ kind: 'local', server: index, model: server.models[0] ?? '' })} />
              <span>{label}</span>
            </label>
            <select
              className="who-answers__model" aria-label={`Model on ${label}`} disabled={!chosen}
              value={chosen ? choice.model : server.models[0]}
              onChange={(e) => who.choose({ kind: 'local', server: index, model: e.target.value })}
            >
              {server.models.map((model) => <option key={model} value={model}>{model}</option>)}
            </select>
          </div>
        );
      })}
      {look !== null && look.found.length === 0 ? <p className="who-answers__note">{noServerWords(look)}</p> : null}
      <div className="who-answers__option">
        <label className="who-answers__choice">
          <input type="radio" name={name} checked={choice.kind === 'key'} onChange={() => who.choose({ kind: 'key' })} />
          <span>{KEY_CHOICE_WORDS}</span>
        </label>
        {choice.kind === 'key' ? <KeyForm who={who} /> : null}
      </div>
      <div className="who-answers__option">
        <label className="who-answers__choice">
          <input type="radio" name={name} checked={choice.kind === 'offline'} onChange={() => who.choose({ kind: 'offline' })} />
          <span>{NO_MODEL_WORDS}</span>
        </label>
      </div>
      <button type="button" className="link-button who-answers__again" disabled={look === null} onClick={who.lookAgain}>Look again</button>
    </fieldset>
  );
}

/** The key's service and the key, checked with one small request; the field empties once the key is stored. */
function KeyForm(props: { who: WhoAnswersState }): JSX.Element {
  const { who } = props;
  const [backend, setBackend] = useState<KeyedBackendId>('anthropic');
  const [key, setKey] = useState('');
  const check = async (): Promise<void> => {
    if (await who.checkKey(backend, key.trim())) setKey('');
  };
  const ready = key.trim() !== '' && !who.checking;
  return (
    <div className="who-answers__key">
      <select aria-label="Service" value={backend} onChange={(e) => setBackend(e.target.value as KeyedBackendId)}>
        {KEYED_BACKENDS.map((id) => <option key={id} value={id}>{serviceWords(id)}</option>)}
      </select>
      <input
        className="text-field" type="password" autoComplete="off" aria-label="API key" placeholder="Paste the key"
        value={key} onChange={(e) => setKey(e.target.value)}
        onKeyDown={(e) => { if (e.key === 'Enter' && ready) { e.preventDefault(); void check(); } }}
      />
      <button type="button" className="button" disabled={!ready} onClick={() => void check()}>{who.checking ? 'Checking…' : 'Check key'}</button>
      {who.keyNote ? <p className={who.keyNote.accepted ? 'who-answers__note' : 'who-answers__problem'} role={who.keyNote.accepted ? 'status' : 'alert'}>{who.keyNote.text}</p> : null}
    </div>
  );
}
