/**
 * One MCP session with one verified provider, made so that it can serve several exchanges in
 * turn: each exchange binds its own deadline, its own record of what the wire saw, and whether it
 * may open a connection, and unbinds them when it ends. While no exchange is bound the session can
 * send nothing at all and holds no timer; its link may keep one idle socket.
 *
 * The host speaks the little of MCP it needs itself (initialize, notifications/initialized,
 * tools/call, tools/list: JSON-RPC over one POST each, wire.ts) rather than through the SDK's
 * client: loading the SDK's client and its schemas costs more than the whole `glance current`
 * may (docs/benchmarks.md, "The command"), and its fetch, web streams and second schema pass cost
 * more per exchange than the provider's own work ("The kept path"). check-provider still drives
 * the SDK's client, over this same session (app/check/sdk-transport.ts).
 */
import type { ConnectionGuard } from '../discovery/check-connection.js';
import type { VerifiedProvider } from '../discovery/types.js';
import { parseEndpoint } from '@app-context/provider-kit/protocol';
import { createProviderLink, type ProviderLink } from './connections.js';
import { IncompleteAnswer, ResponseSchema, RpcError } from './rpc.js';
import { postMessage, type ExchangeState, type WireTarget } from './wire.js';

/** What one exchange lends the session while it runs. */
interface ExchangeBinding {
  signal: AbortSignal;
  state: ExchangeState;
  /**
   * Checks each connection the exchange opens (step 5 of docs/protocol.md,
   * "The host's checks, in order"); absent when the exchange may open none and must use the kept,
   * already checked connection.
   */
  guard?: ConnectionGuard;
}

/** An MCP session with one provider; `initialised` once initialize passed the extension check. */
export interface McpSession {
  /** Who it talks to: pid, instance, endpoint, token and protocol of the verified descriptor. */
  readonly key: string;
  /** How it introduces itself in initialize: `glance`, or check-provider's name. */
  readonly clientName: string;
  initialised: boolean;
  /**
   * The tools this provider run lists (tools/list, asked once after initialize): the host calls
   * no other (docs/protocol.md, "What a host must do"). Unset until listed.
   */
  tools?: ReadonlySet<string>;
  /** Its sockets; an idle one stays open while the session waits in the pool. */
  readonly link: ProviderLink;
  bind(binding: ExchangeBinding): void;
  /** Ends the bound exchange and any request still open; the link keeps an idle socket but may open no new one. */
  unbind(): void;
  /** Posts one message in the bound exchange and gives back the messages of the answer (wire.ts). */
  post(message: unknown): Promise<unknown[]>;
  /** Sends a request in the bound exchange; its result, or RpcError for a JSON-RPC error. */
  request(method: string, params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Sends a notification in the bound exchange. */
  notify(method: string): Promise<void>;
  /** The MCP revision initialize agreed on: every later request names it (mcp-protocol-version). */
  setProtocolVersion(version: string): void;
  /** Destroys every socket of the link. */
  close(): Promise<void>;
}

/** The identity a session is reused under: a new run of the app has a new instance and token. */
export function sessionKey(provider: VerifiedProvider): string {
  return descriptorKey(provider.descriptor);
}

/** The same identity from a descriptor alone, for discovery asking the pool about a link. */
export function descriptorKey(d: VerifiedProvider['descriptor']): string {
  return JSON.stringify([d.pid, d.helperPid ?? null, d.instance, d.endpoint, d.token, d.protocol]);
}

/** A fresh, uninitialised session for a verified provider. */
export function openSession(provider: VerifiedProvider): McpSession {
  return createSession({ endpoint: provider.descriptor.endpoint, token: provider.descriptor.token, key: sessionKey(provider) });
}

/** Where a session talks to and how it introduces itself; the client name is only ever `glance` or check-provider's. */
export interface SessionTarget {
  endpoint: string;
  token: string;
  /** The identity a pool keeps it under (sessionKey). */
  key: string;
  clientName?: string;
}

/**
 * A fresh, uninitialised session. check-provider makes its exchanges through this too, so that
 * they are the host's own: the same link, headers, guards, limits and reading (docs/protocol.md,
 * "Hardening").
 */
export function createSession(target: SessionTarget): McpSession {
  let bound: ExchangeBinding | undefined;
  // The path and query exactly as the descriptor wrote them, never as a URL re-encodes them.
  const written = parseEndpoint(target.endpoint);
  const link = createProviderLink(new URL(target.endpoint), written.ok ? written.path : undefined);
  const wire: WireTarget = { link, token: target.token };
  let nextId = 0;
  const post = (message: unknown): Promise<unknown[]> => {
    // An idle session sends nothing: every request belongs to a running exchange.
    if (bound === undefined) return Promise.reject(new Error('no exchange is running on this session'));
    return postMessage(wire, message, bound.signal, bound.state);
  };
  const unbind = (): void => {
    link.allowConnect(undefined);
    // Every request of the exchange has been answered or given up by now: one still open is a
    // stream the provider keeps open, and it ends with the exchange.
    link.endRequests();
    bound = undefined;
  };
  return {
    key: target.key,
    clientName: target.clientName ?? 'glance',
    initialised: false,
    link,
    bind: (binding) => {
      bound = binding;
      link.allowConnect(binding.guard === undefined ? undefined : { guard: binding.guard, signal: binding.signal });
    },
    unbind,
    post,
    async request(method, params) {
      const id = nextId;
      nextId += 1;
      // In the field order the SDK's client writes, so the bytes on the wire are what they were.
      const messages = await post({ method, params, jsonrpc: '2.0', id });
      // The one response to this id; other messages (a provider's notifications) are not for us.
      const mine = messages.find((m) => typeof m === 'object' && m !== null && (m as { id?: unknown }).id === id);
      if (mine === undefined) throw new IncompleteAnswer();
      const response = ResponseSchema.parse(mine);
      if ('error' in response) throw new RpcError(response.error.code);
      return response.result;
    },
    async notify(method) {
      await post({ method, jsonrpc: '2.0' });
    },
    setProtocolVersion(version) {
      wire.protocolVersion = version;
    },
    close: async () => {
      unbind();
      link.close();
    },
  };
}
