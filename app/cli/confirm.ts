import { createInterface } from 'node:readline';
import type { CliIo } from './io.js';

/** True for the answers that mean yes. */
function isYes(answer: string): boolean {
  return /^\s*(y|yes)\s*$/i.test(answer);
}

/**
 * Asks on stderr and reads one line of standard input; no line (input closed, or none piped)
 * is a no, so a script never removes anything by accident.
 */
export async function confirm(io: CliIo, question: string): Promise<boolean> {
  if (io.confirm) return io.confirm(question);
  io.stderr(`${question} [y/N] `);
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    const answer = await new Promise<string>((resolve) => {
      lines.once('line', resolve);
      lines.once('close', () => resolve(''));
    });
    return isYes(answer);
  } finally {
    lines.close();
  }
}
