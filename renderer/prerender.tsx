/**
 * The first screen as HTML, rendered in the main process and written into the page it serves (issue
 * 14): the page paints the balances the moment its HTML and styles arrive, as a static page would,
 * instead of after its scripts have loaded, run and asked for the data. The app then hydrates this
 * markup (main.tsx) with the same data in its cache, reusing the DOM rather than building it again.
 *
 * Built on its own (`vite build --ssr`, renderer/vite.config.ts) into out/prerender, with Preact
 * (react-dom/server resolves to preact/compat's server renderer, as the page's React resolves to
 * Preact) and the other libraries inside, and loaded by the main process at launch (electron/static/firstScreen.ts).
 *
 * It renders the app itself, not a copy of its markup: the same components, fed the bootstrap
 * exactly as main.tsx feeds the page's first render (bootstrapCacheEntries), so what is painted first
 * is what the app then draws.
 */
import { renderToString } from 'react-dom/server';
import type { Messages } from '@lingui/core';
import type { RenderFirstScreen } from '../shared/model/startup';
import { AppRoot } from './AppRoot';
import { bootstrapCacheEntries, seedQueryCache } from './api/boot';
import { createQueryClient } from './api/queries';
import { savedView } from './shell/route';
import { i18n, resolveLanguage, setRequestLanguages, type Language } from './i18n';

/**
 * The first-paint catalogs, as the page loads them before its first render (renderer/startup.ts);
 * imported as the page imports them, so each stays the page's own small chunk.
 */
const FIRST_PAINT_MESSAGES: Record<Language, Messages> = {
  en: (await import('./i18n/locales/first/en.po')).messages,
  uk: (await import('./i18n/locales/first/uk.po')).messages,
};

export const renderFirstScreen: RenderFirstScreen = (boot, browserLanguages) => {
  // Only the landing view has its data in the bootstrap; another saved view paints on the page's own render.
  if (!boot.landing || savedView(boot.settings.settings.lastView) !== 'balances') return null;
  const language = resolveLanguage(boot.settings.settings.language, browserLanguages);
  const queryClient = createQueryClient();
  seedQueryCache(queryClient, bootstrapCacheEntries(boot));
  // Numbers and dates are formatted for the asking browser's languages, as the page formats them.
  setRequestLanguages(browserLanguages);
  try {
    i18n.loadAndActivate({ locale: language, messages: FIRST_PAINT_MESSAGES[language] });
    const html = renderToString(<AppRoot queryClient={queryClient} firstScreen={true} />);
    return { html, language };
  } finally {
    setRequestLanguages(null);
    // Nothing of one render outlives it (the cache would keep its entries and their timers).
    queryClient.clear();
  }
};
