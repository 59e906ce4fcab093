/**
 * Electron entry (built to out/electron/main.js). The renderer build lives beside it in
 * out/renderer; the preload is out/electron/preload.cjs.
 */
import { app } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { version } from '../package.json';
import { defaultUserDataDir, userDataDirFromArgs } from './paths';
import { acquireInstanceLock, DataFolderInUseError, EXIT_DATA_FOLDER_IN_USE } from './services/database';
import { runElectronApp } from './window/app';

const buildDir = dirname(fileURLToPath(import.meta.url));

/**
 * One process per user-data folder: held for the process's life; the core shares
 * it. When another Electron app holds the folder, Electron's own single-instance lock hands over to
 * that window; when a browser-mode process holds it, there is nobody to hand over to: say so and exit.
 */
function takeDataFolder(): boolean {
  const userDataDir = userDataDirFromArgs(process.argv) ?? defaultUserDataDir();
  try {
    acquireInstanceLock(userDataDir, 'electron');
    return true;
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    if (error.holderMode === 'electron') return true;
    process.stderr.write(`${error.message}\n`);
    app.exit(EXIT_DATA_FOLDER_IN_USE);
    return false;
  }
}

if (takeDataFolder()) {
  const handle = runElectronApp({ buildDir, rendererDir: join(buildDir, '..', 'renderer'), version });
  // createCore refuses the folder if a browser-mode process took it meanwhile.
  handle.ready.catch((error: unknown) => {
    if (!(error instanceof DataFolderInUseError)) throw error;
    process.stderr.write(`${error.message}\n`);
    app.exit(EXIT_DATA_FOLDER_IN_USE);
  });
}
