// macOS's Accessibility permission, as the app asks it (issue 23, point 4): main's port over
// Electron's systemPreferences and shell, with only those two narrow Electron objects stood in
// for (they exist only inside Electron); and the core's reader behind it, the real Linux reader
// over an environment without a session bus.
import type { Shell, SystemPreferences } from 'electron';
import { describe, expect, it } from 'vitest';
import { behindPermission, createAccessibilityReader } from '../../app/os/accessibility/index.js';
import { accessibilityPermission } from '../../main/accessibility-permission.js';

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
  it('on macOS asks without prompting, and opens Privacy & Security › Accessibility', async () => {
    const edge = electronEdge(false);
    const port = accessibilityPermission(edge.systemPreferences, edge.shell, 'darwin');
    expect(port.trusted()).toBe(false);
    // `false`: macOS puts up no prompt of its own; the panel's card explains first.
    expect(edge.prompts).toEqual([false]);
    expect(await port.openSettings()).toBe(true);
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
