import type { VerifiedProvider } from '../discovery/types.js';
import { readLocation, TOOL_LOCATION } from '@app-context/provider-kit/protocol';
import { exchangeTool } from './exchange.js';
import type { CallOptions, LocationOutcome } from './types.js';
import { oneLine } from '../text/cap-text.js';

/**
 * Calls `location` for one id on a verified provider that lists the tool; one that does not is
 * not asked (`not-offered`, exchange.ts). A tool error (an id never issued, an element that
 * cannot be placed) and a JSON-RPC error are both "the provider answered with an error for that
 * id"; we never quote its text.
 */
export async function fetchLocation(provider: VerifiedProvider, id: string, options: CallOptions = {}): Promise<LocationOutcome> {
  const exchange = await exchangeTool(provider, TOOL_LOCATION, { id }, options);
  // The app's own name on one line and capped: reasons reach the panel, the CLI and the log.
  const name = oneLine(provider.descriptor.name);
  if (!exchange.ok) {
    if (exchange.kind === 'not-offered') return { ok: false, kind: 'not-offered', reason: `${name} does not offer location (it cannot report where its elements are), so it was not asked` };
    if (exchange.kind === 'refused' && exchange.rpcErrorCode !== undefined) {
      return { ok: false, kind: 'error', reason: `${name} answered location for ${id} with a JSON-RPC error (code ${exchange.rpcErrorCode})` };
    }
    return exchange;
  }
  if (exchange.result.isError === true) return { ok: false, kind: 'error', reason: `${name} answered with an error for ${id} (it never issued that id, or cannot place it)` };
  const read = readLocation(exchange.result.structuredContent);
  if (!read.ok) return { ok: false, kind: 'refused', reason: `${name}'s location was refused: ${read.reason}` };
  return read;
}
