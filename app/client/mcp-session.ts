/**
 * One MCP client for one verified provider, made so that it can serve several exchanges in
 * turn: each exchange binds its own deadline, its own record of what the fetch saw, and
 * whether it may open a connection, and unbinds them when it ends. While no exchange is bound
 * the client can send nothing at all and holds no timer; its link may keep one idle socket.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator, JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import type { ConnectionGuard } from '../discovery/check-connection.js';
import type { VerifiedProvider } from '../discovery/types.js';
import { parseEndpoint } from '../protocol/descriptor.js';
import { createProviderLink, type ProviderLink } from './connections.js';
import { createGuardedFetch, type ExchangeState } from './guarded-fetch.js';

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

/** An MCP client for one provider; `initialised` once initialize passed the extension check. */
export interface McpSession {
  /** Who it talks to: pid, instance, endpoint, token and protocol of the verified descriptor. */
  readonly key: string;
  readonly client: Client;
  readonly transport: StreamableHTTPClientTransport;
  initialised: boolean;
  /** Its sockets; an idle one stays open while the session waits in the pool. */
  readonly link: ProviderLink;
  bind(binding: ExchangeBinding): void;
  /** Ends the bound exchange and any request still open; the link keeps an idle socket but may open no new one. */
  unbind(): void;
  /** Closes the client and destroys every socket of the link. */
  close(): Promise<void>;
}

/** The identity a session is reused under: a new run of the app has a new instance and token. */
export function sessionKey(provider: VerifiedProvider): string {
  return descriptorKey(provider.descriptor);
}

/** The same identity from a descriptor alone, for discovery asking the pool about a link. */
export function descriptorKey(d: VerifiedProvider['descriptor']): string {
  return JSON.stringify([d.pid, d.instance, d.endpoint, d.token, d.protocol]);
}

/**
 * The SDK's client builds an Ajv instance in its constructor (15-50 ms on the first one in a
 * process), though it only needs one after listTools, for tools' output schemas. This builds
 * it on first use instead; the validation is the same when it happens.
 */
class LazyAjv implements jsonSchemaValidator {
  private ajv: AjvJsonSchemaValidator | undefined;
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    this.ajv ??= new AjvJsonSchemaValidator();
    return this.ajv.getValidator<T>(schema);
  }
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
  const endpoint = new URL(target.endpoint);
  let bound: ExchangeBinding | undefined;
  // The path and query exactly as the descriptor wrote them, never as a URL re-encodes them.
  const written = parseEndpoint(target.endpoint);
  const link = createProviderLink(written.ok ? written.path : undefined);
  const transport = new StreamableHTTPClientTransport(endpoint, {
    fetch: (url, init) => {
      // An idle session sends nothing: every request belongs to a running exchange.
      if (bound === undefined) return Promise.reject(new Error('no exchange is running on this session'));
      return createGuardedFetch(endpoint, bound.signal, bound.state, link.fetch)(url, init);
    },
    requestInit: { headers: { Authorization: `Bearer ${target.token}` } },
    reconnectionOptions: { maxReconnectionDelay: 0, initialReconnectionDelay: 0, reconnectionDelayGrowFactor: 1, maxRetries: 0 },
  });
  const client = new Client({ name: target.clientName ?? 'glance', version: '0.1.0' }, { capabilities: {}, jsonSchemaValidator: new LazyAjv() });
  client.onerror = () => undefined; // background errors are judged by the call's own outcome
  const unbind = (): void => {
    link.allowConnect(undefined);
    // Every request of the exchange has been answered or given up by now: one still open is a
    // stream the provider keeps open, and it ends with the exchange.
    link.endRequests();
    bound = undefined;
  };
  return {
    key: target.key,
    client,
    transport,
    initialised: false,
    link,
    bind: (binding) => {
      bound = binding;
      link.allowConnect(binding.guard === undefined ? undefined : { guard: binding.guard, signal: binding.signal });
    },
    unbind,
    close: async () => {
      await client.close().catch(() => undefined);
      unbind();
      link.close();
    },
  };
}
