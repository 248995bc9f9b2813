import { z } from 'zod';
import { baseUrlOf, backendFacts, hostOf, isBackendId, isLoopbackUrl, OFFLINE_ENDPOINT, type BackendChoice, type BackendId } from './backends.js';

export { isLoopbackUrl };

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
 * Where a backend chosen so sends (the panel's settings, `glance ask`'s options): what the
 * `local` rule is weighed against. An empty base URL is none: the backend's own address.
 */
export function destinationOf(choice: { backend: BackendId; baseURL?: string | undefined }): Destination {
  return { kind: 'model', backend: choice.backend, ...(choice.baseURL ? { baseURL: choice.baseURL } : {}) };
}

/** True when context may go there under the `local` rule. */
export function isLocalDestination(destination: Destination): boolean {
  if (destination.kind === 'show' || backendFacts(destination.backend).model === null) return true;
  const url = baseUrlOf(destination);
  return url !== undefined && isLoopbackUrl(url);
}

/**
 * Where a request would go, for reasons: the place as the panel names it, then the origin a
 * person can check ("OpenAI (https://api.openai.com)", "model.example.test
 * (http://model.example.test:11434)"); never a user name or password.
 */
export function describeDestination(destination: Destination): string {
  if (destination.kind === 'show') return 'this machine';
  const url = baseUrlOf(destination);
  if (url === undefined) return 'this machine';
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    // An unparsable address is never local; it is named without its text.
    return 'an address that is not a URL';
  }
  return `${placeWords(placeOf(destination))} (${origin})`;
}

/**
 * Where a question goes, as a person names the place: this Mac (the offline answerer, or a model
 * server at a loopback address), a named service (the backend's own address: "Anthropic",
 * "OpenAI"), or another server by its host name, without the port a person does not need.
 */
export const PlaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('this-mac') }),
  z.object({ kind: z.literal('service'), name: z.string() }),
  z.object({ kind: z.literal('host'), host: z.string() }),
]);
export type Place = z.infer<typeof PlaceSchema>;

/** The place a request to `endpoint` (a model server's origin, or OFFLINE_ENDPOINT) through `backend` went. */
export function endpointPlace(backend: string, endpoint: string): Place {
  if (endpoint === OFFLINE_ENDPOINT || isLoopbackUrl(endpoint)) return { kind: 'this-mac' };
  if (isBackendId(backend)) {
    const facts = backendFacts(backend);
    if (facts.model && hostOf(facts.model.defaultBaseURL) === hostOf(endpoint)) return { kind: 'service', name: facts.label };
  }
  return { kind: 'host', host: hostOf(endpoint) };
}

/** The place the question goes with this choice of backend and address. */
export function placeOf(choice: Omit<BackendChoice, 'model'>): Place {
  const url = baseUrlOf(choice);
  return url === undefined ? { kind: 'this-mac' } : endpointPlace(choice.backend, url);
}

/** "this Mac", "Anthropic", "example.com". */
export function placeWords(place: Place): string {
  return place.kind === 'this-mac' ? 'this Mac' : place.kind === 'service' ? place.name : place.host;
}
