/**
 * One broken provider per rule (test/fixtures/broken/provider.mjs): the checks that must fail,
 * exactly, and what the first one's detail must say. "Not checked" failures that follow from
 * the first are not listed: they are the consequence, not the catch.
 */
export interface BrokenCase {
  fault: string;
  failing: string[];
  detail: RegExp;
  /** Extra command-line arguments. */
  args?: string[];
  /** The test's own time limit, for a check that waits out the server's. */
  testTimeoutMs?: number;
}

export const FILE_AND_DESCRIPTOR_CASES: BrokenCase[] = [
  { fault: 'folder-mode', failing: ['folder-mode'], detail: /mode 0755; a provider creates it with 0700/ },
  { fault: 'file-mode', failing: ['file-mode'], detail: /mode 0644: other users can read the token/ },
  { fault: 'symlink', failing: ['file-type'], detail: /symbolic link/ },
  { fault: 'bad-protocol', failing: ['descriptor-protocol'], detail: /protocol 0\.3\.0; Glance supports 0\.2\.x/ },
  { fault: 'bundle-mismatch', failing: ['descriptor-bundle-id'], detail: /names com\.example\.wrong, but the system reports process \d+ as node/ },
  { fault: 'pid-mismatch', failing: ['descriptor-pid'], detail: /states pid \d+, but it was found for process \d+/ },
  { fault: 'short-token', failing: ['descriptor-token'], detail: /16 base64url characters, too few to hold 32 random bytes/ },
  { fault: 'localhost-endpoint', failing: ['descriptor-endpoint'], detail: /not http:\/\/127\.0\.0\.1:<port>\/<path>/ },
  { fault: 'wildcard', failing: ['listener-address'], detail: /listens on (\*|0\.0\.0\.0) \(every address\); a provider listens on 127\.0\.0\.1 only/ },
];

export const HTTP_AND_MCP_CASES: BrokenCase[] = [
  { fault: 'no-token', failing: ['http-no-token', 'http-wrong-token'], detail: /answered HTTP 200; a request without Authorization: Bearer <token> gets 401/ },
  { fault: 'accepts-origin', failing: ['http-origin-without-token', 'http-origin-with-token'], detail: /answered HTTP 401; a request with an Origin header gets 403, before the token/ },
  { fault: 'origin-after-token', failing: ['http-origin-without-token', 'http-other-path-without-token'], detail: /answered HTTP 401; .*before the token is looked at/ },
  { fault: 'allows-get', failing: ['http-get', 'http-delete'], detail: /answered HTTP 200; GET gets 405/ },
  { fault: 'no-host-check', failing: ['http-wrong-host'], detail: /answered HTTP 200; a Host other than 127\.0\.0\.1:<port> gets 421/ },
  { fault: 'gzip', failing: ['mcp-unknown-method', 'mcp-initialize', 'current-call', 'location-unknown-id'], detail: /sent a compressed answer \(Content-Encoding: gzip\).*hosts ask for no content coding \(Accept-Encoding: identity\) and refuse a compressed answer/ },
  { fault: 'redirect', failing: ['mcp-notification', 'mcp-malformed-json', 'mcp-empty-batch', 'mcp-unknown-method', 'mcp-initialize', 'current-call', 'location-unknown-id'], detail: /redirect( \(HTTP 307\))?, which hosts never follow/ },
  { fault: 'no-extension', failing: ['mcp-extension'], detail: /does not declare capabilities\.extensions\["io\.appcontext\/context"\]\.protocol/ },
  { fault: 'declares-other', failing: ['mcp-extension'], detail: /declares protocol 0\.2\.1, but its descriptor states 0\.2\.0/ },
  { fault: 'stall', failing: ['current-call'], detail: /no answer within the time limit of 0\.5 s/, args: ['--timeout', '500'] },
  {
    fault: 'any-path', failing: ['http-other-path', 'http-other-path-without-token', 'http-path-trailing-slash', 'http-path-dot-segment', 'http-absolute-form'],
    detail: /answered HTTP 200; a request target other than exactly the endpoint's path gets 404/,
  },
  { fault: 'path-after-token', failing: ['http-other-path-without-token'], detail: /answered HTTP 401; .*gets 404, before the token is looked at/ },
  { fault: 'notification-body', failing: ['mcp-notification'], detail: /answered HTTP 200; a notification \(no id\) gets 202 with no body/ },
  { fault: 'malformed-200', failing: ['mcp-malformed-json'], detail: /answered HTTP 200; a body that is not JSON gets HTTP 400 with the JSON-RPC error -32700/ },
  { fault: 'empty-batch-202', failing: ['mcp-empty-batch'], detail: /answered HTTP 202; an empty batch \[\] gets HTTP 400 with the JSON-RPC error -32600/ },
  {
    fault: 'no-time-limit', failing: ['http-slow-head'], testTimeoutMs: 60_000,
    detail: /still open after 20 s of a head sent a byte every 250 ms; a server closes a request whose head has not arrived within its time limit/,
  },
];

export const ANSWER_CASES: BrokenCase[] = [
  { fault: 'answer-other-protocol', failing: ['current-protocol'], detail: /states protocol 0\.2\.1, but the descriptor states 0\.2\.0/ },
  { fault: 'other-instance', failing: ['current-instance'], detail: /states instance \S+, but the descriptor states/ },
  { fault: 'two-hovered', failing: ['current-tree'], detail: /2 elements were hovered \(at most one may be\)/ },
  { fault: 'focus-gap', failing: ['current-tree'], detail: /focus path has a gap.*\(doc-1\)/ },
  { fault: 'invalid-id', failing: ['current-tree'], detail: /an element without a valid id was dropped/ },
  { fault: 'second-application', failing: ['current-tree'], detail: /an Application below the root was read as Group \(doc-2\)/ },
  { fault: 'big-text', failing: ['current-content-size'], detail: /sel-1 has 100 KiB of text in one block \(at most 64 KiB\)/ },
  { fault: 'big-image', failing: ['current-content-size'], detail: /img-1 has an image of 1\.5 MiB \(at most 1 MiB\)/ },
  { fault: 'no-text-block', failing: ['current-text-block'], detail: /no text block in content holds the same JSON/ },
  { fault: 'location-accepts-unknown', failing: ['location-unknown-id'], detail: /answered an id it never issued \(glance-check-never-issued-\S+\) without isError/ },
  { fault: 'location-bad', failing: ['location-known-id'], detail: /location for sel-1: the location needs state/ },
  { fault: 'leaks-token', failing: ['location-unknown-id'], detail: /quotes the provider's token \(shown here as \[token\]\).*token=\[token\]/ },
];
