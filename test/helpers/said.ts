import type { Invocation } from '../../contract/ipc.js';
import { statusWords } from '../../renderer/src/words/invocation.js';

/** The sentence the panel shows for a press (its status line): main sends the facts, the renderer words them. */
export function said(invocation: Invocation | null | undefined): string | undefined {
  return invocation ? statusWords(invocation) : undefined;
}
