/**
 * The settings file: loaded once at start, and changed by read-modify-write, one change at a time.
 * No other process shares the folder (the instance lock, services/database/lock.ts, is taken
 * before the store is made), and a change reads, applies and writes without a pause, so two
 * stores in one process cannot interleave. Each change starts from the file as it is on disk: an
 * edit made by hand meanwhile is kept, or refused when it left the file unreadable.
 *
 * Nothing that could not be read is ever overwritten:
 *  - a file that is readable but not valid settings is moved aside as `settings.corrupt-<ts>.json`
 *    and the app starts clean (the user is told where the old copy went);
 *  - a file that cannot be read at all (permissions, too large, a folder in its place, a disk
 *    error) stays where it is, a copy goes to `settings.unreadable-<ts>.json` when it can be made,
 *    the app runs on defaults, and every write is refused with a clear error until a restart.
 * A folder that cannot be written (read-only or full disk) leaves reads working; each write then
 * fails with an error naming the folder and the cause.
 */
import { accessSync, constants, copyFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../../shared/errors';
import { describeFsProblem, type Logger } from '../logging';
import { readSettingsFile, SETTINGS_MAX_BYTES } from './read-settings-file';
import { writeFileAtomic } from './atomic-write';
import { removeStaleTempFiles } from './stale-temp';
import { defaultSettings, SETTINGS_FILE_NAME, SettingsFile } from './schema';

export { SETTINGS_MAX_BYTES };

/** A copy aside of an unreadable file is made up to this size; past it, the original alone is kept. */
const COPY_ASIDE_MAX_BYTES = 64 * 1024 * 1024;

export interface SettingsStore {
  /** The current settings (a copy: changing it changes nothing). */
  read(): SettingsFile;
  /** Set once at load when the user must hear about the settings file or folder; null otherwise. */
  readonly notice: string | null;
  /**
   * Why every write is refused for this run (the file on disk could not be read), or null.
   * Callers may check it before work that would be wasted if the write is refused.
   */
  readonly writeRefusal: string | null;
  /**
   * Applies a change to the settings as they are on disk now, validates the result, writes it
   * atomically; changes are applied one at a time.
   */
  update(change: (draft: SettingsFile) => void): Promise<SettingsFile>;
  readonly filePath: string;
}

export interface SettingsStoreOptions {
  dir: string;
  logger: Logger;
  now?: () => Date;
}

export function createSettingsStore(options: SettingsStoreOptions): SettingsStore {
  const { dir, logger } = options;
  const filePath = join(dir, SETTINGS_FILE_NAME);
  const now = options.now ?? (() => new Date());
  const stamp = () => now().toISOString().replace(/[:.]/g, '-');

  const folderProblem = prepareFolder();
  const staleTemps = removeStaleTempFiles(dir, SETTINGS_FILE_NAME);
  if (staleTemps.length > 0) logger.info('removed temp files left by an interrupted settings save', { files: staleTemps });
  const loaded = load();
  let current: SettingsFile = loaded.settings;
  let queue: Promise<unknown> = Promise.resolve();

  /** Null when the folder exists and looks writable; otherwise why not, in plain words. */
  function prepareFolder(): string | null {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      accessSync(dir, constants.W_OK);
      return null;
    } catch (error) {
      // No warning of its own: the notice built from this is logged and shown by the caller.
      return describeFsProblem(error);
    }
  }

  function load(): { settings: SettingsFile; notice: string | null; writeRefusal: string | null } {
    const found = readSettingsFile(filePath);
    switch (found.kind) {
      case 'valid':
      case 'missing': {
        const settings = found.kind === 'valid' ? found.settings : defaultSettings();
        const notice = folderProblem
          ? `Settings cannot be saved: the folder ${dir} cannot be written (${folderProblem}). ` +
            'The app shows what it can, but changes will not be kept until the folder is writable.'
          : null;
        return { settings, notice, writeRefusal: null };
      }
      case 'damaged':
        return { settings: defaultSettings(), notice: moveDamagedAside(found.problem), writeRefusal: null };
      case 'unreadable': {
        logger.error('settings file could not be read; it is kept as it is and settings writes are refused', { cause: found.cause });
        const copyName = found.copyable ? copyAside() : null;
        const kept = copyName ? ` A copy was kept as ${copyName} in ${dir}.` : '';
        return {
          settings: defaultSettings(),
          notice:
            `Your settings could not be read (${found.cause}), so the app shows fresh settings and will not save changes; ` +
            `the file itself is left untouched.${kept} ${found.advice}`,
          writeRefusal: `Settings could not be read (${found.cause}); the app will not overwrite them. ${found.advice}`,
        };
      }
    }
  }

  function moveDamagedAside(problem: string): string {
    const backupName = `settings.corrupt-${stamp()}.json`;
    try {
      renameSync(filePath, join(dir, backupName));
    } catch (error) {
      logger.error('corrupt settings file could not be moved aside', { error });
    }
    logger.warn('settings file was invalid and has been replaced by defaults', { problem, backupName });
    return (
      `Your settings file was damaged, so the app started with fresh settings. The old file was kept as ${backupName} ` +
      `in ${dir}. API secrets in the system keychain were not touched: add your accounts again to use them.`
    );
  }

  /** A copy of a file that can be opened but not loaded; the original stays in place regardless. */
  function copyAside(): string | null {
    const copyName = `settings.unreadable-${stamp()}.json`;
    try {
      if (statSync(filePath).size > COPY_ASIDE_MAX_BYTES) return null;
      copyFileSync(filePath, join(dir, copyName), constants.COPYFILE_EXCL);
      return copyName;
    } catch (error) {
      logger.warn('unreadable settings file could not be copied aside', { error });
      return null;
    }
  }

  function writeFailure(error: unknown): AppFailure {
    logger.error('settings file could not be written', { error });
    return new AppFailure({ kind: 'internal', reason: 'settings_unsaved', values: { folder: dir }, message: `The settings could not be saved in ${dir} (${describeFsProblem(error)}). Nothing was changed.` });
  }

  /** The settings on disk now, which a change must start from; throws when they can no longer be read. */
  function settingsOnDisk(): SettingsFile {
    const found = readSettingsFile(filePath);
    if (found.kind === 'missing') return defaultSettings();
    if (found.kind === 'valid') return found.settings;
    const why = found.kind === 'damaged' ? `it is no longer valid: ${found.problem}` : found.cause;
    logger.error('settings file changed on disk and can no longer be read; write refused', { why });
    throw new AppFailure({
      kind: 'internal',
      reason: 'settings_unsaved',
      values: { folder: dir },
      message: `The settings could not be saved in ${dir}: the settings file there can no longer be read (${why}). Nothing was changed; restart the app.`,
    });
  }

  function update(change: (draft: SettingsFile) => void): Promise<SettingsFile> {
    const run = async (): Promise<SettingsFile> => {
      if (loaded.writeRefusal) throw new AppFailure({ kind: 'internal', reason: 'settings_unsaved', values: { folder: dir }, message: loaded.writeRefusal });
      current = settingsOnDisk();
      const draft = structuredClone(current);
      change(draft);
      const next = SettingsFile.parse(draft);
      try {
        writeFileAtomic(filePath, JSON.stringify(next, null, 2) + '\n');
      } catch (error) {
        throw writeFailure(error);
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
    writeRefusal: loaded.writeRefusal,
    update,
    filePath,
  };
}
