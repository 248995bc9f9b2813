import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Intercept } from '@app-context/provider-kit/testing';

/** What the configurable provider does to requests (see configurable.ts for the knobs). */
export interface Misbehaviour {
  /** Which requests the HTTP misbehaviours below apply to. */
  scope: 'all' | 'call' | 'current' | 'location';
  /** How long to wait before answering, asked per request (a file the test rewrites between requests). */
  delayMs: () => number;
  stall: boolean;
  /** A URL to redirect to with 302. */
  redirect: string | undefined;
  oversizedBytes: number;
  /** The text of `structuredContent` for current, built per call (files are re-read). */
  answerText: () => string;
  /** The raw location text for an id, or undefined for a tool error; absent: location not offered. */
  locationText: ((id: string) => string | undefined) | undefined;
  /** False: `current` carries no text copy of the answer, so a big answer fits the 8 MiB body once. */
  textBlock?: boolean;
}

interface RpcRequest {
  id?: unknown;
  method?: unknown;
  params?: { name?: unknown; arguments?: { id?: unknown } };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The JSON text in a file, re-read on each call so a test can change it between calls. */
export function fileText(path: string): string {
  return readFileSync(path, 'utf8').trim();
}

/**
 * An intercept that misbehaves as configured, and otherwise answers `current` and `location`
 * by splicing raw JSON text into the JSON-RPC response. Splicing, not JSON.stringify of a
 * parsed tree, lets a test send a 10,000-deep tree or malformed elements exactly as written.
 */
export function createMisbehaviour(m: Misbehaviour): Intercept {
  return async (_req, res, body) => {
    const rpc = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as RpcRequest;
    const tool = rpc.method === 'tools/call' ? rpc.params?.name : undefined;
    const inScope = m.scope === 'all' || (m.scope === 'call' && tool !== undefined) || m.scope === tool;
    if (inScope) {
      // Claimed and never answered: the socket stays open until the client gives up or stop().
      if (m.stall) return true;
      const delayMs = m.delayMs();
      if (delayMs > 0) await sleep(delayMs);
      if (m.redirect !== undefined) {
        res.writeHead(302, { Location: m.redirect, 'Content-Length': 0 });
        res.end();
        return true;
      }
      if (m.oversizedBytes > 0) return oversized(res, m.oversizedBytes);
    }
    if (tool === 'current') return reply(res, rpc.id, m.answerText(), m.textBlock ?? true);
    if (tool === 'location' && m.locationText !== undefined) {
      const id = typeof rpc.params?.arguments?.id === 'string' ? rpc.params.arguments.id : '';
      const text = m.locationText(id);
      if (text === undefined) return replyError(res, rpc.id, `the test provider has no location for ${id}`);
      return reply(res, rpc.id, text);
    }
    return false;
  };
}

function reply(res: ServerResponse, id: unknown, structured: string, textBlock = true): boolean {
  // The text block holds the same JSON as a string: JSON.stringify of a string never recurses.
  const content = textBlock ? `[{"type":"text","text":${JSON.stringify(structured)}}]` : '[]';
  const result = `{"content":${content},"structuredContent":${structured}}`;
  send(res, `{"jsonrpc":"2.0","id":${JSON.stringify(id ?? null)},"result":${result}}`);
  return true;
}

function replyError(res: ServerResponse, id: unknown, text: string): boolean {
  send(res, JSON.stringify({ jsonrpc: '2.0', id: id ?? null, result: { isError: true, content: [{ type: 'text', text }] } }));
  return true;
}

function send(res: ServerResponse, text: string): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Streams a JSON-looking body of `bytes` bytes, respecting backpressure, until done or aborted. */
function oversized(res: ServerResponse, bytes: number): Promise<boolean> {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  let sent = 0;
  let aborted = false;
  res.on('close', () => {
    aborted = true;
  });
  res.write('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"');
  return new Promise((resolve) => {
    const pump = (): void => {
      while (!aborted && sent < bytes) {
        sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!aborted) res.end('"}]}}');
      resolve(true);
    };
    pump();
  });
}
