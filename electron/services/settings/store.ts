/**
 * Loads the settings file once at start and writes every change atomically. A file that cannot
 * be read as valid settings is never overwritten in place: it is moved aside as
 * `settings.corrupt-<timestamp>.json`, the app starts clean, and `notice` tells the user where
 * the old copy went (their secrets stay in the keychain and are untouched).
 */
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../../shared/errors';
import type { Logger } from '../logging/logger';
import { writeFileAtomic } from './atomic-write';
import { defaultSettings, SETTINGS_FILE_NAME, SettingsFile } from './schema';

export interface SettingsStore {
  /** The current settings (a copy: changing it changes nothing). */
  read(): SettingsFile;
  /** Set once at load when the file had to be replaced; null otherwise. */
  readonly notice: string | null;
  /** Applies a change, validates the result, writes it atomically; changes are applied one at a time. */
  update(change: (draft: SettingsFile) => void): Promise<SettingsFile>;
  readonly filePath: string;
}

export interface SettingsStoreOptions {
  dir: string;
  logger: Logger;
  now?: () => Date;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const filePath = join(options.dir, SETTINGS_FILE_NAME);
  const now = options.now ?? (() => new Date());
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });

  const loaded = load();
  let current: SettingsFile = loaded.settings;
  let queue: Promise<unknown> = Promise.resolve();

  function load(): { settings: SettingsFile; notice: string | null } {
    let text: string;
    try {
      text = readFileSync(filePath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { settings: defaultSettings(), notice: null };
      options.logger.error('settings file could not be opened', { error });
      return { settings: defaultSettings(), notice: 'Your settings file could not be opened, so the app is using fresh settings for now. Details are in the log.' };
    }
    let problem: string;
    try {
      const parsed = SettingsFile.safeParse(JSON.parse(text));
      if (parsed.success) return { settings: parsed.data, notice: null };
      problem = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`)
        .join('; ');
    } catch (error) {
      problem = `not valid JSON (${(error as Error).message})`;
    }
    const stamp = now().toISOString().replace(/[:.]/g, '-');
    const backupName = `settings.corrupt-${stamp}.json`;
    try {
      renameSync(filePath, join(options.dir, backupName));
    } catch (error) {
      options.logger.error('corrupt settings file could not be moved aside', { error });
    }
    options.logger.warn('settings file was invalid and has been replaced by defaults', { problem, backupName });
    return {
      settings: defaultSettings(),
      notice:
        `Your settings file was damaged, so the app started with fresh settings. The old file was kept as ${backupName} ` +
        `in ${options.dir}. API secrets in the system keychain were not touched: add your accounts again to use them.`,
    };
  }

  function update(change: (draft: SettingsFile) => void): Promise<SettingsFile> {
    const run = async (): Promise<SettingsFile> => {
      const draft = structuredClone(current);
      change(draft);
      const next = SettingsFile.parse(draft);
      try {
        writeFileAtomic(filePath, JSON.stringify(next, null, 2) + '\n');
      } catch (error) {
        options.logger.error('settings file could not be written', { error });
        const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
        throw new AppFailure({ kind: 'internal', message: `The settings could not be saved in ${options.dir} (${code}). Nothing was changed.` });
      }
      current = next;
      return structuredClone(next);
    };
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    read: () => structuredClone(current),
    notice: loaded.notice,
    update,
    filePath,
  };
}
