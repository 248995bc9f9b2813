import { baseUrlOf, backendFacts, type BackendId } from './backends.js';

/**
 * Where collected context is headed (pure: the panel reads it too, to say before Send that a
 * `local` app's context would not go), for the `local` rule (docs/cli.md, "Per-app rules"): only to
 * a model on this machine, meaning the offline backend or a base URL whose host, as written and
 * never resolved, is a loopback literal or `localhost`. A name that merely resolves to 127.0.0.1
 * today is not local: the answer to a DNS question can change, the written address cannot.
 */

/** Shown on this machine only (`current`, `location`), or sent to a model. */
export type Destination = { kind: 'show' } | { kind: 'model'; backend: BackendId; baseURL?: string };

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

/** True when context may go there under the `local` rule. */
export function isLocalDestination(destination: Destination): boolean {
  if (destination.kind === 'show' || backendFacts(destination.backend).model === null) return true;
  const url = baseUrlOf(destination);
  return url !== undefined && isLoopbackUrl(url);
}

/** "the openai backend at https://api.openai.com", for reasons; never a user name or password. */
export function describeDestination(destination: Destination): string {
  if (destination.kind === 'show') return 'this machine';
  const url = baseUrlOf(destination);
  if (url === undefined) return `the ${destination.backend} backend`;
  let where = 'its address';
  try {
    where = new URL(url).origin;
  } catch {
    // An unparsable address is never local; it is named without its text.
  }
  return `the ${destination.backend} backend at ${where}`;
}
