// The application menu: the standard roles people expect from a desktop app (so copy, paste,
// zoom and quit work with the usual shortcuts), and nothing that could expose internals in a
// release build: reload and developer tools appear only in development.
import { app, Menu, type MenuItemConstructorOptions } from 'electron';
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

  // Electron fills the Window menu per platform (minimize, zoom/close, bring all to front on macOS).
  template.push({ role: 'windowMenu' });

  if (!isMac) {
    template.push({ label: '&Help', role: 'help', submenu: [{ role: 'about' }] });
  }
  return template;
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
