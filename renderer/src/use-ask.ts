import { useState } from 'react';
import type { GlanceApi } from './bridge.js';

/** Asking: the request with the exclusions, the refusal Send may give, and whether one is on its way. */
export interface Asking {
  sending: boolean;
  /** A sentence from Send itself (a refused or stale request), for this invocation only. */
  note: string | null;
  ask(question: string): Promise<boolean>;
}

/** Sends questions for one invocation; the answer itself streams through main's answer pushes. */
export function useAsk(api: GlanceApi, invocation: number | undefined, excluded: ReadonlySet<string>, allowed: ReadonlySet<string>): Asking {
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState<{ invocation: number | undefined; text: string | null }>({ invocation: undefined, text: null });
  return {
    sending,
    note: note.invocation === invocation ? note.text : null,
    async ask(question) {
      if (sending || invocation === undefined || question.trim() === '') return false;
      setSending(true);
      try {
        const result = await api.send({ invocation, prompt: question, removedIds: [...excluded], allowedIds: [...allowed] });
        setNote({ invocation, text: result.ok ? null : result.message });
        return result.ok;
      } catch {
        setNote({ invocation, text: 'Glance could not send your question.' });
        return false;
      } finally {
        setSending(false);
      }
    },
  };
}
