import { useCallback, useEffect, useState } from 'react';
import type { KeyedBackendId } from '../../contract/backends.js';
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
 * Looks for model servers when the welcome is opened (never in the background), preselects
 * the first model found, and saves each choice the user makes as the settings' backend.
 */
export function useWhoAnswers(api: GlanceApi): WhoAnswersState {
  const [look, setLook] = useState<LocalServers | null>(null);
  const [choice, setChoice] = useState<Choice>({ kind: 'offline' });
  const [keyNote, setKeyNote] = useState<WhoAnswersState['keyNote']>(null);
  const [checking, setChecking] = useState(false);
  const [serial, setSerial] = useState(0);

  // The panel's page loads hidden with the app: it looks when the user opens the panel (the
  // window becomes visible), and on Look again, never while nobody sees the welcome.
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
      const first = found.found[0];
      // The first model found is preselected, unless the user already chose something else meanwhile.
      if (first?.models[0] !== undefined) setChoice((now) => (now.kind === 'offline' ? { kind: 'local', server: 0, model: first.models[0] ?? '' } : now));
    }, () => {
      if (live) setLook({ found: [], missed: [] });
    });
    return () => {
      live = false;
    };
  }, [api, serial]);

  const save = useCallback(async (next: Choice): Promise<void> => {
    if (next.kind === 'offline') await api.saveSettings({ backend: 'offline' });
    const server = next.kind === 'local' ? look?.found[next.server] : undefined;
    if (next.kind === 'local' && server) await api.saveSettings(localSettings(server, next.model));
  }, [api, look]);

  return {
    look,
    choice,
    keyNote,
    checking,
    lookAgain: () => setSerial((n) => n + 1),
    choose: (next) => {
      setChoice(next);
      void save(next);
    },
    checkKey: async (backend, key) => {
      setChecking(true);
      try {
        const result = await api.checkApiKey({ backend, key });
        const accepted = result.check === 'accepted' && result.stored;
        if (accepted) await api.saveSettings({ backend, model: '', baseURL: '' });
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
