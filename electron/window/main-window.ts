/**
 * The one application window. Its security settings come from security.ts; it shows only the
 * app:// pages and stays hidden until the first paint so it never flashes blank.
 */
import { BrowserWindow } from 'electron';
import { APP_ENTRY_URL } from './app-protocol';
import { secureWebPreferences } from './security';

const MIN_WINDOW = { width: 1024, height: 700 } as const;

export interface MainWindowOptions {
  preloadPath: string;
  isDevelopment: boolean;
  title: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    // The smallest size every view is laid out for (checked by e2e/layout.spec.ts).
    minWidth: MIN_WINDOW.width,
    minHeight: MIN_WINDOW.height,
    show: false,
    title: options.title,
    backgroundColor: '#111418',
    webPreferences: secureWebPreferences(options.preloadPath, options.isDevelopment),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}
