// The panel's requests are written once (contract/panel-requests.ts) for the preload
// and the e2e bridge: every panel channel of the contract has its method, and each method's
// request is one the contract's own schema accepts.
import { describe, expect, it } from 'vitest';
import type { Invoke } from '../../contract/bridge.js';
import { panelRequests } from '../../contract/panel-requests.js';
import { invokeContract, type InvokeName } from '../../contract/ipc.js';

describe('panelRequests', () => {
  it('covers every panel channel, each with a request its schema accepts', async () => {
    const sent: { name: InvokeName; request: unknown }[] = [];
    const invoke = (async (name: InvokeName, request: unknown) => {
      sent.push({ name, request });
      return undefined;
    }) as Invoke;
    const api = panelRequests(invoke);
    const receipt = '0123456789abcdef';
    const calls: Record<keyof typeof api, () => Promise<unknown>> = {
      getState: () => api.getState(), showView: () => api.showView({ view: 'history' }), closePanel: () => api.closePanel(),
      dismissNotices: () => api.dismissNotices(), removeAppContext: () => api.removeAppContext({ invocation: 1 }), collectAgain: () => api.collectAgain({ invocation: 1 }),
      askWithoutContext: () => api.askWithoutContext({ invocation: 1 }),
      preview: () => api.preview({ invocation: 1, prompt: '', removedIds: [], allowedIds: ['k'] }),
      send: () => api.send({ invocation: 1, prompt: 'q', removedIds: ['a'] }), stop: () => api.stop({ invocation: 1 }),
      locate: () => api.locate({ invocation: 1, id: 'a' }), dismissOverlay: () => api.dismissOverlay(), getSettings: () => api.getSettings(),
      saveSettings: () => api.saveSettings({ keepPayloads: true }), payloadKeeping: () => api.payloadKeeping(), getKeyStatus: () => api.getKeyStatus(),
      setApiKey: () => api.setApiKey({ backend: 'anthropic', key: 'abcdefgh12' }), clearApiKey: () => api.clearApiKey({ backend: 'openai' }),
      checkApiKey: () => api.checkApiKey({ backend: 'openai', key: 'sk-abcdefgh12' }), findLocalServers: () => api.findLocalServers(),
      openExternal: () => api.openExternal({ url: 'https://example.com/' }), trySampleNotes: () => api.trySampleNotes(),
      setAppRule: () => api.setAppRule({ invocation: 1, rule: 'never' }), excludeAlways: () => api.excludeAlways({ invocation: 1, id: 'c1' }),
      accessibilityChoice: () => api.accessibilityChoice({ invocation: 1, choice: 'always' }), openAccessibilitySettings: () => api.openAccessibilitySettings(),
      setAccessibility: () => api.setAccessibility({ bundleId: 'com.apple.Preview', consent: 'never' }),
      getRules: () => api.getRules(), setRule: () => api.setRule({ bundleId: 'com.example.notes', rule: 'local' }),
      removeRule: () => api.removeRule({ bundleId: 'com.example.notes' }), resetRules: () => api.resetRules(),
      removeExclusion: () => api.removeExclusion({ bundleId: 'com.example.notes', exclusion: { role: 'Row', subrole: 'comment' } }),
      getHistory: () => api.getHistory(), historyPayload: () => api.historyPayload({ id: receipt }), historyAnswer: () => api.historyAnswer({ id: receipt }), copyDigest: () => api.copyDigest({ id: receipt }), copyText: () => api.copyText({ text: 'an answer' }), deleteReceipt: () => api.deleteReceipt({ id: receipt }),
      clearHistory: () => api.clearHistory(), getAppearance: () => api.getAppearance(),
      getBrowsers: () => api.getBrowsers(), installBrowser: () => api.installBrowser({ browser: 'chromium' }), removeBrowser: () => api.removeBrowser(), revealExtension: () => api.revealExtension(),
      getCommand: () => api.getCommand(), installCommand: () => api.installCommand(), removeCommand: () => api.removeCommand(),
    };
    for (const call of Object.values(calls)) await call();
    const panelChannels = (Object.keys(invokeContract) as InvokeName[]).filter((name) => invokeContract[name].page === 'panel');
    expect(sent.map((s) => s.name).sort()).toEqual([...panelChannels].sort());
    for (const { name, request } of sent) {
      const parsed = invokeContract[name].request.safeParse(request);
      expect(parsed.success, `${name}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
  });
});
