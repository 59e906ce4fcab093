/**
 * Command-line flags of the launcher (`node out/electron/launch.js`), validated strictly: a typo
 * must not silently start something else.
 */
import { resolve } from 'node:path';
import { flagError, parseStrictFlags } from './cli-flags';

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
  let values: { browser?: boolean; port?: string; 'no-open'?: boolean; 'user-data-dir'?: string; help?: boolean };
  let tokens: Array<{ kind: string; name?: string; rawName?: string }>;
  try {
    ({ values, tokens } = parseStrictFlags(args, {
      browser: { type: 'boolean' },
      port: { type: 'string' },
      'no-open': { type: 'boolean' },
      'user-data-dir': { type: 'string' },
      help: { type: 'boolean' },
    }) as { values: typeof values; tokens: typeof tokens });
  } catch (error) {
    throw new UsageError(plainParseError(error));
  }
  // parseArgs keeps the last of a repeated flag; two different ports in one command are a mistake.
  const seen = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option' || !token.name) continue;
    if (seen.has(token.name)) throw new UsageError(`--${token.name} was given more than once`);
    seen.add(token.name);
  }
  const options: LaunchOptions = { browser: values.browser === true, port: 0, open: values['no-open'] !== true, userDataDir: null, help: values.help === true };
  if (values.port !== undefined) {
    if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65_535) throw new UsageError(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
    options.port = Number(values.port);
  }
  const dir = values['user-data-dir'];
  if (dir !== undefined) {
    if (dir.trim() === '' || dir.includes('\0') || dir.startsWith('--')) throw new UsageError('--user-data-dir needs a folder path');
    options.userDataDir = resolve(dir);
  }
  return options;
}

/** node:util's messages, shortened to what a person typing the command needs. */
function plainParseError(error: unknown): string {
  const { code, flag: named, message } = flagError(error);
  const flag = named.startsWith('-') ? named : 'an option';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option "${flag.slice(0, 60)}"`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return message.includes('does not take an argument') ? `${flag} takes no value` : `${flag} needs a value`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${message.slice(message.indexOf("'"), 80)}`;
  return message;
}
