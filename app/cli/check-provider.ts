import { runChecks } from '../check/run.js';
import { NOT_CHECKABLE } from '../check/not-checkable.js';
import { safeLine } from '../check/redact.js';
import type { CheckDeps } from '../check/run.js';
import type { CheckResult } from '../check/types.js';
import { providersFolder } from '@app-context/provider-kit/platform';
import { jsonLine, parseCommandLine, parseTimeout } from './args.js';
import { parseAppChoice, resolveApp } from './front-app.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CliIo, CommandRun } from './io.js';

/**
 * `glance check-provider --pid N|--app NAME [--timeout MS] [--json]` (docs/cli.md, "glance check-provider"):
 * runs the provider side of the rules against process N and lists each check, passed or failed with
 * the reason. Exit 3 when N has no descriptor, 7 when any check fails, 0 when all pass. The
 * provider's own error texts may appear here (the command is for its developer), but never the
 * token: every line is redacted on its way out, whatever produced it.
 */
export const runCheckProvider: CommandRun = async (argv, io, deps) => {
  const { values, positionals } = parseCommandLine(argv, { pid: { type: 'string' }, app: { type: 'string' }, timeout: { type: 'string' }, json: { type: 'boolean' } }, 'check-provider');
  if (positionals.length > 0) {
    // A bare number is the pid the user meant: say how to give it.
    const pidLike = /^[1-9]\d{0,9}$/.test(positionals[0] ?? '') ? `; did you mean --pid ${positionals[0]}?` : '';
    throw new UsageError(`check-provider: takes no arguments besides --pid, --app, --timeout and --json${pidLike}`);
  }
  const choice = parseAppChoice(values, 'check-provider');
  if (choice.pid === undefined && choice.app === undefined) throw new UsageError('check-provider: --pid N is required, or --app NAME: the app whose provider to check');
  const timeoutMs = parseTimeout(values.timeout, 'check-provider');
  const app = await resolveApp(choice, io, deps);
  if (app === undefined) return EXIT.noProvider;
  const pid = app.pid;
  // process.getuid is absent only on Windows, which Glance does not run on.
  const uid = process.getuid?.() ?? -1;
  const folder = providersFolder(io.env);

  // A person sees each check as it finishes (a provider that stalls holds up its own line, not
  // the whole list); the checks before the descriptor is read wait for its header line.
  const human = values.json !== true ? streamedLines(io, pid) : undefined;
  const report = await runChecks(pid, { os: deps.os, folder, uid, timeoutMs, ...(deps.secrets ? { secrets: deps.secrets } : {}), ...human?.deps });
  if (report.kind === 'no-descriptor') {
    io.stderr(`glance: ${report.reason}. Is the app running with its provider turned on, as this user, with the same APP_CONTEXT_PROVIDERS_DIR? \`glance providers\` lists every descriptor.\n`);
    return EXIT.noProvider;
  }
  const token = report.token;
  const checks: CheckResult[] = report.checks.map((c) => (c.detail === undefined ? c : { ...c, detail: safeLine(c.detail, token) }));
  const failed = checks.filter((c) => !c.ok).length;
  if (values.json === true) {
    // Failed checks are a failure like any other: the same `error` object (docs/cli.md), beside the list.
    const error = failed === 0 ? {} : { error: { code: EXIT.checkFailed, message: `${failed} of ${checks.length} checks failed` } };
    io.stdout(safeLine(jsonLine({ pid, checks, notCheckable: NOT_CHECKABLE, ...error }).trimEnd(), token) + '\n');
  } else {
    human?.finish(report);
    // One line per write: terminalIo marks a line break inside a write as if a provider had sent it.
    io.stdout('Not checked, as no check from outside can show them:\n');
    for (const n of NOT_CHECKABLE) io.stdout(`  -  ${n.rule}: ${n.why}\n`);
    io.stdout(failed === 0 ? `All ${checks.length} checks passed.\n` : `${failed} of ${checks.length} checks failed.\n`);
  }
  return failed === 0 ? EXIT.ok : EXIT.checkFailed;
};

/** One check as its line: the provider's texts in it are redacted (the token never shows). */
function checkLine(c: CheckResult, token: string | undefined): string {
  return `  ${c.ok ? 'pass' : 'FAIL'}  ${c.name}${c.detail !== undefined ? `: ${safeLine(c.detail, token)}` : ''}\n`;
}

/** Prints the header once the descriptor is read, then each check as runChecks reports it. */
function streamedLines(io: CliIo, pid: number): { deps: Pick<CheckDeps, 'onCheck' | 'onDescriptor'>; finish: (report: { file: string; name?: string; bundleId?: string; token?: string }) => void } {
  let pending: CheckResult[] | undefined = [];
  let token: string | undefined;
  const header = (shown: { file: string; name?: string; bundleId?: string; token?: string }): void => {
    token = shown.token;
    const who = shown.name !== undefined ? `${shown.name} (${shown.bundleId ?? 'no bundle id'}), ` : '';
    io.stdout(safeLine(`Checking process ${pid}: ${who}descriptor ${shown.file}`, token) + '\n');
    for (const c of pending ?? []) io.stdout(checkLine(c, token));
    pending = undefined;
  };
  return {
    deps: {
      onDescriptor: header,
      onCheck: (c) => {
        if (pending !== undefined) pending.push(c);
        else io.stdout(checkLine(c, token));
      },
    },
    // A descriptor that could not be read has its header and checks printed at the end.
    finish: (report) => {
      if (pending !== undefined) header(report);
    },
  };
}
