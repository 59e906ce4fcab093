/**
 * Where the app keeps its files, the same in Electron and browser mode so both see the same
 * accounts: the OS-conventional per-user application folder, named after the product.
 *   Linux   $XDG_CONFIG_HOME/WhiteBIT Desk  (default ~/.config/WhiteBIT Desk)
 *   macOS   ~/Library/Application Support/WhiteBIT Desk
 *   Windows %APPDATA%\WhiteBIT Desk
 * (This is also what Electron's app.getPath('userData') gives for this productName.)
 */
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export const PRODUCT_NAME = 'WhiteBIT Desk';

export function defaultUserDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  if (platform === 'win32') return join(env.APPDATA && env.APPDATA.length > 0 ? env.APPDATA : join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  const xdg = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is invalid and must be ignored.
  return join(xdg && isAbsolute(xdg) ? xdg : join(home, '.config'), PRODUCT_NAME);
}

/** `--user-data-dir <dir>` or `--user-data-dir=<dir>` from an argument list; null when absent. */
export function userDataDirFromArgs(args: readonly string[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--user-data-dir=')) return resolve(arg.slice('--user-data-dir='.length));
    if (arg === '--user-data-dir' && args[i + 1]) return resolve(args[i + 1] as string);
  }
  return null;
}
