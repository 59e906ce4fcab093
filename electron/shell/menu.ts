// The application menu: the standard roles people expect from a desktop app (so copy, paste,
// zoom and quit work with the usual shortcuts), and nothing that could expose internals in a
// release build: reload and developer tools appear only in development.
import { app, Menu, type BaseWindow, type MenuItemConstructorOptions, type WebContents } from 'electron';
import { accelerator, SHORTCUTS, type KeyCombo } from '../../shared/navigation';
import { COPYRIGHT } from './copyright';

export interface ApplicationMenuOptions {
  isDevelopment: boolean;
  productName: string;
  version: string;
}

export function buildApplicationMenuTemplate(
  options: ApplicationMenuOptions,
  platform: NodeJS.Platform = process.platform,
): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];

  if (isMac) {
    template.push({
      label: options.productName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  } else {
    // Windows and Linux have no app menu; File carries quit, and Help carries about.
    template.push({ label: '&File', submenu: [{ role: 'quit' }] });
  }

  template.push({
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  });

  const developmentItems: MenuItemConstructorOptions[] = options.isDevelopment
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : [];
  template.push({
    label: '&View',
    submenu: [
      ...developmentItems,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });

  template.push({ label: '&Go', submenu: shortcutItems(platform, (s) => s.action.kind !== 'help') });

  // Electron fills the Window menu per platform (minimize, zoom/close, bring all to front on macOS).
  template.push({ role: 'windowMenu' });

  const helpItems = shortcutItems(platform, (s) => s.action.kind === 'help');
  if (!isMac) {
    template.push({ label: '&Help', role: 'help', submenu: [...helpItems, { type: 'separator' }, { role: 'about' }] });
  } else {
    template.push({ label: 'Help', role: 'help', submenu: helpItems });
  }
  return template;
}

/**
 * The page's keyboard shortcuts (shared/navigation.ts) as menu items, so they can be found and
 * used from the menu. The page handles the keys itself (`registerAccelerator: false`: the menu
 * only shows them), and a click sends the same key press to the window, so one handler in the
 * page serves both and no extra IPC channel is needed.
 */
function shortcutItems(platform: NodeJS.Platform, which: (shortcut: (typeof SHORTCUTS)[number]) => boolean): MenuItemConstructorOptions[] {
  return SHORTCUTS.filter(which).map((shortcut) => {
    const combo = shortcut.keys[0]!;
    return {
      label: shortcut.description,
      accelerator: accelerator(combo),
      registerAccelerator: false,
      click: (_item, window) => pressKeys(window, combo, platform),
    };
  });
}

function pressKeys(window: BaseWindow | undefined, combo: KeyCombo, platform: NodeJS.Platform): void {
  const contents = (window as { webContents?: WebContents } | undefined)?.webContents;
  if (!contents || contents.isDestroyed()) return;
  const modifiers: Array<'control' | 'meta'> = combo.mod ? [platform === 'darwin' ? 'meta' : 'control'] : [];
  contents.sendInputEvent({ type: 'keyDown', keyCode: combo.key, modifiers });
  contents.sendInputEvent({ type: 'keyUp', keyCode: combo.key, modifiers });
}

/** Sets the menu for every window of the app, and what the About panel shows. Call once, after `app.whenReady()`. */
export function installApplicationMenu(options: ApplicationMenuOptions): void {
  app.setAboutPanelOptions({
    applicationName: options.productName,
    applicationVersion: options.version,
    copyright: COPYRIGHT,
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildApplicationMenuTemplate(options)));
}
