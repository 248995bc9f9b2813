import type { GlanceRequests, Invoke, PanelChannel } from './bridge.js';
import { invokeContract, type InvokeName, type InvokeRequest } from './ipc.js';

/**
 * The panel's request methods over one `invoke`, one per panel channel of the contract: built
 * from the contract itself, so the preload and the end-to-end bridge cannot map a method to a
 * different channel, and a new channel needs no line here.
 */
export function panelRequests(invoke: Invoke): GlanceRequests {
  const names = (Object.keys(invokeContract) as InvokeName[]).filter((name): name is PanelChannel => invokeContract[name].page === 'panel');
  return Object.fromEntries(names.map((name) => [name, (request?: unknown) => invoke(name, request as InvokeRequest<typeof name>)])) as GlanceRequests;
}
