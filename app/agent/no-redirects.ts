/**
 * Model requests follow no redirect (docs/agent.md, "Backends"). The SDKs send through fetch,
 * which follows a 307 or 308 with the whole body: a model server, or whatever answers at its
 * address, could send the user's context on to any other address, while the receipt written
 * before the send names the first origin. Every backend's fetch is wrapped here, the one main
 * passes in (MainPorts.modelFetch) included.
 */

/** Thrown inside the SDK's fetch when a response was a redirect that must not be followed. */
export class RedirectRefusedError extends Error {
  /** False when the request went to the address asked only; true when a fetch followed anyway. */
  readonly followed: boolean;
  constructor(followed: boolean) {
    super(followed ? 'the fetch followed a redirect' : 'the model server answered with a redirect');
    this.followed = followed;
  }
}

/**
 * A fetch that asks `base` not to follow redirects (`redirect: 'manual'`: Node's fetch then
 * returns the 3xx itself, which the SDK turns into an error with its status and does not retry)
 * and refuses the two answers that hide one: a browser-style `opaqueredirect`, and a response
 * that says a redirect was followed (a fetch that ignored the option).
 */
export function withoutRedirects(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, { ...init, redirect: 'manual' });
    if (response.redirected || response.type === 'opaqueredirect') {
      await response.body?.cancel().catch(() => undefined);
      throw new RedirectRefusedError(response.redirected);
    }
    return response;
  };
}
