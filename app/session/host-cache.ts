/**
 * What a long-running host keeps between invocations to make the next one cheaper: the parse
 * of each descriptor file (by file identity) and initialised MCP sessions (by provider
 * identity). Every check of wire.md section 4 still runs on every invocation; see
 * discovery/descriptor-cache.ts and client/session-pool.ts for why each cache is safe.
 *
 * Nothing in it holds a socket or a timer, so a process that forgets to close it still exits;
 * `close()` releases the clients at once (the Electron main process calls it on quit). A
 * one-shot CLI process gains nothing from it and does without.
 */
import { createDescriptorCache, type DescriptorCache } from '../discovery/descriptor-cache.js';
import { createSessionPool, type SessionPool } from '../client/session-pool.js';

/** The caches of one host process. */
export interface HostCache {
  descriptors: DescriptorCache;
  sessions: SessionPool;
  /** Forgets every parse and closes every idle session. */
  close(): Promise<void>;
}

/** Empty caches for one host process. */
export function createHostCache(): HostCache {
  const descriptors = createDescriptorCache();
  const sessions = createSessionPool();
  return {
    descriptors,
    sessions,
    close: async () => {
      descriptors.clear();
      await sessions.close();
    },
  };
}
