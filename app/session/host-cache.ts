/**
 * What a long-running host keeps between invocations to make the next one cheaper: the parse
 * of each descriptor file (by file identity), initialised MCP sessions (by provider identity)
 * and each session's idle keep-alive socket. Every check of wire.md section 4 still runs on
 * every invocation, except that step 5 (who listens on the port) is met by a kept socket
 * while it stays connected: it was opened after that check passed, and a request over it
 * reaches the process that accepted it. See discovery/descriptor-cache.ts,
 * client/session-pool.ts and client/connections.ts for why each is safe.
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
  /** Whether a kept socket may stand in for asking the OS who listens (the default). */
  keepsConnections: boolean;
  /** Forgets every parse and closes every idle session. */
  close(): Promise<void>;
}

/**
 * Empty caches for one host process. `keepConnections: false` asks the OS on every invocation
 * even while a socket is kept (what an invocation costs once the provider closed it; the bench).
 */
export function createHostCache(options: { keepConnections?: boolean } = {}): HostCache {
  const descriptors = createDescriptorCache();
  const sessions = createSessionPool();
  return {
    descriptors,
    sessions,
    keepsConnections: options.keepConnections ?? true,
    close: async () => {
      descriptors.clear();
      await sessions.close();
    },
  };
}
