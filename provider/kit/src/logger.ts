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

/**
 * The kit's own lines when the app gives no logger: warnings and errors on stderr (a request
 * the MCP server failed on, say), nothing else. Problems with the app's tree have their own
 * default, one line per kind (problems.ts).
 */
export const stderrLogger: ProviderLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message) => void process.stderr.write(`app-context provider: ${message}\n`),
  error: (message) => void process.stderr.write(`app-context provider: ${message}\n`),
};
