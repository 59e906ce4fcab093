/**
 * The language picked in Settings, for the Electron shell before the app is ready: Chromium fixes
 * its own locale (the words and date order of date fields, native dialogs) at start-up, from the
 * --lang switch, so the pick is read from the file before then. Only read, never written: the
 * settings store, which starts later, reports a file it cannot read.
 */
import { join } from 'node:path';
import type { LanguageChoice } from '../../../shared/model/settings';
import { readSettingsFile } from './read-settings-file';
import { SETTINGS_FILE_NAME } from './schema';

/** The picked language; null for "system" (the OS's), a first start, or a file that cannot be read. */
export function languagePickedIn(dir: string): Exclude<LanguageChoice, 'system'> | null {
  const found = readSettingsFile(join(dir, SETTINGS_FILE_NAME));
  if (found.kind !== 'valid') return null;
  const language = found.settings.language;
  return language === undefined || language === 'system' ? null : language;
}
