import { createRedactingLogger, type Logger, type SecretRegistry } from '../app/log/logger.js';

/**
 * The main process's logger: the core's redacting logger writing to stderr, which macOS keeps
 * in the app's unified log. Debug lines only when GLANCE_DEBUG is set.
 */
export function createMainLogger(secrets: SecretRegistry, env: NodeJS.ProcessEnv = process.env): Logger {
  const debug = env['GLANCE_DEBUG'] === '1';
  return createRedactingLogger((level, message) => {
    if (level === 'debug' && !debug) return;
    console.error(`[glance] ${level}: ${message}`);
  }, secrets);
}
