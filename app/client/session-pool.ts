/**
 * Initialised MCP sessions kept between invocations by a long-running host (the Electron main
 * process), so a hotkey press costs one request (tools/call) instead of three (initialize,
 * notifications/initialized, tools/call).
 *
 * Why this keeps every check: a session is taken only for a provider that discovery has just
 * verified for this invocation (process alive, bundle id, every listener on the port is that
 * pid: docs/protocol.md, "The host's checks, in order"), and only under the same pid, instance,
 * endpoint, token and protocol as the descriptor it was initialised for. The extension declaration
 * was checked on that initialize; a new run of the app publishes a new instance and token, so it
 * gets a new session. Providers are stateless (no MCP session id), so a new socket serves an old
 * session.
 *
 * What it holds: client objects, each with at most the idle keep-alive socket its last clean
 * exchange used (unref'd: it never keeps a process alive; the provider closes it when its own
 * keep-alive time passes). While that socket is connected it is a verified connection: it was
 * opened to the process that held the port when the full check ran, so discovery may use it
 * instead of asking the OS again (hasLink), and the exchange then sends over it and nowhere
 * else (see connections.ts). No timer. A session whose exchange failed, timed out or was
 * cancelled is closed with its sockets, never returned.
 */
import type { VerifiedProvider } from '../discovery/types.js';
import type { Descriptor } from '@app-context/provider-kit/protocol';
import { descriptorKey, sessionKey, type McpSession } from './mcp-session.js';

/** Idle sessions by provider; one exchange at a time uses each. */
export interface SessionPool {
  /**
   * An idle initialised session for exactly this provider, removed from the pool, or
   * undefined; one with a connected link first. With `linked`, only one with a connected link.
   */
  take(provider: VerifiedProvider, linked?: boolean): McpSession | undefined;
  /** Whether an idle session for exactly this descriptor still has a connected link. */
  hasLink(descriptor: Descriptor): boolean;
  /** Returns a session after a clean exchange. After close() it is closed instead. */
  give(session: McpSession): Promise<void>;
  /** Closes every idle session; later gives close theirs. */
  close(): Promise<void>;
  /** Idle sessions held now. */
  readonly size: number;
  /**
   * The tools a provider run listed, by session key: a run's tools do not change, so a new
   * session for the same run (after one was closed) need not list them again.
   */
  readonly tools: Map<string, ReadonlySet<string>>;
}

/** Idle sessions per provider: a burst of location lookups may use a few at once. */
const PER_PROVIDER = 2;
/** Providers remembered: the apps a user switches between; older ones are dropped first. */
const PROVIDERS = 8;

/**
 * An empty pool. Without `keepSockets` a returned session keeps no idle socket, so each exchange
 * connects anew and is checked at connect time (what a press costs once the provider closed
 * the connection; the bench measures both).
 */
export function createSessionPool(options: { keepSockets?: boolean } = {}): SessionPool {
  const keepSockets = options.keepSockets ?? true;
  const idle = new Map<string, McpSession[]>();
  const tools = new Map<string, ReadonlySet<string>>();
  let closed = false;
  let size = 0;
  const drop = async (sessions: McpSession[]): Promise<void> => {
    size -= sessions.length;
    await Promise.all(sessions.map((s) => s.close()));
  };
  return {
    take(provider, linked = false) {
      const key = sessionKey(provider);
      const list = idle.get(key);
      if (list === undefined) return undefined;
      let index = list.findLastIndex((s) => s.link.connected);
      if (index < 0 && !linked) index = list.length - 1;
      if (index < 0) return undefined;
      const [session] = list.splice(index, 1);
      size -= 1;
      if (list.length === 0) idle.delete(key);
      return session;
    },
    hasLink(descriptor) {
      return idle.get(descriptorKey(descriptor))?.some((s) => s.link.connected) ?? false;
    },
    async give(session) {
      if (closed || !session.initialised) {
        await session.close();
        return;
      }
      if (!keepSockets) session.link.dropIdle();
      if (session.tools !== undefined) remember(tools, session.key, session.tools);
      const list = idle.get(session.key) ?? [];
      idle.delete(session.key); // re-inserted last: the Map's order is the recency order
      idle.set(session.key, list);
      list.push(session);
      size += 1;
      if (list.length > PER_PROVIDER) await drop(list.splice(0, list.length - PER_PROVIDER));
      while (idle.size > PROVIDERS) {
        const [oldest, sessions] = idle.entries().next().value as [string, McpSession[]];
        idle.delete(oldest);
        await drop(sessions);
      }
    },
    async close() {
      closed = true;
      const all = [...idle.values()].flat();
      idle.clear();
      await drop(all);
    },
    get size() {
      return size;
    },
    tools,
  };
}

/** Keeps a run's tools, the most recent PROVIDERS runs only (as the sessions). */
function remember(tools: Map<string, ReadonlySet<string>>, key: string, names: ReadonlySet<string>): void {
  tools.delete(key);
  tools.set(key, names);
  while (tools.size > PROVIDERS) tools.delete(tools.keys().next().value as string);
}
