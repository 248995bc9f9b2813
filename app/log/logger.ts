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
 * global), so it can register each token as it reads a descriptor.
 */
export interface SecretSink {
  add(secret: string): void;
}

/** Secrets a redacting logger blanks. Tokens are registered as descriptors are read. */
export class SecretRegistry implements SecretSink {
  private readonly secrets = new Set<string>();
  /** Remembers a secret for redaction. */
  add(secret: string): void {
    if (secret.length >= 8) this.secrets.add(secret);
  }
  /** The text with every known secret replaced. */
  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join('[redacted]');
    return out;
  }
}

/** A logger that passes every line through the registry before the sink sees it. */
export function createRedactingLogger(sink: LogSink, secrets: SecretRegistry): Logger {
  const emit = (level: Parameters<LogSink>[0]) => (message: string) => sink(level, secrets.redact(message));
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
