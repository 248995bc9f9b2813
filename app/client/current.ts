import type { VerifiedProvider } from '../discovery/types.js';
import { readAnswer, TOOL_CURRENT } from '@app-context/provider-kit/protocol';
import { exchangeTool } from './exchange.js';
import type { CallOptions, CurrentOutcome } from './types.js';
import { oneLine } from '../text/cap-text.js';

/**
 * Calls `current` on a verified provider and reads the answer tolerantly. An answer whose
 * protocol or instance differs from the descriptor's is refused: it comes from another run
 * of the provider (or another provider) than the one we verified.
 */
export async function fetchCurrent(provider: VerifiedProvider, options: CallOptions = {}): Promise<CurrentOutcome> {
  const exchange = await exchangeTool(provider, TOOL_CURRENT, {}, options);
  if (!exchange.ok) {
    // Every provider offers current; a server that does not list it is no provider, and is not asked.
    if (exchange.kind === 'not-offered') return { ok: false, kind: 'refused', reason: `${exchange.reason}, so it is not a provider` };
    return exchange;
  }
  // The app's own name on one line and capped: reasons reach the panel, the CLI and the log.
  const name = oneLine(provider.descriptor.name);
  if (exchange.result.isError === true) return { ok: false, kind: 'refused', reason: `${name} answered current with a tool error` };
  const structured = exchange.result.structuredContent;
  if (structured === undefined) return { ok: false, kind: 'refused', reason: `${name} answered current without structuredContent` };
  const read = readAnswer(structured);
  if (!read.ok) return { ok: false, kind: 'refused', reason: `${name}'s answer was refused: ${read.reason}` };
  if (read.answer.protocol !== provider.descriptor.protocol) {
    return { ok: false, kind: 'refused', reason: `${name}'s answer states another protocol than its descriptor` };
  }
  if (read.answer.instance !== provider.descriptor.instance) {
    return { ok: false, kind: 'refused', reason: `${name}'s answer comes from another instance than its descriptor (the app restarted?)` };
  }
  return { ok: true, answer: read.answer, warnings: read.warnings, elementCount: read.elementCount };
}
