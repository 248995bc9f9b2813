/**
 * What only the operating system knows. One interface; darwin.ts and linux.ts implement it,
 * and tests may inject their own for the parts that cannot run here (the macOS front app).
 */

/** The app in front, as the OS reports it. */
export interface FrontApp {
  pid: number;
  /** The bundle identifier (macOS) or the Linux stand-in of wire.md section 4. */
  bundleId?: string;
  /** The app's name, for messages ("Notes did not answer"). */
  name?: string;
}

/** The front app, or why the OS could not tell which app is in front. */
export type FrontAppResult = { ok: true; app: FrontApp } | { ok: false; reason: string };

/** One socket listening on a TCP port. */
export interface ListeningSocket {
  pid: number;
  /** The local address as the OS prints it: "127.0.0.1", "0.0.0.0", "::", "*", "::1", "192.168.1.2". */
  address: string;
}

/** Who listens on a port; `ok: false` when the OS could not be asked (lsof missing, timed out). */
export type ListenersResult = { ok: true; sockets: ListeningSocket[] } | { ok: false; reason: string };

/** The OS services the core uses. Every method resolves; none throws for an ordinary "no". */
export interface OsServices {
  /** The front app. Never reports our own process as the front app. */
  frontApp(): Promise<FrontAppResult>;
  /** True when the process exists and is not a zombie (EPERM counts as alive). */
  isAlive(pid: number): Promise<boolean>;
  /** The bundle identifier of a process (wire.md section 4), or undefined when it cannot be told. */
  bundleId(pid: number): Promise<string | undefined>;
  /** Every socket listening on this TCP port, on any address. */
  listeners(port: number): Promise<ListenersResult>;
  /** A process's name for messages ("python3"), or undefined. */
  processName(pid: number): Promise<string | undefined>;
}
