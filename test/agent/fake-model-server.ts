// A local model server on 127.0.0.1 that speaks the real streaming formats (Anthropic SSE
// events, OpenAI chat.completion.chunk lines) so the official SDKs can be pointed at it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply. */
export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  /** SSE frames written one by one with a pause, then the stream ends (unless `hang`). */
  | { sse: string[]; pauseMs?: number; hang?: boolean };

/** What the server received. */
interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The body exactly as it arrived, for comparing a receipt's SHA-256 with what came. */
  raw: Buffer;
}

/** A running fake server. */
export interface FakeServer {
  url: string;
  received: Received[];
  /** Resolves when the client closed a response before it ended. */
  clientClosed: Promise<void>;
  close(): Promise<void>;
}

/** Starts a server that answers each request with the next reply of the script. */
export async function startFakeServer(script: Reply[]): Promise<FakeServer> {
  const received: Received[] = [];
  let markClosed: () => void = () => undefined;
  const clientClosed = new Promise<void>((resolve) => (markClosed = resolve));
  const open = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = raw.toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, raw });
      const reply = script.shift() ?? { status: 500, json: { error: { message: 'script exhausted' } } };
      void answer(reply, res, open, markClosed);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    clientClosed,
    close: () => new Promise<void>((resolve) => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

async function answer(reply: Reply, res: ServerResponse, open: Set<ServerResponse>, markClosed: () => void): Promise<void> {
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify(reply.json));
    return;
  }
  open.add(res);
  let finished = false;
  res.on('close', () => {
    open.delete(res);
    if (!finished) markClosed();
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const frame of reply.sse) {
    if (res.destroyed) return;
    res.write(frame);
    await new Promise((r) => setTimeout(r, reply.pauseMs ?? 5));
  }
  if (reply.hang) return;
  finished = true;
  res.end();
}

/** An Anthropic SSE frame. */
function anthropicEvent(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** A whole Anthropic streamed message: text pieces, then optional tool uses. */
export function anthropicStream(texts: string[], tools: { id: string; name: string; jsonPieces: string[] }[] = [], stop?: string): string[] {
  const frames = [anthropicEvent('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } })];
  let index = 0;
  if (texts.length > 0) {
    frames.push(anthropicEvent('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    for (const text of texts) frames.push(anthropicEvent('content_block_delta', { index, delta: { type: 'text_delta', text } }));
    frames.push(anthropicEvent('content_block_stop', { index }));
    index += 1;
  }
  for (const tool of tools) {
    frames.push(anthropicEvent('content_block_start', { index, content_block: { type: 'tool_use', id: tool.id, name: tool.name, input: {} } }));
    for (const piece of tool.jsonPieces) frames.push(anthropicEvent('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
    frames.push(anthropicEvent('content_block_stop', { index }));
    index += 1;
  }
  frames.push(anthropicEvent('message_delta', { delta: { stop_reason: stop ?? (tools.length > 0 ? 'tool_use' : 'end_turn'), stop_sequence: null }, usage: { output_tokens: 5 } }));
  frames.push(anthropicEvent('message_stop', {}));
  return frames;
}

function chunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'test', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** A whole OpenAI chat.completion.chunk stream: text pieces, optional tool calls, [DONE]. */
export function openaiStream(texts: string[], tools: { id: string; name: string; argPieces: string[] }[] = []): string[] {
  const frames = [chunk({ role: 'assistant', content: '' })];
  for (const text of texts) frames.push(chunk({ content: text }));
  tools.forEach((tool, index) => {
    frames.push(chunk({ tool_calls: [{ index, id: tool.id, type: 'function', function: { name: tool.name, arguments: '' } }] }));
    for (const piece of tool.argPieces) frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  frames.push(chunk({}, tools.length > 0 ? 'tool_calls' : 'stop'));
  frames.push('data: [DONE]\n\n');
  return frames;
}
