// macOS's Accessibility permission, as the app asks it (docs/accessibility.md): main's port over
// Electron's systemPreferences and shell, with only those two narrow Electron objects stood in
// for (they exist only inside Electron); and the core's reader behind it, the real Linux reader
// over an environment without a session bus.
import type { Shell, SystemPreferences } from 'electron';
import { describe, expect, it } from 'vitest';
import { behindPermission, createAccessibilityReader } from '../../app/os/accessibility/index.js';
import { createDarwinAccessibilityReader } from '../../app/os/accessibility/darwin.js';
import { STALE_PERMISSION, TERMINAL_PERMISSION } from '../../app/os/accessibility/permission.js';
import { accessibilityPermission } from '../../main/accessibility-permission.js';

// The stand-in for the macOS helper (test/os/fixtures): pid 1002 is refused as without the permission.
const STANDIN = new URL('../os/fixtures/ax-helper-standin.mjs', import.meta.url).pathname;
const REFUSED_PID = 1002;

/** Electron's two calls, recorded: whether macOS was asked to prompt, and what was opened. */
function electronEdge(trusted: boolean) {
  const prompts: boolean[] = [];
  const opened: string[] = [];
  const systemPreferences = {
    isTrustedAccessibilityClient: (prompt: boolean) => {
      prompts.push(prompt);
      return trusted;
    },
  } satisfies Pick<SystemPreferences, 'isTrustedAccessibilityClient'>;
  const shell = { openExternal: async (url: string) => void opened.push(url) } satisfies Pick<Shell, 'openExternal'>;
  return { systemPreferences, shell, prompts, opened };
}

describe('the Accessibility permission port', () => {
  it('on macOS asks without prompting before a read, and on the click adds Glance to the list and opens Privacy & Security › Accessibility', async () => {
    const edge = electronEdge(false);
    const port = accessibilityPermission(edge.systemPreferences, edge.shell, 'darwin');
    expect(port.trusted()).toBe(false);
    // `false`: macOS puts up no prompt of its own; the panel's card explains first.
    expect(edge.prompts).toEqual([false]);
    expect(await port.openSettings()).toBe(true);
    // `true` on the user's click: only the prompting form puts Glance in System Settings' list.
    expect(edge.prompts).toEqual([false, true]);
    expect(edge.opened).toEqual(['x-apple.systempreferences:com.apple.preference.security?Privacy_Accessibility']);
    expect(accessibilityPermission(electronEdge(true).systemPreferences, edge.shell, 'darwin').trusted()).toBe(true);
  });

  it('elsewhere there is no such permission: always held, no pane opened, macOS never asked', async () => {
    const edge = electronEdge(false);
    const port = accessibilityPermission(edge.systemPreferences, edge.shell, 'linux');
    expect(port.trusted()).toBe(true);
    expect(await port.openSettings()).toBe(false);
    expect(edge.prompts).toEqual([]);
    expect(edge.opened).toEqual([]);
  });
});

describe('the reader behind the permission', () => {
  it('without it answers no-permission at once and asks the reader nothing; with it the reader answers', async () => {
    let trusted = false;
    // The real reader; without a session bus it answers no-bus before starting any helper.
    const reader = behindPermission(createAccessibilityReader({ env: { PATH: process.env['PATH'] ?? '' } }, 'linux'), () => trusted);
    const refused = await reader.read(process.pid, { timeoutMs: 1000 });
    expect(refused).toMatchObject({ ok: false, code: 'no-permission' });
    expect(refused.ok ? '' : refused.reason).toMatch(/System Settings › Privacy & Security › Accessibility/);
    const selection = { text: 'x', truncated: false, rects: [], ranges: [[0, 1]] as [number, number][], handle: 'h' };
    expect(await reader.locate(process.pid, { title: 't', selection }, { timeoutMs: 1000 })).toMatchObject({ ok: false, code: 'no-permission' });
    trusted = true;
    expect(await reader.read(process.pid, { timeoutMs: 1000 })).toMatchObject({ ok: false, code: 'no-bus' });
    await reader.close();
  });
});

describe("the permission's words, by who holds it", () => {
  it('trusted by the system yet refused by the helper: an entry of another build, to remove and add again', async () => {
    const reader = behindPermission(createDarwinAccessibilityReader({ helperPath: STANDIN }), () => true);
    expect(await reader.read(REFUSED_PID, { timeoutMs: 5000 })).toEqual({ ok: false, code: 'no-permission', reason: STALE_PERMISSION });
    expect(STALE_PERMISSION).toMatch(/remove Glance with the minus button, add it again/);
    // A read the helper answers is passed on as it is.
    expect(await reader.read(1001, { timeoutMs: 5000 })).toMatchObject({ ok: true });
    await reader.close();
  });

  it("the command's reads run under its terminal's permission, and say so", async () => {
    const reader = createDarwinAccessibilityReader({ helperPath: STANDIN, permissionHolder: 'terminal' });
    const refused = await reader.read(REFUSED_PID, { timeoutMs: 5000 });
    expect(refused).toEqual({ ok: false, code: 'no-permission', reason: TERMINAL_PERMISSION });
    expect(TERMINAL_PERMISSION).toMatch(/^The terminal running `glance` does not have the Accessibility permission/);
    expect(TERMINAL_PERMISSION).not.toMatch(/Glance does not/);
    await reader.close();
  });
});
