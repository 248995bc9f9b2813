import { randomBytes } from 'node:crypto';
import { formatSeconds } from '../client/exchange.js';
import { type Answer, type Element, TOOL_LOCATION, readLocation } from '@app-context/provider-kit/protocol';
import { firstText } from './current-checks.js';
import { NEVER_ISSUED_PREFIX } from './limits.js';
import { exchange } from './mcp-exchange.js';
import { providerText } from './redact.js';
import { fail, notChecked, pass, type CheckResult, type Target } from './types.js';

interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: unknown[];
}

/**
 * `location` for an id never issued must be a tool error (`isError: true`), and for an id
 * from the answer a valid Location within the time limit. A provider that does not list
 * `location` passes both with a note: not offering it is how it says it cannot place anything.
 */
export async function checkLocation(target: Target, timeoutMs: number, offered: boolean | undefined, answer: Answer | undefined): Promise<CheckResult[]> {
  if (offered === false) {
    const note = 'note: location is not offered, so hosts never ask';
    return [pass('location-unknown-id', note), pass('location-known-id', note)];
  }
  return [await checkUnknownId(target, timeoutMs), await checkKnownId(target, timeoutMs, answer)];
}

function call(target: Target, timeoutMs: number, id: string) {
  return exchange(target, timeoutMs, async (client, bound) => (await client.callTool({ name: TOOL_LOCATION, arguments: { id } }, undefined, bound)) as ToolResult);
}

async function checkUnknownId(target: Target, timeoutMs: number): Promise<CheckResult> {
  // Fresh each run, so no provider can have issued it (the id rule allows base64url).
  const id = `${NEVER_ISSUED_PREFIX}${randomBytes(12).toString('base64url')}`;
  const result = await call(target, timeoutMs, id);
  if (!result.ok) return fail('location-unknown-id', `location for an id never issued: ${result.reason}; it must be a tool error (isError: true)`);
  if (result.value.isError === true) {
    const said = firstText(result.value.content);
    if (said?.includes(target.token) === true) {
      return fail('location-unknown-id', `the tool error's text quotes the provider's token (shown here as [token]): ${providerText(said, target.token)}; the token goes nowhere but the descriptor`);
    }
    return pass('location-unknown-id', `a tool error${said !== undefined ? `: ${providerText(said, target.token)}` : ''}`);
  }
  return fail('location-unknown-id', `location answered an id it never issued (${id}) without isError; an id never issued in this run is a tool error`);
}

/** How many ids from the answer are tried before every one is taken as declined. */
const KNOWN_ID_TRIES = 3;

/**
 * `location` for ids from the answer. A tool error for one of them is what the protocol asks
 * of a provider that cannot place that element, so it is not a failure: the next candidate is
 * tried, and when every one declines the check passes with a note quoting the provider's own
 * texts. The first location given is judged: well-formed, within the time limit.
 */
async function checkKnownId(target: Target, timeoutMs: number, answer: Answer | undefined): Promise<CheckResult> {
  if (answer === undefined) return notChecked('location-known-id', 'no answer to current to take an id from');
  const declined: string[] = [];
  for (const id of pickIds(answer.root, KNOWN_ID_TRIES)) {
    const result = await call(target, timeoutMs, id);
    if (!result.ok) return fail('location-known-id', `location for ${id}, an id from the answer: ${result.reason}`);
    if (result.value.isError === true) {
      const said = firstText(result.value.content);
      declined.push(`location for ${id}, an id from the answer, is a tool error, which the protocol allows for an element a provider cannot place${said !== undefined ? `: ${providerText(said, target.token)}` : ''}`);
      continue;
    }
    const read = readLocation(result.value.structuredContent);
    if (!read.ok) return fail('location-known-id', `location for ${id}: ${read.reason}`);
    if (read.warnings.length > 0) return fail('location-known-id', `location for ${id}: ${read.warnings.join('; ')}`);
    const rects = read.location.rects.length;
    const placed = `${id}: ${read.location.state}, ${rects} rect${rects === 1 ? '' : 's'}, in ${result.elapsedMs} ms (limit ${formatSeconds(timeoutMs)})`;
    return pass('location-known-id', declined.length === 0 ? placed : `${placed}; note: ${declined.join('; ')}`);
  }
  return pass('location-known-id', `note: ${declined.join('; ')}`);
}

/**
 * The elements a host would most likely locate, best first: selected ones, then focused ones
 * from the deepest up, then the rest in document order; at most `max`, the root last of all.
 */
function pickIds(root: Element, max: number): string[] {
  const selected: string[] = [];
  const focused: string[] = [];
  const others: string[] = [];
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (element !== root) {
      if (element.selected === true) selected.push(element.id);
      else if (element.focused === true) focused.unshift(element.id);
      else others.push(element.id);
    }
    for (const child of [...(element.children ?? [])].reverse()) stack.push(child);
  }
  return [...selected, ...focused, ...others, root.id].slice(0, max);
}
