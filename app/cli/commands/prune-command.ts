import { providersFolder } from '@app-context/provider-kit/platform';
import { capText } from '../../text/cap-text.js';
import { jsonLine } from '../args.js';
import { confirmRemoval } from '../confirm.js';
import { EXIT } from '../exit-codes.js';
import type { CliDeps, CliIo } from '../io.js';
import { findStale, removeStale, type KeptFile, type StaleDescriptor } from '../prune.js';

/**
 * `glance providers --prune [--yes] [--json]` (docs/cli.md,
 * "Removing stale descriptors: `--prune`"): lists the user's descriptors whose process is gone and
 * removes them once confirmed, by a y on the terminal or by --yes (confirm.ts: without a terminal
 * and without --yes nothing is removed, exit 2).
 */
export async function runPrune(options: { json: boolean; yes: boolean }, io: CliIo, deps: CliDeps): Promise<number> {
  // process.getuid is absent only on Windows, which Glance does not run on.
  const uid = process.getuid?.() ?? -1;
  const scan = await findStale(providersFolder(io.env), uid, deps.os);
  const stale = scan.stale.map(shown);
  const print = (removed: string[], kept: KeptFile[], error?: { code: number; message: string }): void => {
    if (options.json) io.stdout(jsonLine({ folder: scan.folder, stale, removed, kept: [...scan.skipped, ...kept], ...(error ? { error } : {}) }));
  };
  if (!options.json) {
    io.stdout(`Providers folder: ${scan.folder.path}${scan.folder.usable ? '' : ` (not read: ${scan.folder.reason ?? 'unknown reason'})`}\n`);
    for (const skip of scan.skipped) io.stdout(`  left alone  ${skip.file}: ${skip.reason}\n`);
  }
  if (stale.length === 0) {
    if (!options.json && scan.folder.usable) io.stdout('No stale descriptors: every descriptor\'s process is running.\n');
    print([], []);
    return EXIT.ok;
  }
  if (!options.json) {
    io.stdout(`Stale descriptors (their process is gone):\n`);
    for (const s of stale) io.stdout(`  ${s.file}  ${s.name !== undefined ? `${capText(s.name)} ` : ''}(${s.bundleId !== undefined ? `${capText(s.bundleId)}, ` : ''}pid ${s.pid}${s.helperPid !== undefined ? `, helper ${s.helperPid}` : ''})\n`);
  }
  const count = `${stale.length} stale descriptor${stale.length === 1 ? '' : 's'}`;
  const nothing = `nothing removed of ${count}`;
  // The list is printed before the reason: with --json the reason is its `error` (docs/cli.md, "Errors with --json").
  const said: string[] = [];
  const asked = await confirmRemoval({ ...io, stderr: (line) => said.push(line) }, options.yes, { command: 'providers --prune', question: `Remove ${count}?`, nothing });
  if (asked !== 'go') {
    const reason = said.join('').replace(/^glance: /, '').trimEnd();
    print([], [], asked === EXIT.ok ? undefined : { code: asked, message: reason });
    for (const line of said) io.stderr(line);
    return asked;
  }
  const { removed, kept } = await removeStale(scan.folder.path, scan.stale, uid, deps.os);
  print(removed, kept);
  if (!options.json) {
    io.stdout(`Removed ${removed.length} of ${count}.\n`);
    for (const k of kept) io.stdout(`  kept  ${k.file}: ${k.reason}\n`);
  }
  return EXIT.ok;
}

/** What is shown of a stale descriptor: never the file's identity numbers. */
function shown({ dev: _dev, ino: _ino, ...rest }: StaleDescriptor): Omit<StaleDescriptor, 'dev' | 'ino'> {
  return rest;
}
