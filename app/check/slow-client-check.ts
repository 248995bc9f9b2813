import { hostHeader } from '../client/connections.js';
import { connectChecked, UnverifiedConnection } from '../discovery/connect-checked.js';
import { formatSeconds } from '../client/exchange.js';
import { SLOW_CLIENT_BYTE_EVERY_MS, SLOW_CLIENT_LIMIT_MS } from './limits.js';
import { fail, pass, type CheckResult, type Target } from './types.js';

const NAME = 'http-slow-head';
const RULE = `a server closes a request whose head has not arrived within its time limit (the kit's: 5 s), however slowly it comes; check-provider allows ${formatSeconds(SLOW_CLIENT_LIMIT_MS)}`;

/**
 * Row 0 of docs/protocol.md, "The server's checks, in order": opens a checked connection, sends a
 * request line and then a header one byte at a time, and passes when the server closes the
 * connection (with or without 408) within SLOW_CLIENT_LIMIT_MS. No token is sent: the head
 * never ends. It takes as long as the server's limit, so run.ts runs it beside the other checks.
 */
export async function checkSlowHead(target: Target): Promise<CheckResult> {
  const deadline = new AbortController();
  const started = Date.now();
  let socket;
  try {
    socket = await connectChecked(target.guard, deadline.signal);
  } catch (error) {
    const why = error instanceof UnverifiedConnection ? `nothing was sent: the connection failed the host's check (${error.reason})` : 'the connection failed';
    return fail(NAME, `${why}; ${RULE}`);
  }
  const open = socket;
  return new Promise((resolve) => {
    let answered408 = false;
    const finish = (result: CheckResult): void => {
      clearInterval(drip);
      clearTimeout(timer);
      open.destroy();
      resolve(result);
    };
    open.on('data', (chunk: Buffer) => {
      if (/^HTTP\/1\.[01] 408/.test(chunk.toString('latin1'))) answered408 = true;
    });
    open.on('error', () => undefined);
    open.on('close', () => {
      const after = formatSeconds(Date.now() - started);
      finish(pass(NAME, `closed after ${after}${answered408 ? ' with 408' : ''}`));
    });
    open.write(`POST ${target.path} HTTP/1.1\r\nHost: ${hostHeader(target.port)}\r\nX-Glance-Check-Slow: `);
    const drip = setInterval(() => open.write('a'), SLOW_CLIENT_BYTE_EVERY_MS);
    const timer = setTimeout(() => finish(fail(NAME, `the connection was still open after ${formatSeconds(SLOW_CLIENT_LIMIT_MS)} of a head sent a byte every ${SLOW_CLIENT_BYTE_EVERY_MS} ms; ${RULE}`)), SLOW_CLIENT_LIMIT_MS);
  });
}
