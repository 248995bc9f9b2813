import { invokeContract, type InvokeHandlers, type InvokeName, type InvokeResponse } from '../../contract/ipc.js';

/**
 * Parses a request against the contract and calls its handler. No electron here, so the
 * Electron registration and the end-to-end test server run exactly the same checks.
 */

/** A request main refused; the message names the channel and fields, never the values sent. */
class IpcRefusal extends Error {
  override readonly name = 'IpcRefusal';
}

/** Validates `payload` for `name` and runs the handler; throws IpcRefusal for a bad payload. */
export async function dispatch<K extends InvokeName>(handlers: InvokeHandlers, name: K, payload: unknown): Promise<InvokeResponse<K>> {
  const entry = invokeContract[name];
  const parsed = entry.request.safeParse(payload);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'the payload'))];
    throw new IpcRefusal(`refused a malformed ${entry.channel} request (${fields.join(', ')})`);
  }
  // The mapped type cannot link K's request and handler for the compiler; the parse above does.
  const handler = handlers[name] as (request: unknown) => Promise<InvokeResponse<K>>;
  return handler(parsed.data);
}
