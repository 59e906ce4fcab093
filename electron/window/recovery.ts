/**
 * A renderer that crashed or froze must not leave a blank or dead window: the person is offered a
 * reload (or to quit) in a native dialog, which the main process can show whatever state the page
 * is in. Nothing is reloaded without asking, so a page that crashes at once cannot loop.
 */
import type { BrowserWindow, Dialog, MessageBoxOptions } from 'electron';
import type { Logger } from '../services/logging/logger';
import { APP_ENTRY_URL } from './app-protocol';

export interface RecoveryOptions {
  dialog: Pick<Dialog, 'showMessageBox'>;
  logger: Pick<Logger, 'warn' | 'error'>;
  quit: () => void;
}

const RELOAD = 0;

export function watchRendererHealth(window: BrowserWindow, options: RecoveryOptions): void {
  let asking = false;

  async function ask(message: MessageBoxOptions['message'], detail: string, third: 'Quit' | 'Wait'): Promise<void> {
    if (asking || window.isDestroyed()) return;
    asking = true;
    try {
      const { response } = await options.dialog.showMessageBox(window, {
        type: 'warning',
        buttons: ['Reload', third],
        defaultId: RELOAD,
        cancelId: 1,
        noLink: true,
        title: 'WhiteBIT Desk',
        message,
        detail,
      });
      if (window.isDestroyed()) return;
      if (response === RELOAD) void window.loadURL(APP_ENTRY_URL);
      else if (third === 'Quit') options.quit();
    } finally {
      asking = false;
    }
  }

  window.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    options.logger.error('renderer process gone', { reason: details.reason, exitCode: details.exitCode });
    void ask(
      'The window stopped working.',
      `Its page ended unexpectedly (${details.reason}). Your accounts, keys and withdrawal records are safe in the main process. Reload the window to continue.`,
      'Quit',
    );
  });

  window.on('unresponsive', () => {
    options.logger.warn('renderer unresponsive');
    void ask('The window is not responding.', 'You can wait for it, or reload it. Reloading loses nothing that was saved.', 'Wait');
  });
}
