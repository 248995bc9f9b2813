/**
 * The rules of docs/protocol.md that check-provider cannot see from outside, each with why: the
 * command lists them after its checks, so a green run is not read as proof of them.
 */
export interface NotCheckable {
  rule: string;
  why: string;
}

export const NOT_CHECKABLE: readonly NotCheckable[] = [
  { rule: 'the token is compared in constant time', why: 'differences of nanoseconds cannot be measured over a few requests' },
  { rule: 'a fresh instance and token at every start', why: 'it takes restarting the app, which check-provider does not do' },
  { rule: 'the descriptor is written atomically and removed on quitting', why: 'it takes watching the app start and quit' },
  { rule: 'the token and the app\'s data never go to a log', why: 'the provider\'s logs are not visible from outside' },
  { rule: 'the whole request, body included, is limited in time', why: 'a slow body needs the token and a request that reaches MCP; http-slow-head checks the limit on the head' },
  { rule: 'a body over the server\'s own limit gets 413', why: 'the limit is the provider\'s choice (the kit\'s: 1 MiB)' },
];
