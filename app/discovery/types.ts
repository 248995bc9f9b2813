import type { Descriptor } from '@app-context/provider-kit/protocol';
import type { ConnectionGuard } from './check-connection.js';

/**
 * The providers folder and whether we read it (docs/protocol.md, "The host's checks, in order",
 * step 1).
 */
export interface FolderStatus {
  path: string;
  usable: boolean;
  /** Why the folder is not read: missing, not a directory, another owner, writable by others. */
  reason?: string;
}

/** The verdict on one file in the folder, with a reason a person can read when it is ignored. */
export interface DescriptorVerdict {
  /** The file name inside the folder. */
  file: string;
  verdict: 'usable' | 'ignored';
  reason?: string;
  /** Present when the file parsed as a descriptor (it still holds the token: never print it whole). */
  descriptor?: Descriptor;
  /** Modification time, for "the most recently modified wins". */
  mtimeMs: number;
}

/**
 * A descriptor that passed the checks of docs/protocol.md, "The host's checks, in order", that come
 * before a connection; step 5 (who listens, and who took this connection) runs at connect time
 * through `guard`, so the token goes only over a connection that passed it
 * ("Hardening", "Check at connect time").
 */
export interface VerifiedProvider {
  descriptor: Descriptor;
  file: string;
  port: number;
  /** Path and optional query of the endpoint, used as given. */
  path: string;
  /** Checks every new connection to the endpoint before a byte is sent on it. */
  guard: ConnectionGuard;
  /**
   * True when step 5 was met by a connection of the host's pool that passed the full check
   * earlier and is still connected, instead of asking the OS now: then only that connection
   * may carry the request (client/connections.ts).
   */
  viaLink?: boolean;
}

/** What discovery found for one front app. */
export type FindResult =
  | { kind: 'usable'; provider: VerifiedProvider; ignored: DescriptorVerdict[]; folder: FolderStatus }
  /** No descriptor names this pid (or the folder cannot be read). */
  | { kind: 'none'; folder: FolderStatus }
  /** Descriptors name this pid, and each was ignored for its reason. */
  | { kind: 'ignored'; verdicts: DescriptorVerdict[]; folder: FolderStatus };
