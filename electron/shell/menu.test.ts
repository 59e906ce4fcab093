import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';

// The Electron binary cannot run in unit tests, so only the electron module is replaced; the menu
// code under test is real. The fakes record what the menu code hands to Electron.
const electronCalls = vi.hoisted(() => ({
  aboutPanel: [] as unknown[],
  templates: [] as MenuItemConstructorOptions[][],
  applicationMenus: [] as unknown[],
}));

vi.mock('electron', () => ({
  app: {
    setAboutPanelOptions: (options: unknown) => electronCalls.aboutPanel.push(options),
  },
  Menu: {
    buildFromTemplate: (template: MenuItemConstructorOptions[]) => {
      electronCalls.templates.push(template);
      return { builtFrom: template };
    },
    setApplicationMenu: (menu: unknown) => electronCalls.applicationMenus.push(menu),
  },
}));

import { COPYRIGHT } from './copyright';
import { buildApplicationMenuTemplate, installApplicationMenu } from './menu';

const release = { isDevelopment: false, productName: 'WhiteBIT Desk', version: '1.2.3' };
const development = { ...release, isDevelopment: true };
const DEVELOPER_ROLES = ['reload', 'forceReload', 'toggleDevTools'];

function rolesIn(items: readonly MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? rolesIn(item.submenu) : []),
  ]);
}

function labelsIn(template: MenuItemConstructorOptions[], menuLabel: string): Array<string | undefined> {
  const menu = template.find((item) => item.label?.replace('&', '') === menuLabel);
  if (!menu || !Array.isArray(menu.submenu)) throw new Error(`no ${menuLabel} menu`);
  return menu.submenu.map((item) => item.label);
}

function submenuRoles(template: MenuItemConstructorOptions[], label: string): string[] {
  const menu = template.find((item) => item.label?.replace('&', '') === label);
  if (!menu || !Array.isArray(menu.submenu)) throw new Error(`no ${label} menu`);
  return rolesIn(menu.submenu);
}

describe('installApplicationMenu', () => {
  beforeEach(() => {
    electronCalls.aboutPanel.length = 0;
    electronCalls.templates.length = 0;
    electronCalls.applicationMenus.length = 0;
  });

  it('sets the menu built from the template and the About panel name, version and copyright', () => {
    installApplicationMenu(release);

    expect(electronCalls.templates).toHaveLength(1);
    expect(electronCalls.applicationMenus).toEqual([{ builtFrom: electronCalls.templates[0] }]);
    expect(electronCalls.aboutPanel).toEqual([
      { applicationName: 'WhiteBIT Desk', applicationVersion: '1.2.3', copyright: COPYRIGHT },
    ]);
  });

  it('leaves reload and developer tools out of a release build', () => {
    installApplicationMenu(release);
    const roles = rolesIn(electronCalls.templates[0]!);

    for (const role of DEVELOPER_ROLES) expect(roles).not.toContain(role);
    expect(roles).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'quit', 'copy', 'paste']));
  });

  it('offers reload and developer tools in development', () => {
    installApplicationMenu(development);

    expect(submenuRoles(electronCalls.templates[0]!, 'View')).toEqual(expect.arrayContaining(DEVELOPER_ROLES));
  });
});

describe('buildApplicationMenuTemplate', () => {
  it('puts about, hide and quit in the macOS app menu, titled with the product name', () => {
    const template = buildApplicationMenuTemplate(release, 'darwin');

    expect(template[0]!.label).toBe('WhiteBIT Desk');
    expect(submenuRoles(template, 'WhiteBIT Desk')).toEqual(
      expect.arrayContaining(['about', 'hide', 'hideOthers', 'unhide', 'quit']),
    );
    expect(template.map((item) => item.label ?? item.role)).toEqual(['WhiteBIT Desk', '&Edit', '&View', '&Go', 'windowMenu', 'Help']);
  });

  it('has the full set of edit roles on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      expect(submenuRoles(buildApplicationMenuTemplate(release, platform), 'Edit')).toEqual([
        'undo', 'redo', 'cut', 'copy', 'paste', 'selectAll',
      ]);
    }
  });

  it('gives Windows and Linux a File menu with quit and a Help menu with about', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const template = buildApplicationMenuTemplate(release, platform);
      expect(submenuRoles(template, 'File')).toEqual(['quit']);
      expect(submenuRoles(template, 'Help')).toEqual(['about']);
      expect(labelsIn(template, 'Help')).toContain('Show keyboard shortcuts');
      expect(rolesIn(template)).toContain('windowMenu');
      expect(rolesIn(template)).not.toContain('hide');
    }
  });

  it('never includes developer roles in a release build, on any platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const roles = rolesIn(buildApplicationMenuTemplate(release, platform));
      for (const role of DEVELOPER_ROLES) expect(roles).not.toContain(role);
    }
  });
});

describe('the Go and Help menus list the page\'s keyboard shortcuts', () => {
  function goItems(platform: NodeJS.Platform) {
    const go = buildApplicationMenuTemplate(release, platform).find((item) => item.label === '&Go');
    if (!go || !Array.isArray(go.submenu)) throw new Error('no Go menu');
    return go.submenu;
  }

  it('names every view with its Ctrl/Cmd shortcut, Settings last, then refresh and search, shown but left to the page', () => {
    const items = goItems('linux');
    expect(items.map((i) => [i.label, i.accelerator])).toEqual([
      ['Open Balances', 'CmdOrCtrl+1'],
      ['Open Codes', 'CmdOrCtrl+2'],
      ['Open Positions', 'CmdOrCtrl+3'],
      ['Open Flex plans', 'CmdOrCtrl+4'],
      ['Open Withdraw', 'CmdOrCtrl+5'],
      ['Open Transactions', 'CmdOrCtrl+6'],
      ['Open History', 'CmdOrCtrl+7'],
      ['Open Accounts', 'CmdOrCtrl+8'],
      ['Open Sub-accounts', 'CmdOrCtrl+9'],
      ['Open Receive', 'CmdOrCtrl+D'],
      ['Open Alerts', 'CmdOrCtrl+0'],
      ['Open Settings', 'CmdOrCtrl+,'],
      ['Refresh the open view', 'CmdOrCtrl+R'],
      ['Search or filter the open view', 'CmdOrCtrl+F'],
    ]);
    expect(items.every((i) => i.registerAccelerator === false)).toBe(true);
  });

  it('a click presses the same keys in the window, with Cmd on macOS and Ctrl elsewhere', () => {
    for (const [platform, modifier] of [['darwin', 'meta'], ['win32', 'control']] as const) {
      const sent: unknown[] = [];
      const window = { webContents: { isDestroyed: () => false, sendInputEvent: (e: unknown) => sent.push(e) } };
      const codes = goItems(platform).find((i) => i.label === 'Open Codes')!;
      (codes.click as unknown as (item: unknown, window: unknown) => void)({}, window);
      expect(sent).toEqual([
        { type: 'keyDown', keyCode: '2', modifiers: [modifier] },
        { type: 'keyUp', keyCode: '2', modifiers: [modifier] },
      ]);
    }
    // No window (all closed on macOS): nothing to press, nothing thrown.
    const codes = goItems('darwin').find((i) => i.label === 'Open Codes')!;
    expect(() => (codes.click as unknown as (item: unknown, window: unknown) => void)({}, undefined)).not.toThrow();
  });
});
