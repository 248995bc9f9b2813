import { useState } from 'react';
import type { InvocationRequests } from './invocation-requests.js';
import { refusalWords } from './words/rules.js';

/** Asking: the request with the exclusions, the refusal Send may give, and whether one is on its way. */
export interface Asking {
  sending: boolean;
  /** A sentence from Send itself (a refused or stale request); the view is this invocation's alone. */
  note: string | null;
  ask(question: string): Promise<boolean>;
}

/** Sends questions for one invocation; the answer itself streams as patches of the invocation's view. */
export function useAsk(requests: Pick<InvocationRequests, 'send'> | null, excluded: ReadonlySet<string>, allowed: ReadonlySet<string>): Asking {
  const [sending, setSending] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  return {
    sending,
    note,
    async ask(question) {
      if (sending || !requests || question.trim() === '') return false;
      setSending(true);
      try {
        const result = await requests.send({ prompt: question, removedIds: [...excluded], allowedIds: [...allowed] });
        setNote(result.ok ? null : refusalWords(result.refused));
        return result.ok;
      } catch {
        setNote('Glance could not send your question.');
        return false;
      } finally {
        setSending(false);
      }
    },
  };
}
