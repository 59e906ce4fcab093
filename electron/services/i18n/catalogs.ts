/**
 * The renderer's compiled first-paint catalogs, as data, for the words the main process raises
 * itself (desktop notifications, the tray tooltip): one Lingui instance per language, so a
 * notification reads in the language picked in the settings, as the page does. The catalogs are
 * compiled at build time by Lingui's Vite plugin (electron/vite.config.ts); nothing here renders.
 *
 * They are imported lazily: the main process run from source by plain tsx (the launcher's tests)
 * cannot import a .po file, and then starts without them; its words fall back to the English
 * source text. `catalogsReady()` settles once the attempt is over.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { resolveLanguage, type Language } from '../../../shared/i18n/language';
import type { LanguageChoice } from '../../../shared/model/settings';

const instances = new Map<Language, I18n>();
let catalogs: Record<Language, Messages> | null = null;

const loading: Promise<void> = Promise.all([import('../../../renderer/i18n/locales/first/en.po'), import('../../../renderer/i18n/locales/first/uk.po')]).then(
  ([en, uk]) => {
    catalogs = { en: en.messages, uk: uk.messages };
    instances.clear();
  },
  () => undefined,
);

/** Settles once the catalogs are loaded (or could not be: run from source without the Vite plugin). */
export function catalogsReady(): Promise<void> {
  return loading;
}

function instanceFor(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: catalogs?.[language] ?? {} } });
    instances.set(language, i18n);
  }
  return i18n;
}

/**
 * The Lingui instance for the picked language; for "system", the first of `systemLanguages` that has
 * a catalog (Electron's preferred languages, or the process locale in browser mode).
 */
export function wordsFor(choice: LanguageChoice | undefined, systemLanguages: readonly string[]): I18n {
  return instanceFor(resolveLanguage(choice, systemLanguages));
}

/** The locale of the process (LANG, else Intl's default) when no OS language list is at hand. */
export function processLanguages(): string[] {
  const fromEnv = (process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG || '').split('.')[0]?.replace('_', '-');
  return [fromEnv, Intl.DateTimeFormat().resolvedOptions().locale].filter((tag): tag is string => !!tag && tag !== 'C' && tag !== 'POSIX');
}
