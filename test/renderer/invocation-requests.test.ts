// The invocation's view binds the contract's requests about one invocation once
// (renderer/src/invocation-requests.ts): each names the invocation the view is mounted for, with
// what the caller asked, and goes out on the bridge's method as it is at the time of the call.
import { describe, expect, it } from 'vitest';
import type { GlanceRequests, Invoke } from '../../contract/bridge.js';
import { invokeContract, type InvokeName } from '../../contract/ipc.js';
import { panelRequests } from '../../contract/panel-requests.js';
import { invocationRequests } from '../../renderer/src/invocation-requests.js';

function recordingBridge(): { api: GlanceRequests; sent: { name: InvokeName; request: unknown }[] } {
  const sent: { name: InvokeName; request: unknown }[] = [];
  const invoke = (async (name: InvokeName, request: unknown) => {
    sent.push({ name, request });
    return undefined;
  }) as Invoke;
  return { api: panelRequests(invoke), sent };
}

describe('invocationRequests', () => {
  it('binds exactly the panel channels that name an invocation, each sending a request its schema accepts', async () => {
    const { api, sent } = recordingBridge();
    const requests = invocationRequests(api, 7);
    expect(Object.keys(requests).sort()).toEqual([
      'accessibilityChoice', 'askWithoutContext', 'collectAgain', 'excludeAlways', 'locate', 'preview', 'removeAppContext', 'send', 'setAppRule', 'stop',
    ]);
    await requests.accessibilityChoice({ choice: 'once' });
    await requests.askWithoutContext();
    await requests.collectAgain();
    await requests.excludeAlways({ id: 'c1' });
    await requests.locate({ id: 'sel-1' });
    await requests.preview({ prompt: '', removedIds: [] });
    await requests.removeAppContext();
    await requests.send({ prompt: 'What is selected?', removedIds: ['a'], allowedIds: ['k'] });
    await requests.setAppRule({ rule: 'local' });
    await requests.stop();
    expect(sent).toHaveLength(10);
    for (const { name, request } of sent) {
      expect(request, name).toMatchObject({ invocation: 7 });
      const parsed = invokeContract[name].request.safeParse(request);
      expect(parsed.success, `${name}: ${parsed.success ? '' : parsed.error.message}`).toBe(true);
    }
    expect(sent.find((s) => s.name === 'locate')?.request).toEqual({ invocation: 7, id: 'sel-1' });
    expect(sent.find((s) => s.name === 'send')?.request).toEqual({ invocation: 7, prompt: 'What is selected?', removedIds: ['a'], allowedIds: ['k'] });
  });

  it('calls the bridge method as it is when the request is made', async () => {
    const { api } = recordingBridge();
    const requests = invocationRequests(api, 3);
    const located: unknown[] = [];
    // The e2e tests count locates by replacing the bridge's method after the page loaded.
    api.locate = async (request) => {
      located.push(request);
    };
    await requests.locate({ id: 'doc-1' });
    expect(located).toEqual([{ invocation: 3, id: 'doc-1' }]);
  });
});
