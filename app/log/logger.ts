/**
 * The core's only way to say something outside its return values. Messages are built by the
 * core from ids, field names and counts (docs/protocol.md, "What never leaves the host"); the
 * redacting wrapper is a second line of defence that blanks any registered secret (a provider's
 * token) should one slip in.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** Where a logger's lines go: a file, stderr, an array in a test. */
export type LogSink = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

/** A logger that says nothing. */
export const silentLogger: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Where a secret is registered for redaction: what the core is handed (by injection, never a
 * global), so it can register each token as it reads a descriptor, and the secret scan can
 * withhold every element that shows one of them (app/withhold/scan.ts).
 */
export interface SecretSink {
  /** `kind` says what it is in the scan's words ("app-context provider token"), never the secret. */
  add(secret: string, kind?: string): void;
  /** Every secret registered so far, with its kind when one was given. */
  known(): Iterable<KnownSecret>;
}

/** A registered secret and what it is. */
export interface KnownSecret {
  secret: string;
  kind: string | undefined;
}

/**
 * Secrets a redacting logger blanks, and every output of the command with it (app/cli/main.ts).
 * Tokens are registered as descriptors are read.
 */
export class SecretRegistry implements SecretSink {
  private readonly secrets = new Map<string, string | undefined>();
  /** Remembers a secret for redaction (the first kind given for it stays). */
  add(secret: string, kind?: string): void {
    if (secret.length >= 8 && !this.secrets.has(secret)) this.secrets.set(secret, kind);
  }
  known(): KnownSecret[] {
    return [...this.secrets].map(([secret, kind]) => ({ secret, kind }));
  }
  /**
   * The text with every known secret replaced, also where JSON wrote it escaped: a token may
   * hold a quote or a backslash, which `--json` output writes with a backslash before it.
   */
  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets.keys()) {
      out = out.split(secret).join('[redacted]');
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (escaped !== secret) out = out.split(escaped).join('[redacted]');
    }
    return out;
  }
}

/** A logger that passes every line through the registry before the sink sees it. */
export function createRedactingLogger(sink: LogSink, secrets: SecretRegistry): Logger {
  const emit = (level: Parameters<LogSink>[0]) => (message: string) => sink(level, secrets.redact(message));
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
