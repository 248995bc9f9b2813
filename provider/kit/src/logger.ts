/**
 * Where the kit says what it does and what is wrong. Every line is built by the kit from
 * ids, roles, field names and counts: never the token, never anything from the app's answers.
 * Any object with these four methods will do (a console, pino, the host's own logger).
 */
export interface ProviderLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A logger that says nothing. */
export const silentLogger: ProviderLogger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
