// The IPC contract at the edge: every channel registered, foreign senders and malformed
// payloads refused before a handler runs. Only electron is mocked, and only ipcMain's two
// methods that register.ts uses.
import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../app/log/logger.js';
import { invokeContract, type InvokeHandlers, type InvokeName } from '../../contract/ipc.js';

type Listener = (event: IpcMainInvokeEvent, payload: unknown) => Promise<unknown>;
const registered = new Map<string, Listener>();
const ipcMain = {
  handle: vi.fn((channel: string, listener: Listener) => {
    registered.set(channel, listener);
  }),
  removeHandler: vi.fn((channel: string) => {
    registered.delete(channel);
  }),
} satisfies Pick<IpcMain, 'handle' | 'removeHandler'>;
vi.mock('electron', () => ({ ipcMain }));

const { registerIpc } = await import('../../main/ipc/register.js');

const RENDERER_URL = 'file:///Applications/Glance.app/Contents/Resources/app.asar/dist/renderer/index.html';
const OVERLAY_URL = 'file:///Applications/Glance.app/Contents/Resources/app.asar/dist/renderer/overlay.html';

/** Handlers that record what reached them. */
function recordingHandlers(calls: [InvokeName, unknown][]): InvokeHandlers {
  const record = (name: InvokeName) => async (request: unknown) => {
    calls.push([name, request]);
    return undefined as never;
  };
  return Object.fromEntries((Object.keys(invokeContract) as InvokeName[]).map((name) => [name, record(name)])) as unknown as InvokeHandlers;
}

/** An invoke event as Electron builds it, reduced to what the check reads. */
function eventFrom(url: string, parent: unknown = null): IpcMainInvokeEvent {
  return { senderFrame: { url, parent } } as unknown as IpcMainInvokeEvent;
}

async function call(channel: string, payload: unknown, event = eventFrom(RENDERER_URL)): Promise<unknown> {
  const listener = registered.get(channel);
  if (!listener) throw new Error(`no handler for ${channel}`);
  return listener(event, payload);
}

let calls: [InvokeName, unknown][];
let unregister: () => void;
beforeEach(() => {
  registered.clear();
  calls = [];
  unregister = registerIpc({ handlers: recordingHandlers(calls), pageUrls: { panel: RENDERER_URL, overlay: OVERLAY_URL }, logger: silentLogger });
});

describe('registerIpc', () => {
  it('registers exactly the contract channels and removes them again', () => {
    expect([...registered.keys()].sort()).toEqual(Object.values(invokeContract).map((c) => c.channel).sort());
    unregister();
    expect(registered.size).toBe(0);
  });

  it('passes a valid request from our renderer to its handler', async () => {
    await call('agent:send', { invocation: 3, prompt: 'What is this?', removedIds: ['sel-23'] });
    await call('panel:get-state', undefined);
    // A query string or fragment on our own page is still our page.
    await call('invocation:remove-app-context', { invocation: 3 }, eventFrom(`${RENDERER_URL}#review`));
    expect(calls).toEqual([
      ['send', { invocation: 3, prompt: 'What is this?', removedIds: ['sel-23'] }],
      ['getState', undefined],
      ['removeAppContext', { invocation: 3 }],
    ]);
  });

  it('answers each page only on its own channels: the overlay cannot ask, the panel cannot draw', async () => {
    await call('overlay:get-drawing', { display: 2 }, eventFrom(`${OVERLAY_URL}?display=2`));
    await expect(call('agent:send', { invocation: 1, prompt: 'hi', removedIds: [] }, eventFrom(OVERLAY_URL))).rejects.toThrow(/not the Glance panel/);
    await expect(call('overlay:get-drawing', { display: 2 })).rejects.toThrow(/not the Glance overlay/);
    expect(calls).toEqual([['getDrawing', { display: 2 }]]);
  });

  it.each([
    ['a web page', 'https://evil.example/index.html'],
    ['another local file', 'file:///Users/ada/Downloads/page.html'],
    ['a data URL', 'data:text/html,<script>1</script>'],
    ['an unparsable URL', 'not a url'],
  ])('refuses %s as the sender', async (_what, url) => {
    await expect(call('panel:get-state', undefined, eventFrom(url))).rejects.toThrow(/not the Glance panel/);
    expect(calls).toEqual([]);
  });

  it('refuses our own page inside a frame, and a missing frame', async () => {
    await expect(call('panel:get-state', undefined, eventFrom(RENDERER_URL, { url: RENDERER_URL }))).rejects.toThrow(/not the Glance panel/);
    await expect(call('panel:get-state', undefined, { senderFrame: null } as unknown as IpcMainInvokeEvent)).rejects.toThrow(/not the Glance panel/);
    expect(calls).toEqual([]);
  });

  it.each([
    ['agent:send', { invocation: 1, prompt: '', removedIds: [] }, /prompt/],
    ['agent:send', { invocation: 1, prompt: 'hi', removedIds: ['../../etc'] }, /removedIds/],
    ['agent:send', { invocation: -1, prompt: 'hi', removedIds: [] }, /invocation/],
    ['agent:send', { invocation: 1, prompt: 'hi', removedIds: [], extra: 1 }, /payload|extra/],
    ['invocation:remove-app-context', { invocation: '1' }, /invocation/],
    ['settings:save', { timeoutMs: 1 }, /timeoutMs/],
    ['settings:save', { hotkey: 'G' }, /hotkey/],
    ['shell:open-external', { url: 'file:///etc/passwd' }, /url/],
    ['shell:open-external', { url: 'javascript:alert(1)' }, /url/],
    ['panel:show-view', { view: 'devtools' }, /view/],
    ['panel:get-state', { sneaky: true }, /payload/],
    ['agent:locate', { invocation: 1, id: 'a b' }, /id/],
    ['agent:preview', { invocation: 1, prompt: 'x'.repeat(20_001), removedIds: [] }, /prompt/],
    ['secrets:set', { backend: 'offline', key: 'sk-0123456789' }, /backend/],
    ['secrets:set', { backend: 'openai', key: 'sk with spaces inside' }, /key/],
    ['secrets:set', { backend: 'openai', key: 'short' }, /key/],
    ['secrets:check-and-set', { backend: 'offline', key: 'sk-0123456789' }, /backend/],
    ['secrets:check-and-set', { backend: 'anthropic', key: 'sk with spaces inside' }, /key/],
    ['agent:local-servers', { ports: [22] }, /payload/],
    ['settings:save', { backend: 'gemini' }, /backend/],
    ['settings:save', { baseURL: 'file:///etc' }, /baseURL/],
  ])('refuses a malformed %s payload', async (channel, payload, field) => {
    await expect(call(channel, payload)).rejects.toThrow(field);
    expect(calls).toEqual([]);
  });

  it.each(['secrets:set', 'secrets:check-and-set'])('never echoes an API key in a refusal (%s)', async (channel) => {
    const key = 'sk-secret key-that-is-malformed';
    await expect(call(channel, { backend: 'openai', key })).rejects.toThrow(channel);
    await call(channel, { backend: 'openai', key }).catch((error: Error) => {
      expect(error.message).not.toContain('sk-secret');
    });
  });

  it('names the channel and fields in a refusal, never the values sent', async () => {
    const secret = 'the user typed this';
    await expect(call('agent:send', { invocation: 'x', prompt: secret, removedIds: [] })).rejects.toThrow(/agent:send/);
    await call('agent:send', { invocation: 'x', prompt: secret, removedIds: [] }).catch((error: Error) => {
      expect(error.message).not.toContain(secret);
    });
  });
});
