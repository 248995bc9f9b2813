// A Keychain prompt takes the focus from the panel: while one of Glance's
// Keychain operations runs, the panel is held open (PanelPort.holdOpen; the blur guard itself
// is in panel-window.test.ts). The real composition over fake ports, the real key store on a
// temporary folder, and a safeStorage stand-in whose Keychain answers when the test says so.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMainServices } from '../../main/services.js';
import { fakeShell, xorSafeStorage } from './fake-ports.js';

let dataDir = '';
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'glance-keychain-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A safeStorage whose next decrypt, once asked to, waits for the test: the user looking at the Keychain's dialog. */
function promptingSafeStorage() {
  const base = xorSafeStorage();
  let prompting = false;
  let answer: (allowed: boolean) => void = () => undefined;
  return {
    safeStorage: {
      ...base,
      decryptStringAsync: (blob: Buffer) => {
        if (!prompting) return base.decryptStringAsync(blob);
        prompting = false;
        return new Promise<{ result: string; shouldReEncrypt: boolean }>((resolve, reject) => {
          answer = (allowed) => (allowed ? resolve(base.decryptStringAsync(blob)) : reject(new Error('denied')));
        });
      },
    },
    prompt: () => {
      prompting = true;
    },
    answer: (allowed: boolean) => answer(allowed),
  };
}

describe('the panel is held open while the Keychain asks', () => {
  it('holds while a key is read, and lets go when the user allows or denies', async () => {
    const keychain = promptingSafeStorage();
    const shell = fakeShell(dataDir, { safeStorage: keychain.safeStorage });
    const services = await createMainServices(shell.ports);
    expect((await services.handlers.setApiKey({ backend: 'openai', key: 'sk-openai-0123456789' })).problem).toBeUndefined();
    // The settings view asks which keys are stored: that reads (decrypts) the file.
    keychain.prompt();
    const allowed = services.handlers.getKeyStatus(undefined);
    await expect.poll(() => shell.holds()).toBe(1);
    keychain.answer(true);
    expect(await allowed).toEqual({ available: true, stored: { anthropic: false, openai: true } });
    expect(shell.holds()).toBe(0);

    keychain.prompt();
    const denied = services.handlers.getKeyStatus(undefined);
    await expect.poll(() => shell.holds()).toBe(1);
    keychain.answer(false);
    expect(await denied).toMatchObject({ available: false });
    expect(shell.holds()).toBe(0);
    await services.close();
  });
});
