import { request } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { Readable } from 'node:stream';

/**
 * A fetch over node:http whose DNS answers come from `names` alone: a test can play "a model
 * server on another machine" with a host name that resolves to 127.0.0.1 here, and any other
 * name fails, so nothing leaves the machine. Enough of fetch for the model SDKs: method,
 * headers, a text body, abort, and a streamed response.
 */
export function fetchResolving(names: Record<string, string>): typeof fetch {
  const lookup = (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void): void => {
    const address = names[hostname];
    if (address === undefined) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      return;
    }
    if (options.all) callback(null, [{ address, family: 4 } satisfies LookupAddress]);
    else callback(null, address, 4);
  };
  return (input, init) => new Promise<Response>((resolve, reject) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const req = request(url, { method: init?.method ?? 'GET', headers, lookup: lookup as never, ...(init?.signal ? { signal: init.signal } : {}) }, (res) => {
      const out = new Headers();
      for (const [name, value] of Object.entries(res.headers)) for (const v of [value ?? []].flat()) out.append(name, v);
      resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, { status: res.statusCode ?? 500, headers: out }));
    });
    req.on('error', reject);
    req.end(typeof init?.body === 'string' ? init.body : undefined);
  });
}
