import { formatSeconds } from '../client/exchange.js';
import { declaredProtocol, EXTENSION_KEY, TOOL_CURRENT, TOOL_LOCATION } from '@app-context/provider-kit/protocol';
import { exchange } from './mcp-exchange.js';
import { fail, notChecked, pass, type CheckResult, type Target } from './types.js';

/** What the first exchange learned, for the checks that follow. */
export interface ServerFacts {
  checks: CheckResult[];
  /** False when the server is not a provider a host would use: no or another declaration. */
  declares: boolean;
  /** Whether `location` is listed; undefined when tools/list failed. */
  offersLocation?: boolean;
}

/**
 * MCP initialisation with the token, the extension declaration
 * (`capabilities.extensions["io.appcontext/context"].protocol` equal to the descriptor's),
 * and tools/list (`current` listed; `location` noted either way). One exchange, one limit.
 */
export async function checkServer(target: Target, timeoutMs: number): Promise<ServerFacts> {
  const result = await exchange(target, timeoutMs, async (client, bound) => {
    const capabilities = client.getServerCapabilities();
    const tools = await client.listTools(undefined, bound).then((r) => ({ ok: true as const, names: r.tools.map((t) => t.name) }), (e: unknown) => ({ ok: false as const, error: e }));
    return { capabilities, tools };
  });
  if (!result.ok) {
    const why = 'MCP initialisation failed';
    return { checks: [fail('mcp-initialize', result.reason), notChecked('mcp-extension', why), notChecked('mcp-tools', why)], declares: false };
  }
  const initialize = pass('mcp-initialize', `answered in ${result.elapsedMs} ms (limit ${formatSeconds(timeoutMs)})`);
  const declared = declaredProtocol(result.value.capabilities);
  let extension: CheckResult;
  if (declared === undefined) {
    extension = fail('mcp-extension', `the initialize result does not declare capabilities.extensions["${EXTENSION_KEY}"].protocol; a server without it is not a provider, and hosts refuse it`);
  } else if (declared !== target.protocol) {
    extension = fail('mcp-extension', `the server declares protocol ${declared.slice(0, 40)}, but its descriptor states ${target.protocol}; the two must be the same string, and hosts refuse it`);
  } else {
    extension = pass('mcp-extension', declared);
  }
  const tools = result.value.tools;
  if (!tools.ok) {
    return { checks: [initialize, extension, fail('mcp-tools', 'tools/list failed: a plain MCP client cannot see the tools')], declares: extension.ok };
  }
  const offersLocation = tools.names.includes(TOOL_LOCATION);
  const listed = tools.names.includes(TOOL_CURRENT)
    ? pass('mcp-tools', offersLocation ? 'current and location' : 'current; location is not offered (fine when the app cannot report positions)')
    : fail('mcp-tools', `tools/list does not list ${TOOL_CURRENT}, the tool every provider serves`);
  return { checks: [initialize, extension, listed], declares: extension.ok, offersLocation };
}
