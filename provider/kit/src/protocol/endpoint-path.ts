/**
 * The endpoint's path and query as the host accepts them (docs/protocol.md#hardening). The host sends
 * them as the request target exactly as written, so they must be a form no server, proxy or
 * URL parser would rewrite into another path: a provider's endpoint names one resource, and
 * `..`, `%2e%2e`, `%2f` or a backslash could make the host's request land somewhere else than
 * the string it checked says.
 *
 * - Path: RFC 3986 `pchar` segments separated by `/` (letters, digits, `-._~`, the sub-delims
 *   `!$&'()*+,;=`, `:`, `@` and `%HH`). No `.` or `..` segment; no percent-encoded `.`, `/` or
 *   `\` in any case (`%2e`, `%2f`, `%5c`), even inside a segment, so nothing decodes into a dot
 *   segment or a separator; no backslash; no space or control character.
 * - Query (after the first `?`): RFC 3986 query characters, that is the same `pchar` plus `/`
 *   and `?`, with any well-formed `%HH`. Dots and encoded separators are allowed there: no
 *   server resolves them in a query. No backslash, space or control character either.
 *
 * Reasons name what is wrong, never the text itself (it is the provider's).
 */

/** C0 controls, space, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point here
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;
/** A `%` that does not start a two-digit hexadecimal escape. */
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
/** Percent-encoded `.`, `/` or `\`, any case. */
const ENCODED_DOT_OR_SEPARATOR = /%(2e|2f|5c)/i;
/** One `pchar` per match position: unreserved, sub-delims, `:`, `@`, or `%HH`. */
const PCHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*$/;
/** Query characters: `pchar`, `/` and `?`. */
const QUERY_CHARS = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*$/;

const CHARACTERS = 'letters, digits, -._~!$&\'()*+,;=:@ and %HH escapes';

/** Why the path breaks the rule, or undefined when it keeps it. `path` starts with `/`. */
function pathProblem(path: string): string | undefined {
  const where = "its endpoint's path";
  if (CONTROL_OR_SPACE.test(path)) return `${where} holds a space or a control character`;
  if (path.includes('\\')) return `${where} holds a backslash, which some servers read as "/"`;
  const segments = path.slice(1).split('/');
  if (segments.includes('..')) return `${where} has a ".." segment, which a server would resolve to another path`;
  if (segments.includes('.')) return `${where} has a "." segment, which a server would drop`;
  if (BAD_PERCENT.test(path)) return `${where} has a "%" not followed by two hexadecimal digits`;
  if (ENCODED_DOT_OR_SEPARATOR.test(path)) return `${where} has a percent-encoded ".", "/" or "\\", which a server could decode into another path`;
  if (!segments.every((segment) => PCHARS.test(segment))) return `${where} holds a character outside RFC 3986's path characters (${CHARACTERS})`;
  return undefined;
}

/** Why the query (without its `?`) breaks the rule, or undefined when it keeps it. */
function queryProblem(query: string): string | undefined {
  const where = "its endpoint's query";
  if (CONTROL_OR_SPACE.test(query)) return `${where} holds a space or a control character`;
  if (query.includes('\\')) return `${where} holds a backslash`;
  if (BAD_PERCENT.test(query)) return `${where} has a "%" not followed by two hexadecimal digits`;
  if (!QUERY_CHARS.test(query)) return `${where} holds a character outside RFC 3986's query characters (${CHARACTERS}, / and ?)`;
  return undefined;
}

/**
 * Why an endpoint's request target (a path from `/`, then optionally `?` and a query, no
 * fragment) cannot be sent exactly as written, or undefined when it can.
 */
export function requestTargetProblem(target: string): string | undefined {
  const mark = target.indexOf('?');
  const path = mark === -1 ? target : target.slice(0, mark);
  return pathProblem(path) ?? (mark === -1 ? undefined : queryProblem(target.slice(mark + 1)));
}
