// frontApp with an injected source standing in for get-windows (no display here): every way
// the OS can fail to tell becomes a reason that suggests --pid (and its cause, without the
// advice, for the panel), and Glance never names itself: that is a result of its own.
import { describe, expect, it } from 'vitest';
import { createOs } from '../../app/os/index.js';
import type { FrontAppSource } from '../../app/os/index.js';

const OTHER_PID = process.ppid; // a real, live process that is not us

function osWith(source: FrontAppSource, platform: NodeJS.Platform = 'linux', ownPid = process.pid) {
  return createOs({ frontAppSource: source, ownPid }, platform);
}

describe('frontApp', () => {
  it.each([null, undefined])('a source answering %s cannot tell', async (answer) => {
    const result = await osWith(async () => answer).frontApp();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/could not tell which app is in front.*--pid/);
  });

  it('a source throwing "Failed to parse process ID" cannot tell, and says why', async () => {
    const result = await osWith(async () => {
      throw new Error('Failed to parse process ID');
    }).frontApp();
    expect(result).toEqual({
      ok: false,
      reason: 'The OS could not tell which app is in front (Failed to parse process ID). Pass --pid to name the app.',
      // The same without the command line's advice, for the panel to word its own.
      cause: 'Failed to parse process ID',
    });
  });

  it('a source throwing a non-Error, or giving a bad pid, cannot tell either', async () => {
    const thrown = await osWith(() => Promise.reject('xprop: not found')).frontApp();
    expect(thrown.ok).toBe(false);
    const bad = await osWith(async () => ({ owner: { processId: 0, name: 'x' } })).frontApp();
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.reason).toMatch(/--pid/);
  });

  it('never reports our own pid: it says Glance itself is in front, as a result of its own', async () => {
    const own = await osWith(async () => ({ owner: { processId: process.pid, name: 'Glance' } })).frontApp();
    expect(own).toMatchObject({ ok: false, glanceInFront: true, reason: expect.stringMatching(/Glance itself is in front.*--pid/) });
    // An injected ownPid (the Electron main process, say) is honoured the same way.
    const injected = await osWith(async () => ({ owner: { processId: 4242 } }), 'linux', 4242).frontApp();
    expect(injected).toMatchObject({ ok: false, glanceInFront: true });
    // Any other failure is not Glance in front.
    expect(await osWith(async () => null).frontApp()).not.toHaveProperty('glanceInFront');
  });

  it('on Linux computes the bundle id from the pid (docs/protocol.md, "Bundle identifiers")', async () => {
    const result = await osWith(async () => ({ owner: { processId: OTHER_PID, name: 'Editor', bundleId: 'ignored.on.linux' } })).frontApp();
    const expected = await createOs({}, 'linux').bundleId(OTHER_PID);
    expect(result).toEqual({ ok: true, app: { pid: OTHER_PID, name: 'Editor', ...(expected === undefined ? {} : { bundleId: expected }) } });
  });

  it('on macOS takes the bundle id get-windows reports', async () => {
    const result = await osWith(async () => ({ owner: { processId: OTHER_PID, name: 'Notes', bundleId: 'com.apple.Notes' } }), 'darwin').frontApp();
    expect(result).toEqual({ ok: true, app: { pid: OTHER_PID, name: 'Notes', bundleId: 'com.apple.Notes' } });
  });

  it('an unsupported platform says so and suggests --pid', async () => {
    const result = await createOs({}, 'win32').frontApp();
    expect(result).toEqual({
      ok: false,
      reason: 'Telling which app is in front is not supported on win32. Pass --pid to name the app.',
      cause: 'telling which app is in front is not supported on win32',
    });
  });

  it.runIf(process.platform === 'linux' && !process.env['DISPLAY'])('the real get-windows without a display cannot tell, and does not throw', async () => {
    const result = await createOs().frontApp();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/could not tell which app is in front.*--pid/);
  });

  it('loads get-windows and ps-list only when asked: no static import of either in app/os', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const dir = new URL('../../app/os/', import.meta.url);
    // Every module, the accessibility reader's folder too.
    const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith('.ts'));
    expect(files).toContain('accessibility/reader.ts');
    for (const file of files) {
      const text = await readFile(new URL(file, dir), 'utf8');
      expect(text, file).not.toMatch(/^import[^;]*from '(get-windows|ps-list)'/m);
    }
  });
});
