import { isDeepStrictEqual } from 'node:util';
import { formatSeconds } from '../client/exchange.js';
import { type Answer, KIT_PROBLEMS_META, MAX_DEPTH, MAX_VALUE_DEPTH, TOOL_CURRENT, nestsDeeperThan, readAnswer } from '@app-context/provider-kit/protocol';
import { checkContentSize } from './content-size.js';
import { exchange } from './mcp-exchange.js';
import { providerText } from './redact.js';
import { fail, notChecked, pass, type CheckResult, type Target } from './types.js';

/** The tool result parts judged here. */
interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: unknown[];
  _meta?: Record<string, unknown>;
}

/**
 * Deeper than this, the raw result cannot be an answer hosts read without a cut (elements
 * stop at MAX_DEPTH, each taking two levels of JSON, values at MAX_VALUE_DEPTH; a few levels
 * spare), and the checks that serialise it whole would overflow the stack (docs/protocol.md,
 * "Hardening").
 */
const MAX_RAW_NESTING = 2 * MAX_DEPTH + MAX_VALUE_DEPTH + 8;

/** Names of the checks on `current` that depend on getting an answer at all. */
const DEPENDENT = ['current-answer', 'current-protocol', 'current-instance', 'current-tree', 'current-content-size', 'current-text-block'];

/**
 * Calls `current` as a host does (a fresh exchange: initialise and call under one time limit)
 * and checks the answer: in time, a tool result with structuredContent that the tolerant
 * reader takes without a single warning, the descriptor's protocol and instance, small
 * content, and the same JSON as a text block for plain MCP clients.
 */
export async function checkCurrent(target: Target, timeoutMs: number): Promise<{ checks: CheckResult[]; answer?: Answer }> {
  const result = await exchange(target, timeoutMs, async (client, bound) => (await client.callTool({ name: TOOL_CURRENT, arguments: {} }, undefined, bound)) as ToolResult);
  if (!result.ok) {
    const why = result.timedOut ? 'current did not answer in time' : 'current could not be called';
    const detail = result.timedOut ? result.reason : `current could not be called: ${result.reason}`;
    return { checks: [fail('current-call', detail), ...DEPENDENT.map((name) => notChecked(name, why))] };
  }
  const time = pass('current-call', `answered in ${result.elapsedMs} ms, initialisation included (limit ${formatSeconds(timeoutMs)})`);
  const tool = result.value;
  if (tool.isError === true) {
    const said = firstText(tool.content);
    const why = 'current answered with a tool error';
    return { checks: [time, fail('current-answer', `${why}${said !== undefined ? `: ${providerText(said, target.token)}` : ''}`), ...DEPENDENT.slice(1).map((n) => notChecked(n, why))] };
  }
  const structured = tool.structuredContent;
  if (structured === undefined) {
    const why = 'the result has no structuredContent';
    return { checks: [time, fail('current-answer', `${why}; the answer { protocol, instance, root } goes there`), ...DEPENDENT.slice(1).map((n) => notChecked(n, why))] };
  }
  const read = readAnswer(structured);
  if (!read.ok) {
    const why = 'hosts refuse the answer';
    return { checks: [time, fail('current-answer', `${why}: ${read.reason}`), ...DEPENDENT.slice(1).map((n) => notChecked(n, why))] };
  }
  const answer = read.answer;
  const tooDeep = nestsDeeperThan(structured, MAX_RAW_NESTING) || nestsDeeperThan(tool.content ?? [], MAX_RAW_NESTING);
  // Too deep to serialise: the token is looked for in what a host keeps of the answer.
  const json = JSON.stringify(tooDeep ? answer : structured);
  if (json.includes(target.token) || (!tooDeep && JSON.stringify(tool.content ?? []).includes(target.token))) {
    const why = 'the answer quotes the token';
    return { checks: [time, fail('current-answer', `the answer to current contains the provider's token; the token goes nowhere but the descriptor`), ...DEPENDENT.slice(1).map((n) => notChecked(n, why))] };
  }
  return {
    answer,
    checks: [
      time,
      pass('current-answer', `${read.elementCount} element${read.elementCount === 1 ? '' : 's'}`),
      answer.protocol === target.protocol
        ? pass('current-protocol', answer.protocol)
        : fail('current-protocol', `the answer states protocol ${providerText(answer.protocol, target.token).slice(0, 40)}, but the descriptor states ${target.protocol}; hosts ignore the answer`),
      answer.instance === target.instance
        ? pass('current-instance', answer.instance)
        : fail('current-instance', `the answer states instance ${answer.instance}, but the descriptor states ${target.instance}; hosts ignore the answer (is it from another run of the provider?)`),
      treeCheck(read.warnings, tool._meta),
      ...(tooDeep
        ? ['current-content-size', 'current-text-block'].map((name) => notChecked(name, `the answer nests more than ${MAX_RAW_NESTING} levels deep`))
        : [checkContentSize(answer.root, Buffer.byteLength(json, 'utf8')), checkTextBlock(tool.content, structured)]),
    ],
  };
}

/**
 * The tree as hosts read it, and as the kit sent it: a kit that corrected the app's tree before
 * sending it (an element with a repeated id dropped with its subtree) says so in `_meta`
 * (KIT_PROBLEMS_META), and that fails too, naming the kit's findings.
 */
function treeCheck(warnings: readonly string[], meta: Record<string, unknown> | undefined): CheckResult {
  if (warnings.length > 0) return fail('current-tree', `hosts had to correct the tree: ${warnings.join('; ')}`);
  const kit = meta?.[KIT_PROBLEMS_META] as { count?: unknown; kinds?: unknown } | undefined;
  const kinds = Array.isArray(kit?.kinds) ? kit.kinds.filter((k): k is string => typeof k === 'string' && /^[a-z-]{1,40}$/.test(k)).slice(0, 20) : [];
  if (typeof kit?.count === 'number' && kit.count > 0) {
    return fail('current-tree', `the provider kit corrected the app's tree before sending it (${kit.count} finding${kit.count === 1 ? '' : 's'}: ${kinds.join(', ')}); what was dropped never reached the host: see the kit's line on the provider's stderr, or its onProblem`);
  }
  return pass('current-tree', 'ids, roles, one Application at the root, focus path, at most one hovered');
}

/**
 * `content` holds the same JSON as one text block (docs/protocol.md, "The two tools"), for plain
 * MCP clients.
 */
function checkTextBlock(content: unknown[] | undefined, structured: Record<string, unknown>): CheckResult {
  const texts = (content ?? []).filter((b): b is { type: 'text'; text: string } => typeof b === 'object' && b !== null && (b as { type?: unknown }).type === 'text' && typeof (b as { text?: unknown }).text === 'string');
  if (texts.length === 0) return fail('current-text-block', 'content has no text block; it holds the same JSON as structuredContent, for plain MCP clients');
  // Compare values, not strings: key order and spacing are the provider's business.
  const expected: unknown = JSON.parse(JSON.stringify(structured));
  const same = texts.some((b) => {
    try {
      return isDeepStrictEqual(JSON.parse(b.text), expected);
    } catch {
      return false;
    }
  });
  return same ? pass('current-text-block') : fail('current-text-block', 'no text block in content holds the same JSON as structuredContent');
}

/** The first text of a tool result's content, if any. */
export function firstText(content: unknown[] | undefined): string | undefined {
  for (const block of content ?? []) {
    if (typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'text') {
      const text = (block as { text?: unknown }).text;
      if (typeof text === 'string') return text;
    }
  }
  return undefined;
}
