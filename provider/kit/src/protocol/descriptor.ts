import { z } from 'zod';
import { requestTargetProblem } from './endpoint-path.js';
import { IdSchema } from './ids.js';
import { TOKEN_MAX_LENGTH, TOKEN_MIN_LENGTH } from './limits.js';

/** Printable ASCII without spaces, 16 to 512 characters (docs/protocol.md#the-descriptor). */
export const TOKEN_PATTERN = new RegExp(`^[\\x21-\\x7e]{${TOKEN_MIN_LENGTH},${TOKEN_MAX_LENGTH}}$`);

/** The eight fields every descriptor has (docs/protocol.md#the-descriptor). */
const REQUIRED_FIELDS = {
  protocol: z.string(),
  bundleId: z.string().min(1),
  name: z.string(),
  version: z.string(),
  pid: z.number().int().positive(),
  instance: IdSchema,
  endpoint: z.string(),
  token: z.string().regex(TOKEN_PATTERN),
};

/**
 * The descriptor file a running provider publishes. The eight fields are required; unknown
 * fields are ignored (zod strips them). The protocol is a plain string here so that an
 * unsupported version is reported as such rather than as a malformed file.
 *
 * `helperPid`, when present, names the process that serves the endpoint for the app `pid`: a
 * descendant the app started, such as a browser's native messaging host
 * (docs/protocol.md#providers-served-by-a-helper). It is never `pid` itself: a provider that
 * listens in the app's own process leaves it out, and its descriptor reads exactly as before.
 */
export const DescriptorSchema = z.object({
  ...REQUIRED_FIELDS,
  helperPid: z.number().int().positive().optional(),
}).refine((d) => d.helperPid === undefined || d.helperPid !== d.pid, { path: ['helperPid'], message: 'helperPid must differ from pid' });
export type Descriptor = z.infer<typeof DescriptorSchema>;

/** A descriptor without its token: what may be shown, printed or logged. */
export type PublicDescriptor = Omit<Descriptor, 'token'>;

/** The descriptor without the token, for output. */
export function publicDescriptor(d: Descriptor): PublicDescriptor {
  return {
    protocol: d.protocol, bundleId: d.bundleId, name: d.name, version: d.version, pid: d.pid, instance: d.instance, endpoint: d.endpoint,
    ...(d.helperPid !== undefined ? { helperPid: d.helperPid } : {}),
  };
}

/** The process that listens on the endpoint: the helper when there is one, else the app itself. */
export function listenerPid(d: Pick<Descriptor, 'pid' | 'helperPid'>): number {
  return d.helperPid ?? d.pid;
}

/**
 * Says which descriptor fields are wrong, by name only: the messages never quote a value,
 * so a token in the wrong field cannot leak through an error.
 */
export function describeDescriptorProblems(error: z.ZodError): string {
  const fields = [...new Set(error.issues.map((i) => String(i.path[0] ?? 'the file')))];
  return `these fields are missing or malformed: ${fields.join(', ')}`;
}

/** `http://127.0.0.1:` + port 1-65535 without leading zeros + a request target from `/`, no fragment. */
const ENDPOINT_PATTERN = /^http:\/\/127\.0\.0\.1:([1-9][0-9]{0,4})(\/[^#]*)$/;

/**
 * The port and request target (path and optional query, exactly as written) of a literal
 * loopback endpoint, or why it is not one (docs/protocol.md#the-hosts-checks-in-order and #hardening; endpoint-path.ts has the
 * path rule). The reason never quotes the endpoint.
 */
export function parseEndpoint(endpoint: string): { ok: true; port: number; path: string } | { ok: false; reason: string } {
  const m = ENDPOINT_PATTERN.exec(endpoint);
  const port = m ? Number(m[1]) : 0;
  if (!m || port > 65535) {
    return { ok: false, reason: 'its endpoint is not http://127.0.0.1:<port>/<path> (only the literal loopback address, a port 1-65535 and a path are allowed)' };
  }
  const target = m[2] as string;
  const problem = requestTargetProblem(target);
  if (problem !== undefined) return { ok: false, reason: problem };
  return { ok: true, port, path: target };
}
