// The application menu as data: Electron's default menu shipped, with Cmd-W
// destroying the panel, Cmd-R reloading it and Alt-Cmd-I opening DevTools in the release
// build. Glance's own menu is the app menu and Edit: copy and paste work in the fields, nothing
// reloads, inspects or closes a window, and Cmd-W does what Esc does.
import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { applicationMenu } from '../../main/menu.js';

/** Every item of the template, submenus included. */
function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

function menuWith() {
  const calls: string[] = [];
  const template = applicationMenu({
    openSettings: () => calls.push('settings'), closePanel: () => calls.push('close panel'), quit: () => calls.push('quit'),
    installCommand: () => calls.push('install command'), removeCommand: () => calls.push('remove command'),
  });
  return { template, all: items(template), calls };
}

/** Clicks an item as Electron does (its arguments are not used by ours). */
function click(item: MenuItemConstructorOptions | undefined): void {
  (item?.click as (() => void) | undefined)?.();
}

describe('the application menu', () => {
  it('is the app menu and Edit, nothing else', () => {
    expect(menuWith().template.map((item) => item.label)).toEqual(['Glance', 'Edit']);
  });

  it('has the Edit roles the fields need: undo, redo, cut, copy, paste, select all', () => {
    const roles = menuWith().all.map((item) => item.role);
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'selectAll'] as const) expect(roles).toContain(role);
  });

  it('has no reload, no DevTools, no window menu and nothing that closes a window', () => {
    const { all } = menuWith();
    const roles = all.map((item) => String(item.role ?? '').toLowerCase());
    for (const role of ['reload', 'forcereload', 'toggledevtools', 'close', 'windowmenu', 'viewmenu', 'zoomin', 'zoomout', 'resetzoom', 'togglefullscreen']) {
      expect(roles).not.toContain(role);
    }
    expect(all.map((item) => item.label ?? '').join('|')).not.toMatch(/Reload|Developer|DevTools/);
    expect(all.filter((item) => /\+(R|I)$/i.test(String(item.accelerator ?? '')))).toEqual([]);
  });

  it('Cmd-W hides the panel as Esc does (closePanel), Cmd-, opens Settings, Cmd-Q quits', () => {
    const { all, calls } = menuWith();
    const byKey = (key: string) => all.find((item) => item.accelerator === `CommandOrControl+${key}`);
    click(byKey('W'));
    click(byKey(','));
    click(byKey('Q'));
    expect(calls).toEqual(['close panel', 'settings', 'quit']);
  });

  it('offers to install the glance command onto the PATH, and to remove it, as editors do for theirs', () => {
    const { all, calls } = menuWith();
    const glance = all.find((item) => item.label === 'Glance');
    const labels = Array.isArray(glance?.submenu) ? glance.submenu.map((item) => item.label) : [];
    expect(labels).toEqual(expect.arrayContaining(['Install the glance Command', 'Remove the glance Command']));
    click(all.find((item) => item.label === 'Install the glance Command'));
    click(all.find((item) => item.label === 'Remove the glance Command'));
    expect(calls).toEqual(['install command', 'remove command']);
  });
});
