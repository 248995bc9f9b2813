import type { BackendId } from './backends.js';

/**
 * Where collected context is headed (pure: the panel reads it too, to say before Send that a
 * `local` app's context would not go), for the `local` rule (docs/cli.md, "Per-app rules"): only to
 * a model on this machine, meaning the offline backend or a base URL whose host, as written and
 * never resolved, is a loopback literal or `localhost`. A name that merely resolves to 127.0.0.1
 * today is not local: the answer to a DNS question can change, the written address cannot.
 */

/** Shown on this machine only (`current`, `location`), or sent to a model. */
export type Destination = { kind: 'show' } | { kind: 'model'; backend: BackendId; baseURL?: string };

/** The address each backend uses when no base URL is set. */
const DEFAULT_BASE_URLS = { anthropic: 'https://api.anthropic.com', openai: 'https://api.openai.com/v1' } as const;

/**
 * True when the URL's host is 127.0.0.0/8, [::1] or `localhost`. The host is the one the URL
 * parser gives, which is the one a request connects to (it writes `127.1` as `127.0.0.1`);
 * no name is looked up.
 */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The base URL a model destination sends to. */
function destinationUrl(destination: Extract<Destination, { kind: 'model' }>): string | undefined {
  if (destination.backend === 'offline') return undefined;
  return destination.baseURL ?? DEFAULT_BASE_URLS[destination.backend];
}

/** True when context may go there under the `local` rule. */
export function isLocalDestination(destination: Destination): boolean {
  if (destination.kind === 'show' || destination.backend === 'offline') return true;
  const url = destinationUrl(destination);
  return url !== undefined && isLoopbackUrl(url);
}

/** "the openai backend at https://api.openai.com", for reasons; never a user name or password. */
export function describeDestination(destination: Destination): string {
  if (destination.kind === 'show') return 'this machine';
  const url = destinationUrl(destination);
  if (url === undefined) return 'the offline backend';
  let where = 'its address';
  try {
    where = new URL(url).origin;
  } catch {
    // An unparsable address is never local; it is named without its text.
  }
  return `the ${destination.backend} backend at ${where}`;
}
