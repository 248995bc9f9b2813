import { createRedactingLogger, SecretRegistry, type Logger } from '../log/logger.js';
import { createOs } from '../os/index.js';
import type { OsServices } from '../os/types.js';
import type { CoreDeps } from '../invocation/verified-call.js';
import type { CliDeps, CliIo } from './io.js';

/** CliDeps with everything filled in: what a command actually runs with. */
export type FullCliDeps = Required<CliDeps>;

/**
 * The CLI's log: lines on stderr as `glance: <level>: ...`, only with GLANCE_DEBUG=1 (a
 * command's own messages already say what a user needs). Every line passes through the
 * redaction, where each token is registered as its descriptor is read.
 */
function createCliLogger(io: CliIo, secrets: SecretRegistry): Logger {
  const on = io.env['GLANCE_DEBUG'] === '1';
  return createRedactingLogger((level, message) => {
    if (on) io.stderr(`glance: ${level}: ${message}\n`);
  }, secrets);
}

/** The deps of one `glance` run: the OS services, a fresh secret registry and the CLI's log. */
export function createCliDeps(io: CliIo, os: OsServices = createOs()): FullCliDeps {
  const secrets = new SecretRegistry();
  return { os, secrets, logger: createCliLogger(io, secrets) };
}

/** Deps a caller passed (a test may give only `os`), completed with the defaults. */
export function completeCliDeps(io: CliIo, deps: CliDeps): FullCliDeps {
  if (deps.secrets !== undefined && deps.logger !== undefined) return { os: deps.os, secrets: deps.secrets, logger: deps.logger };
  const secrets = deps.secrets ?? new SecretRegistry();
  return { os: deps.os, secrets, logger: deps.logger ?? createCliLogger(io, secrets) };
}

/** What the core needs from a command's surroundings: the OS, the environment, the log and the registry. */
export function coreDeps(io: CliIo, deps: CliDeps): CoreDeps {
  const full = completeCliDeps(io, deps);
  return { os: full.os, env: io.env, logger: full.logger, secrets: full.secrets };
}

/**
 * The io a command writes through: every line on stdout and stderr passes the redaction first,
 * so a token Glance has read (any provider's, from any descriptor) or a key it holds is never
 * printed, in `--json` output or for a person, whichever provider string carried it. The
 * registry fills as the command runs; each write reads it as it is then.
 */
export function redactingIo(io: CliIo, secrets: SecretRegistry): CliIo {
  return { ...io, stdout: (text) => io.stdout(secrets.redact(text)), stderr: (text) => io.stderr(secrets.redact(text)) };
}
