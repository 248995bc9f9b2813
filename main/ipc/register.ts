import { ipcMain } from 'electron';
import type { Logger } from '../../app/host.js';
import { invokeContract, type InvokeHandlers, type InvokeName, type PageName } from '../../contract/ipc.js';
import { dispatch } from './dispatch.js';
import { isOwnRendererFrame } from './sender.js';

/** What registering the IPC handlers needs. */
export interface RegisterIpcDeps {
  handlers: InvokeHandlers;
  /**
   * The file URL of each of our pages. A channel answers only the page the contract names for
   * it: the overlay cannot send a question, the panel cannot ask for drawings.
   */
  pageUrls: Record<PageName, string>;
  logger: Logger;
}

/**
 * Registers one ipcMain handler per contract channel. Each checks the sender, then parses the
 * payload (dispatch) before any handler runs. Returns a function that removes them all.
 */
export function registerIpc(deps: RegisterIpcDeps): () => void {
  const names = Object.keys(invokeContract) as InvokeName[];
  for (const name of names) {
    const { channel, page } = invokeContract[name];
    ipcMain.handle(channel, async (event, payload: unknown) => {
      if (!isOwnRendererFrame(event.senderFrame, deps.pageUrls[page])) {
        deps.logger.warn(`ipc: refused ${channel} from a frame that is not the Glance ${page}`);
        throw new Error(`refused ${channel}: the sender is not the Glance ${page}`);
      }
      try {
        return await dispatch(deps.handlers, name, payload);
      } catch (error) {
        deps.logger.warn(`ipc: ${channel} failed: ${(error as Error).message}`);
        throw error;
      }
    });
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(invokeContract[name].channel);
  };
}
