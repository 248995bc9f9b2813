import { applyRemovals } from '../../app/session/review.js';
import type { Element } from '../../app/protocol/element.js';
import type { Controller } from '../flow/controller.js';
import type { SettingsService } from '../flow/settings-service.js';
import type { StateHub } from '../flow/state-hub.js';
import type { InvokeHandlers } from './contract.js';

/** Where Send goes. The agent issue replaces the stand-in with a real backend and streaming. */
export interface AgentPort {
  send(request: { appName: string; context: Element | null; prompt: string }): Promise<{ ok: boolean; message: string }>;
}

/** The stand-in until an agent exists: says so, in words, instead of failing silently. */
export const agentNotConfigured: AgentPort = {
  send: async () => ({ ok: false, message: 'No agent is configured yet, so nothing was sent. Your context stays on this Mac.' }),
};

/** What the handlers act on. No electron: the Electron shell and the e2e test server pass their own. */
export interface HandlerDeps {
  hub: StateHub;
  controller: Controller;
  settings: SettingsService;
  agent: AgentPort;
  closePanel(): void;
  openExternal(url: string): Promise<void>;
}

/** One handler per contract channel. Payloads arrive already parsed (see dispatch). */
export function createHandlers(deps: HandlerDeps): InvokeHandlers {
  return {
    getState: async () => deps.hub.get(),
    showView: async ({ view }) => {
      deps.hub.update({ view });
    },
    closePanel: async () => {
      deps.closePanel();
    },
    dismissNotices: async () => {
      deps.hub.update({ notices: [] });
    },
    removeAppContext: async ({ invocation }) => deps.controller.removeAppContext(invocation),
    send: async ({ invocation, prompt, removedIds }) => {
      const collected = deps.controller.collected(invocation);
      const current = deps.hub.get().invocation;
      if (current?.id !== invocation) return { ok: false, message: 'This context is no longer current: press the hotkey again.' };
      // Exactly what the panel previewed: main applies the same removals to the tree it holds.
      const context = collected ? applyRemovals(collected.root, new Set(removedIds)) : null;
      return deps.agent.send({ appName: current.appName, context, prompt });
    },
    getSettings: async () => deps.settings.current(),
    saveSettings: async (patch) => deps.settings.update(patch),
    openExternal: async ({ url }) => {
      await deps.openExternal(url);
      return { opened: true };
    },
  };
}
