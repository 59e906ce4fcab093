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
import { describeStartupFailure, EXIT_STARTUP_FAILED, startupFailureOf } from './services/startup/failure';
import { runElectronApp } from './window/app';
import { showStartupFailureWindow } from './window/startup-failure-window';

const buildDir = dirname(fileURLToPath(import.meta.url));

/**
 * One process per user-data folder: held for the process's life; the core shares
 * it. When another Electron app holds the folder, Electron's own single-instance lock hands over to
 * that window; when a browser-mode process holds it, there is nobody to hand over to: say so and exit.
 */
const userDataDir = userDataDirFromArgs(process.argv) ?? defaultUserDataDir();

/**
 * A start refused for a reason the person can act on: what happened, what was kept, what to do, in
 * the terminal and in a window; no stack trace. The app exits with the failure's code once the window is closed.
 */
function refuseStart(error: unknown, appStarted: boolean): void {
  const failure = startupFailureOf(error, userDataDir);
  if (!failure) throw error;
  process.stderr.write(`${describeStartupFailure(failure)}\n`);
  const exitCode = failure.code === 'folder_in_use' ? EXIT_DATA_FOLDER_IN_USE : EXIT_STARTUP_FAILED;
  const rendererDir = join(buildDir, '..', 'renderer');
  void showStartupFailureWindow({ failure, rendererDir, preloadPath: join(buildDir, 'preload.cjs'), appStarted }).finally(() => app.exit(exitCode));
}

function takeDataFolder(): boolean {
  try {
    acquireInstanceLock(userDataDir, 'electron');
    return true;
  } catch (error) {
    if (error instanceof DataFolderInUseError && error.holderMode === 'electron') return true;
    refuseStart(error, false);
    return false;
  }
}

if (takeDataFolder()) {
  const handle = runElectronApp({ buildDir, rendererDir: join(buildDir, '..', 'renderer'), version });
  // createCore refuses the folder if a browser-mode process took it meanwhile, or a newer database.
  handle.ready.catch((error: unknown) => refuseStart(error, true));
}
