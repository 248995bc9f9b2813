import { z } from 'zod';
import type { GlanceRequests, PanelChannel } from '../../contract/bridge.js';
import { invokeContract, type InvokeName, type InvokeRequest, type InvokeResponse } from '../../contract/ipc.js';

/**
 * The panel's requests about one invocation, with its id already named: the contract's panel
 * channels whose request carries `invocation` (ipc.ts), each a method that takes the rest of
 * the request. The invocation's view binds them once (InvocationView.tsx is mounted per
 * invocation), so no caller writes the id, and a channel added to the contract with an
 * `invocation` field is here without a line written.
 */

/** The panel's channels whose request names an invocation. */
type InvocationChannel = { [K in PanelChannel]: InvokeRequest<K> extends { invocation: number } ? K : never }[PanelChannel];

/** What a request asks besides naming the invocation. */
type Rest<K extends InvocationChannel> = Omit<InvokeRequest<K>, 'invocation'>;

/** One request with the invocation named: no argument when it asks nothing else. */
type Bound<K extends InvocationChannel> = [keyof Rest<K>] extends [never] ? () => Promise<InvokeResponse<K>> : (request: Rest<K>) => Promise<InvokeResponse<K>>;

export type InvocationRequests = { [K in InvocationChannel]: Bound<K> };

/** Whether a channel of the panel's asks about one invocation, read from its request's schema. */
function namesInvocation(name: InvokeName): name is InvocationChannel {
  const { page, request } = invokeContract[name];
  return page === 'panel' && request instanceof z.ZodObject && 'invocation' in request.shape;
}

/** The contract's requests about `invocation`, over the panel's bridge. */
export function invocationRequests(api: GlanceRequests, invocation: number): InvocationRequests {
  const names = (Object.keys(invokeContract) as InvokeName[]).filter(namesInvocation);
  const bind = (name: InvocationChannel) => (rest?: object): Promise<unknown> => (api[name] as (request: object) => Promise<unknown>)({ ...rest, invocation });
  return Object.fromEntries(names.map((name) => [name, bind(name)])) as InvocationRequests;
}
