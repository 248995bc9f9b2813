// The declarations emitted from this file name Node's types: an app compiling against them needs
// @types/node whatever its tsconfig's `types` says (a fresh `tsc --init` lists none).
/// <reference types="node" preserve="true" />
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The environment variable that replaces the per-platform folder (host and provider kit alike). */
export const PROVIDERS_DIR_ENV = 'APP_CONTEXT_PROVIDERS_DIR';

/** The folder's path below the per-platform base, shared by every platform. */
const TAIL = ['app-context', 'providers'] as const;

/**
 * The per-user folder where providers publish their descriptors (docs/protocol.md#the-providers-folder).
 *
 * - `APP_CONTEXT_PROVIDERS_DIR`, when set to a non-empty value, wins on every platform;
 *   an empty value counts as unset, so `VAR= cmd` cannot point the host at the working folder.
 * - macOS: `~/Library/Application Support/app-context/providers`.
 * - Linux (and any other platform): `$XDG_RUNTIME_DIR/app-context/providers`, or
 *   `~/.local/state/app-context/providers` without `XDG_RUNTIME_DIR`.
 *
 * Pure: the environment, platform and home folder are parameters, so both sides and the
 * tests compute the same path without touching the process.
 */
export function providersFolder(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env[PROVIDERS_DIR_ENV];
  if (override !== undefined && override !== '') return override;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', ...TAIL);
  const runtime = env['XDG_RUNTIME_DIR'];
  // A relative XDG_RUNTIME_DIR is invalid per the XDG spec; ignore it rather than publish
  // into whatever the current folder happens to be.
  if (runtime !== undefined && runtime.startsWith('/')) return join(runtime, ...TAIL);
  return join(home, '.local', 'state', ...TAIL);
}

/**
 * Which rule chose the folder, for messages such as "no descriptors in <path> (from
 * APP_CONTEXT_PROVIDERS_DIR)": a developer whose app and host disagree on the folder usually
 * has the variable set on one side only.
 */
export function providersFolderSource(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const override = env[PROVIDERS_DIR_ENV];
  if (override !== undefined && override !== '') return PROVIDERS_DIR_ENV;
  if (platform === 'darwin') return 'the macOS default';
  const runtime = env['XDG_RUNTIME_DIR'];
  return runtime !== undefined && runtime.startsWith('/') ? 'XDG_RUNTIME_DIR' : 'the default without XDG_RUNTIME_DIR';
}
