/**
 * The renderer's one i18n layer (Lingui). Messages are written in English in the code through the
 * macros (`t`, `<Trans>`, `msg`), extracted into renderer/i18n/locales/{first,views}/{en,uk}.po and
 * compiled by the Vite plugin, so each catalog is its own small chunk and only the active language's
 * are loaded: the first-paint one before the first render, the views' one when a view needs it.
 *
 * The language follows the OS (navigator.languages) unless the person picked one in the settings.
 * Numbers and dates (renderer/format.ts) use the same choice through `formatLocales()`.
 */
import { i18n } from '@lingui/core';
import type { LanguageChoice } from '../../shared/model/settings';
import { LANGUAGES, resolveLanguage as resolveFrom, type Language } from '../../shared/i18n/language';

export { i18n };

export { LANGUAGES, type Language };

type Catalog = () => Promise<{ messages: Record<string, unknown> }>;

/**
 * Each language's two catalogs (renderer/i18n/lingui.config.ts): what the first paint can show, and
 * the views that load on demand. Written out, not a template, so the bundler gives each its own chunk.
 */
const catalogs: Record<Language, { firstPaint: Catalog; views: Catalog }> = {
  en: { firstPaint: withOneRetry(() => import('./locales/first/en.po')), views: withOneRetry(() => import('./locales/views/en.po')) },
  uk: { firstPaint: withOneRetry(() => import('./locales/first/uk.po')), views: withOneRetry(() => import('./locales/views/uk.po')) },
};

/**
 * A catalog's import, tried a second time when the first fails (a local file server busy for a
 * moment; Chromium fetches a module whose load failed afresh). Loading text is safe to repeat.
 */
function withOneRetry(load: Catalog): Catalog {
  return () => load().catch(() => load());
}

/** Both catalogs of a language as one set of messages (a message in both is the same in both). */
async function allMessagesOf(language: Language): Promise<Record<string, unknown>> {
  const [first, views] = await Promise.all([catalogs[language].firstPaint(), catalogs[language].views()]);
  return { ...first.messages, ...views.messages };
}

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
  return resolveFrom(choice, preferred);
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
/** The language whose on-demand catalog has been merged in (or is on its way), and that promise. */
let viewsLoaded: { language: Language; done: Promise<void> } | null = null;

/**
 * Loads the language's catalogs (once) and makes it active; resolves when the page can render it.
 * `firstPaint` (the start of the page) loads only the first-paint catalog: the views' catalog
 * follows through `viewMessagesReady`, which every lazily loaded view waits for. A change of
 * language later loads both before switching, so the open view never shows a bare message id.
 */
export function activateLanguage(choice: LanguageChoice | undefined, scope: 'all' | 'firstPaint' = 'all'): Promise<void> {
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
  const messages = scope === 'all' ? allMessagesOf(language) : catalogs[language].firstPaint().then((m) => m.messages);
  const load = messages.then((loaded) => {
    // A later choice may have superseded this one while its catalog loaded.
    if (pendingLanguage !== language) return;
    i18n.loadAndActivate({ locale: language, messages: loaded as never });
    viewsLoaded = scope === 'all' ? { language, done: Promise.resolve() } : null;
    document.documentElement.lang = language;
    pending = null;
  });
  pending = load;
  // A failed load is not kept: the next call (a Retry, another choice) tries again.
  load.catch(() => {
    if (pending === load) pending = null;
  });
  return load;
}

/**
 * Resolves once the active language's on-demand catalog (the views' messages) is merged in,
 * loading it the first time it is asked for. A failed load rejects, so the view that waited shows
 * its error and loads again on Retry; the next call tries again.
 */
export function viewMessagesReady(): Promise<void> {
  const settle = pending ?? Promise.resolve();
  return settle.then(() => {
    const language = i18n.locale as Language;
    if (viewsLoaded?.language === language) return viewsLoaded.done;
    const done = catalogs[language].views().then(({ messages }) => {
      // Merged into the active language only if it still is (a switch loads both catalogs itself).
      if (i18n.locale === language) i18n.load(language, messages as never);
    });
    viewsLoaded = { language, done };
    done.catch(() => {
      if (viewsLoaded?.done === done) viewsLoaded = null;
    });
    return done;
  });
}

/** A lazily loaded part's chunk, once its messages (the on-demand catalog) are in too. */
export function withViewMessages<M>(chunk: Promise<M>): Promise<M> {
  return Promise.all([chunk, viewMessagesReady()]).then(([module]) => module);
}
