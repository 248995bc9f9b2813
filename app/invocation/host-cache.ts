/**
 * What a long-running host keeps between invocations to make the next one cheaper: the parse
 * of each descriptor file (by file identity), initialised MCP sessions (by provider identity)
 * and each session's idle keep-alive socket. Every check of docs/protocol.md,
 * "The host's checks, in order", still runs on every invocation, except that step 5 (who listens on
 * the port, and who took the connection; checked at connect time, "Hardening") is met by a kept
 * socket while it stays connected: it passed that check when it was opened, and a request over it
 * reaches the process that accepted it. See discovery/descriptor-cache.ts, client/session-pool.ts
 * and client/connections.ts for why each is safe.
 *
 * It holds no timer, and its idle sockets are unref'd, so a process that forgets to close it
 * still exits; `close()` releases the clients and sockets at once (the Electron main process
 * calls it on quit). A one-shot CLI process gains nothing from it and does without.
 */
import { createDescriptorCache, type DescriptorCache } from '../discovery/descriptor-cache.js';
import { createSessionPool, type SessionPool } from '../client/session-pool.js';

/** The caches of one host process. */
export interface HostCache {
  descriptors: DescriptorCache;
  sessions: SessionPool;
  /** Whether a kept socket may stand in for the connect-time check (the default). */
  keepsConnections: boolean;
  /** Forgets every parse and closes every idle session. */
  close(): Promise<void>;
}

/**
 * Empty caches for one host process. `keepConnections: false` keeps no socket, so every
 * invocation connects and asks the OS (what an invocation costs once the provider closed the
 * kept connection; the bench).
 */
export function createHostCache(options: { keepConnections?: boolean } = {}): HostCache {
  const keepsConnections = options.keepConnections ?? true;
  const descriptors = createDescriptorCache();
  const sessions = createSessionPool({ keepSockets: keepsConnections });
  return {
    descriptors,
    sessions,
    keepsConnections,
    close: async () => {
      descriptors.clear();
      await sessions.close();
    },
  };
}
