import type { LogSink } from '../app/host.js';

/**
 * Where the main process's log lines go: stderr, which macOS keeps in the app's unified log.
 * Debug lines only when GLANCE_DEBUG is set. The services wrap it in the core's redacting
 * logger (services.ts), so no token or key reaches it.
 */
export function createMainLogSink(env: NodeJS.ProcessEnv = process.env): LogSink {
  const debug = env['GLANCE_DEBUG'] === '1';
  return (level, message) => {
    if (level === 'debug' && !debug) return;
    console.error(`[glance] ${level}: ${message}`);
  };
}
