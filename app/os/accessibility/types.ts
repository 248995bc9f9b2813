/**
 * The accessibility reader: what the OS's accessibility layer says about the front window of
 * one app, for apps that do not share context themselves. One small interface; linux.ts
 * (AT-SPI) and darwin.ts (the macOS Accessibility API) implement it through a helper process
 * each, which speak the same protocol (wire.ts), so reader.ts is shared.
 */
import type { AxLocation, AxRead, AxSelection } from './answer.js';

/**
 * Why there is no answer, by code (for a front end that words its own) and as a sentence a
 * person can read:
 * - `no-bus`: no accessibility bus to ask (Linux: no D-Bus session, or AT-SPI not running);
 * - `not-on-bus`: the app does not answer accessibility requests (not on the bus, not found);
 * - `no-window`: the app has no front window;
 * - `no-permission`: macOS has not given Glance the Accessibility permission;
 * - `timeout`: no answer within the time limit;
 * - `cancelled`: the caller's AbortSignal fired;
 * - `no-helper`: the helper cannot run here (missing, or the platform's library is not installed);
 * - `unsupported`: no reader for this platform;
 * - `failed`: anything else (the helper crashed, answered garbage, a D-Bus error).
 */
export type AxFailureCode = 'no-bus' | 'not-on-bus' | 'no-window' | 'no-permission' | 'timeout' | 'cancelled' | 'no-helper' | 'unsupported' | 'failed';

/** An expected "no" from the reader. */
export interface AxFailure {
  ok: false;
  code: AxFailureCode;
  reason: string;
}

/** One read, or why there is none. */
export type AxReadResult = { ok: true; read: AxRead } | AxFailure;

/** Where a selection is now (`gone` when it changed), or why that cannot be told. */
export type AxLocateResult = { ok: true; location: AxLocation } | AxFailure;

/** The time limit of one call and the caller's way to cancel it. */
export interface AxCallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** Reads the front window of an app through the platform's accessibility layer. Nothing throws. */
export interface AccessibilityReader {
  /**
   * The app's name, its front window's title, the document's URL (and path, for a file), the
   * focused element's role, and its selection with one rectangle per line, or, only when
   * nothing is selected, its text capped at FOCUSED_TEXT_LIMIT_BYTES. Nothing of a password or
   * secure text field, of another window, or of the rest of the tree.
   */
  read(pid: number, options: AxCallOptions): Promise<AxReadResult>;
  /**
   * Where `selection` (from a read of this app's window titled `title`) is now, for a
   * highlight: its current rectangles, or `gone` when the selected text or its offsets changed.
   */
  locate(pid: number, previous: { title: string; selection: AxSelection }, options: AxCallOptions): Promise<AxLocateResult>;
  /** Stops the helper process, if one runs; a later call starts a new one. */
  close(): Promise<void>;
}
