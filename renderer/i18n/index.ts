/**
 * The renderer's one i18n layer (Lingui). Messages are written in English in the code through the
 * macros (`t`, `<Trans>`, `msg`), extracted into renderer/i18n/locales/{en,uk}.po and compiled by
 * the Vite plugin, so each language is its own small chunk and only the active one is loaded.
 *
 * The language follows the OS (navigator.languages) unless the person picked one in the settings.
 * Numbers and dates (renderer/format.ts) use the same choice through `formatLocales()`.
 */
import { i18n } from '@lingui/core';
import type { LanguageChoice } from '../../shared/model/settings';

export { i18n };

export const LANGUAGES = ['en', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];

// Written out, not a template, so the bundler gives each catalog its own chunk.
const loaders: Record<Language, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('./locales/en.po'),
  uk: () => import('./locales/uk.po'),
};

/**
 * navigator.languages, read once until the OS's list changes: Chromium builds a new array on each
 * read, and every formatted amount asks (formatLocales), thousands of times per table.
 */
let osLanguages: readonly string[] | null = null;
function systemLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (osLanguages === null) {
    osLanguages = navigator.languages;
    globalThis.addEventListener?.('languagechange', () => (osLanguages = null), { once: true });
  }
  return osLanguages;
}

/** The first of the OS's languages we have a catalog for; English when none. */
export function resolveLanguage(choice: LanguageChoice | undefined, preferred: readonly string[] = systemLanguages()): Language {
  if (choice === 'en' || choice === 'uk') return choice;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(base ?? '')) return base as Language;
  }
  return 'en';
}

/**
 * Locales for Intl: the OS's own list when it starts with the chosen language (so en-GB keeps its
 * dates), otherwise just the chosen language.
 */
export function formatLocales(): readonly string[] | undefined {
  const language = i18n.locale;
  if (!language) return systemLanguages();
  const preferred = systemLanguages();
  const first = preferred[0]?.toLowerCase().split('-')[0];
  return first === language ? preferred : [language];
}

// The choice is saved in the settings file; this copy only spares a flash of the wrong language
// before the settings arrive on the next start. Storage can be off: then the OS language is used.
const HINT_KEY = 'desk.language';
export function rememberedChoice(): LanguageChoice | undefined {
  try {
    const value = globalThis.localStorage?.getItem(HINT_KEY);
    return value === 'en' || value === 'uk' || value === 'system' ? value : undefined;
  } catch {
    return undefined;
  }
}

let pending: Promise<void> | null = null;
let pendingLanguage: Language | null = null;

/** Loads the language's catalog (once) and makes it active; resolves when the page can render it. */
export function activateLanguage(choice: LanguageChoice | undefined): Promise<void> {
  try {
    // At start the choice is usually the hint just read: a read (from the page's own copy of the
    // storage once it has been opened) spares a write to the browser process.
    if (choice && globalThis.localStorage?.getItem(HINT_KEY) !== choice) globalThis.localStorage?.setItem(HINT_KEY, choice);
  } catch {
    // Storage off: only the hint is lost.
  }
  const language = resolveLanguage(choice);
  if (i18n.locale === language && !pending) return Promise.resolve();
  if (pending && pendingLanguage === language) return pending;
  pendingLanguage = language;
  const load = loaders[language]().then(({ messages }) => {
    // A later choice may have superseded this one while its catalog loaded.
    if (pendingLanguage !== language) return;
    i18n.loadAndActivate({ locale: language, messages: messages as never });
    document.documentElement.lang = language;
    pending = null;
  });
  pending = load;
  return load;
}
