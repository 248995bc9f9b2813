// The tray menu as data and the hotkey's notices: Open Glance shows the
// panel and never hides it; a hotkey another app owns (register says false), one macOS will
// not take (register throws), and one taken without Glance being told (register says yes and
// presses never arrive) are each said in words the user can act on.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { createHotkeyRegistrar, hotkeySilentHint } from '../../main/hotkey.js';
import type { TrayActions } from '../../main/ports.js';
import { trayMenu } from '../../main/tray-menu.js';
import { noticeWords } from '../../renderer/src/words/notices.js';

const HOTKEY = 'Control+Alt+Command+G';

function actions(calls: string[]): TrayActions {
  return {
    openPanel: () => calls.push('open'),
    togglePanel: () => calls.push('toggle'),
    openSettings: () => calls.push('settings'),
    trySampleNotes: () => calls.push('sample'),
    togglePause: () => calls.push('pause'),
    quit: () => calls.push('quit'),
    isPaused: () => false,
    hotkey: () => HOTKEY,
  };
}

describe('the tray menu', () => {
  it('Open Glance shows the panel (never toggles), names the hotkey and says what to do when it does nothing', () => {
    const calls: string[] = [];
    const [open] = trayMenu(actions(calls)) as [MenuItemConstructorOptions];
    expect(open).toMatchObject({ label: 'Open Glance', accelerator: HOTKEY, registerAccelerator: false });
    (open.click as () => void)();
    expect(calls).toEqual(['open']);
    expect(open.toolTip).toBe(`If pressing ${HOTKEY} does nothing, another app or macOS takes it first. Choose another hotkey in Settings.`);
    expect(hotkeySilentHint(HOTKEY)).toBe(open.toolTip);
  });
});

describe('the hotkey notices', () => {
  it('register says false: another app uses it, and where to choose another', () => {
    const registrar = createHotkeyRegistrar({ register: () => false, unregister: () => undefined }, () => undefined);
    const problem = registrar.apply(HOTKEY, false);
    expect(problem).toEqual({ kind: 'hotkey', hotkey: HOTKEY, problem: 'taken' });
    expect(problem ? noticeWords(problem) : undefined).toBe(
      `Glance could not use the hotkey ${HOTKEY}: another app already uses it. Choose another one in Glance’s settings (menu-bar icon, then Settings).`,
    );
  });

  it('register throws: not a shortcut Glance can register, and where to choose another', () => {
    const registrar = createHotkeyRegistrar({ register: () => { throw new Error('conversion failure'); }, unregister: () => undefined }, () => undefined);
    const problem = registrar.apply('Control+Nope', false);
    expect(problem).toEqual({ kind: 'hotkey', hotkey: 'Control+Nope', problem: 'invalid' });
    expect(problem ? noticeWords(problem) : undefined).toBe(
      "Glance could not use the hotkey Control+Nope: it is not a shortcut Glance can register. Choose another one in Glance’s settings (menu-bar icon, then Settings).",
    );
  });
});
