/**
 * Command-line flags of the launcher (`node out/electron/launch.js`), validated strictly: a typo
 * must not silently start something else.
 */
import { resolve } from 'node:path';

export interface LaunchOptions {
  /** Browser mode even when Electron is installed. */
  browser: boolean;
  /** Browser-mode port; 0 = any free port. */
  port: number;
  open: boolean;
  userDataDir: string | null;
  help: boolean;
}

export const USAGE = [
  'Usage: node out/electron/launch.js [--browser] [--port <n>] [--no-open] [--user-data-dir <dir>]',
  '  --browser              run in browser mode even when Electron is installed',
  '  --port <n>             browser-mode port on 127.0.0.1 (0-65535, 0 = any free port; default 0)',
  '  --no-open              do not open the default browser',
  '  --user-data-dir <dir>  where settings, logs and withdrawal records live',
].join('\n');

export class UsageError extends Error {}

export function parseLaunchArgs(args: readonly string[]): LaunchOptions {
  const options: LaunchOptions = { browser: false, port: 0, open: true, userDataDir: null, help: false };
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const raw = args[i] as string;
    const eq = raw.startsWith('--') ? raw.indexOf('=') : -1;
    const flag = eq === -1 ? raw : raw.slice(0, eq);
    const inline = eq === -1 ? undefined : raw.slice(eq + 1);
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    if (seen.has(flag)) throw new UsageError(`${flag} was given more than once`);
    seen.add(flag);
    switch (flag) {
      case '--browser':
      case '--no-open':
      case '--help':
        if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
        if (flag === '--browser') options.browser = true;
        else if (flag === '--no-open') options.open = false;
        else options.help = true;
        break;
      case '--port': {
        const value = takeValue();
        if (!/^\d{1,5}$/.test(value) || Number(value) > 65_535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${value}"`);
        options.port = Number(value);
        break;
      }
      case '--user-data-dir': {
        const value = takeValue();
        if (value.trim() === '' || value.includes('\0')) throw new UsageError('--user-data-dir needs a folder path');
        options.userDataDir = resolve(value);
        break;
      }
      default:
        throw new UsageError(`unknown option "${raw.slice(0, 60)}"`);
    }
  }
  return options;
}
