import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyedBackendId } from '../../contract/backends.js';
import type { SettingsPatch } from '../../contract/settings.js';
import type { FoundServer, LocalServers } from '../../contract/who-answers.js';
import type { GlanceApi } from './bridge.js';
import { keyCheckWords } from './words/who-answers.js';

/** Who answers, as the welcome's choice holds it: a model on a found server, a key's service, or no model. */
type Choice = { kind: 'local'; server: number; model: string } | { kind: 'key' } | { kind: 'offline' };

/** The welcome's choice of who answers, and what it does to the settings. */
export interface WhoAnswersState {
  /** The last look's result; null while looking. */
  look: LocalServers | null;
  choice: Choice;
  /** What checking a key said, and whether it was accepted. */
  keyNote: { text: string; accepted: boolean } | null;
  checking: boolean;
  /** Looks again (the "Look again" button). */
  lookAgain(): void;
  /** Chooses and saves: the settings then name this answerer (a key's service is saved once its key is accepted). */
  choose(choice: Choice): void;
  checkKey(backend: KeyedBackendId, key: string): Promise<boolean>;
  /** Saves the choice shown (the preselected model too) before Sample Notes is tried. */
  apply(): Promise<void>;
}

/** The settings a found server's model is: the OpenAI-compatible API every local server speaks. */
function localSettings(server: FoundServer, model: string) {
  return { backend: 'openai', baseURL: server.baseURL, model } as const;
}

/**
 * The choice after a look: the first model found is preselected until the user chose; a chosen
 * model the look no longer finds (its server stopped) is no longer chosen.
 */
function afterLook(now: Choice, look: LocalServers, byUser: boolean): Choice {
  const first = look.found[0];
  const preselected: Choice = first?.models[0] !== undefined ? { kind: 'local', server: 0, model: first.models[0] } : { kind: 'offline' };
  if (now.kind === 'local' && look.found[now.server]?.models.includes(now.model) !== true) return preselected;
  return byUser ? now : preselected;
}

/**
 * Looks for model servers when the welcome is opened (never in the background), preselects
 * the first model found, and saves each choice the user makes as the settings' backend.
 */
export function useWhoAnswers(api: GlanceApi): WhoAnswersState {
  const [look, setLook] = useState<LocalServers | null>(null);
  const [choice, setChoice] = useState<Choice>({ kind: 'offline' });
  const [keyNote, setKeyNote] = useState<WhoAnswersState['keyNote']>(null);
  const [checking, setChecking] = useState(false);
  const [serial, setSerial] = useState(0);
  /** The service whose key was accepted here: the key choice answers with it, and until then no model does. */
  const [keyed, setKeyed] = useState<KeyedBackendId | null>(null);
  /** True once the user chose: a later look preselects nothing over their choice. */
  const chosen = useRef(false);

  // The panel's page loads hidden with the app: it looks when the user opens the panel (the
  // window becomes visible), and on Look again, never while nobody sees the welcome. Electron
  // reports a hidden window's page as hidden while its background throttling is on, as the
  // panel's is (main/config.ts sets it off only for the overlay).
  useEffect(() => {
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') setSerial((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    if (document.visibilityState !== 'visible') return undefined;
    let live = true;
    setLook(null);
    void api.findLocalServers().then((found) => {
      if (!live) return;
      setLook(found);
      setChoice((now) => afterLook(now, found, chosen.current));
    }, () => {
      if (live) setLook({ found: [], missed: [] });
    });
    return () => {
      live = false;
    };
  }, [api, serial]);

  // One save at a time, in the order chosen: main applies each change over the settings it holds
  // when the change arrives, so two quick clicks in flight together could land in either order.
  const saving = useRef<Promise<void>>(Promise.resolve());
  const enqueue = useCallback((patch: SettingsPatch | null): Promise<void> => {
    const saved = saving.current.then(async () => {
      if (patch) await api.saveSettings(patch);
    });
    saving.current = saved.catch(() => undefined);
    return saved;
  }, [api]);
  const save = useCallback((next: Choice): Promise<void> => {
    const server = next.kind === 'local' ? look?.found[next.server] : undefined;
    if (next.kind === 'local') return enqueue(server ? localSettings(server, next.model) : null);
    // The key choice without an accepted key is no model yet: a server picked before must not answer under it.
    return enqueue(next.kind === 'key' && keyed ? { backend: keyed, model: '', baseURL: '' } : { backend: 'offline' });
  }, [enqueue, look, keyed]);

  return {
    look,
    choice,
    keyNote,
    checking,
    lookAgain: () => setSerial((n) => n + 1),
    choose: (next) => {
      chosen.current = true;
      setChoice(next);
      void save(next);
    },
    checkKey: async (backend, key) => {
      setChecking(true);
      try {
        const result = await api.checkApiKey({ backend, key });
        const accepted = result.check === 'accepted' && result.stored;
        if (accepted) {
          setKeyed(backend);
          await enqueue({ backend, model: '', baseURL: '' });
        }
        setKeyNote({ text: keyCheckWords(result), accepted });
        return accepted;
      } catch {
        // The contract refused the text before anything was sent: it is no API key. The key is never echoed.
        setKeyNote({ text: 'That does not look like an API key: letters, digits and punctuation, no spaces.', accepted: false });
        return false;
      } finally {
        setChecking(false);
      }
    },
    apply: () => save(choice),
  };
}
