// A model server on a free loopback port, playing one of the local servers the welcome looks
// for (Ollama's /api/tags, the OpenAI-compatible /v1/models), or misbehaving in one way. Each
// route answers as the test says; every request it received is recorded.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers one path. */
export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A running played server. */
export interface PlayedServer {
  port: number;
  /** Every request's method and path, in order. */
  requests: { method: string; path: string; host: string | undefined }[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 answering each path by its route (404 for any other). */
export async function startPlayedServer(routes: Record<string, Route>): Promise<PlayedServer> {
  const requests: PlayedServer['requests'] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push({ method: req.method ?? '', path, host: req.headers.host });
    const route = routes[path];
    if (route) route(req, res);
    else json(404, { error: 'not found' })(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A route answering with this status and JSON body. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Route {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

/** Ollama's answer at /api/tags for these models (the fields it sends besides the name included). */
export function ollamaTags(names: string[]): Route {
  return json(200, { models: names.map((name) => ({ name, model: name, modified_at: '2026-11-02T10:00:00Z', size: 2_019_393_189, digest: 'a80c4f17acd5', details: { family: 'llama', parameter_size: '3.2B' } })) });
}

/** An OpenAI-compatible server's answer at /v1/models (LM Studio, llama-server). */
export function openAIModels(ids: string[]): Route {
  return json(200, { object: 'list', data: ids.map((id) => ({ id, object: 'model', owned_by: 'organization_owner' })) });
}

/** A port nothing listens on: one the system gave a server, which is closed again. */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
