/**
 * What only the operating system knows. One interface; darwin.ts and linux.ts implement it,
 * and tests may inject their own for the parts that cannot run here (the macOS front app).
 */

/** The app in front, as the OS reports it. */
export interface FrontApp {
  pid: number;
  /**
   * The bundle identifier (macOS) or the Linux stand-in of docs/protocol.md, "Bundle identifiers".
   */
  bundleId?: string;
  /** The app's name, for messages ("Notes did not answer"). */
  name?: string;
}

/** Why there is no front app to ask. */
export interface FrontAppFailure {
  ok: false;
  /** The command line's whole sentence, with its advice (pass --pid). */
  reason: string;
  /**
   * What happened, without advice ("no app with a window is active"), for a front end that
   * words its own: the panel says "bring the app to the front", never "pass --pid".
   */
  cause?: string;
  /** Glance itself is in front (its panel has the focus): the app shows what it holds instead. */
  glanceInFront?: true;
}

/** The front app, or why the OS could not tell which app is in front. */
export type FrontAppResult = { ok: true; app: FrontApp } | FrontAppFailure;

/** One socket listening on a TCP port. */
export interface ListeningSocket {
  pid: number;
  /** The local address as the OS prints it: "127.0.0.1", "0.0.0.0", "::", "*", "::1", "192.168.1.2". */
  address: string;
}

/** Who listens on a port; `ok: false` when the OS could not be asked (lsof missing, timed out). */
export type ListenersResult = { ok: true; sockets: ListeningSocket[] } | { ok: false; reason: string };

/** One end of a TCP connection, as the socket reports it (`socket.localAddress`, `localPort`). */
export interface SocketEnd {
  address: string;
  port: number;
}

/**
 * One question for the connect-time check (step 5 of docs/protocol.md,
 * "The host's checks, in order"): who listens on the port, and who holds the server end of one
 * connection to it, the one whose client end is `client`. `server` is the pids holding that end
 * ([-1] when it is there but its holder cannot be told); `queued` when the kernel shows it
 * established but not yet accepted (it then sits in the accept queue of one of `sockets`, so only a
 * holder of a listener can take it: /proc only); undefined when it is not seen (not accepted yet,
 * or held by a process the OS will not show).
 */
export type ConnectionResult = { ok: true; sockets: ListeningSocket[]; server: number[] | 'queued' | undefined } | { ok: false; reason: string };

/** A process's parent, owner and state (the kit's platform rule, which the kit applies to itself too). */
import type { ProcessInfo } from '@app-context/provider-kit/platform';
export type { ProcessInfo };

/** The OS services the core uses. Every method resolves; none throws for an ordinary "no". */
export interface OsServices {
  /** The front app. Never reports our own process as the front app (`glanceInFront` instead). */
  frontApp(): Promise<FrontAppResult>;
  /** True when the process exists and is not a zombie (EPERM counts as alive). */
  isAlive(pid: number): Promise<boolean>;
  /**
   * The bundle identifier of a process (docs/protocol.md, "Bundle identifiers"), or undefined when
   * it cannot be told.
   */
  bundleId(pid: number): Promise<string | undefined>;
  /** Every socket listening on this TCP port, on any address. */
  listeners(port: number): Promise<ListenersResult>;
  /** The listeners on the port and the holders of the server end of one connection, in one query. */
  connection(port: number, client: SocketEnd): Promise<ConnectionResult>;
  /** A process's name for messages ("python3"), or undefined. */
  processName(pid: number): Promise<string | undefined>;
  /**
   * A process's parent, owner and whether it is a zombie, for a provider served by a helper
   * (docs/protocol.md, "Providers served by a helper"); undefined when it is gone or hidden.
   */
  processInfo(pid: number): Promise<ProcessInfo | undefined>;
}
