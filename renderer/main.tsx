// First: the bootstrap call leaves while everything below loads (renderer/startup.ts).
import { firstPaintLanguage, languageReady, startupFailurePage } from './startup';
// Tokens and base styles come first: component and feature stylesheets, imported by their own
// modules below, build on them and must win ties of equal specificity.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { LanguageRoot } from './i18n/LanguageRoot';
import { createQueryClient } from './api/queries';
import { bootstrapSettled, seedQueryCache, takeSettledBootstrap } from './api/boot';
import { decideFirstView } from './shell/route';
import { showTextsUnavailable } from './shell/textsUnavailable';
import { StartupFailurePage } from './features/startup/StartupFailurePage';
import { readStartupFailure } from './features/startup/readFailure';
import type { Settings } from '../shared/model/settings';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root: HTMLElement = container;

/**
 * How long the first render may wait for the bootstrap beyond the catalog. It usually answers
 * within tens of milliseconds (the main process fetched at launch, or read moments ago); when it
 * has to ask the exchange, the shell paints after this and the queries take the answer on arrival.
 */
const BOOTSTRAP_RENDER_WAIT_MS = 200;

// The first render waits for the language's catalog (a small chunk that the startup entry asked for,
// with the bootstrap call, before this chunk had loaded) and, briefly, for the bootstrap; until then
// index.html's static shell shows. A catalog that failed twice (renderer/i18n tries once more) leaves
// the page without words: it says so and offers a reload, where React would have rendered nothing.
const textsLoaded = languageReady.then(
  () => true,
  () => false,
);
if (startupFailurePage) {
  void textsLoaded.then((loaded) => {
    if (!loaded) {
      showTextsUnavailable(root, firstPaintLanguage);
      return;
    }
    createRoot(root).render(
      <StrictMode>
        <LanguageRoot>
          <StartupFailurePage failure={readStartupFailure(window.location.hash)} />
        </LanguageRoot>
      </StrictMode>,
    );
  });
} else {
  void Promise.all([textsLoaded, bootstrapSettled(BOOTSTRAP_RENDER_WAIT_MS)]).then(([loaded]) => {
    if (!loaded) {
      showTextsUnavailable(root, firstPaintLanguage);
      return;
    }
    const queryClient = createQueryClient();
    // When the bootstrap has already answered, the first render starts with settings, accounts and
    // the landing data in the cache: no loading pass in between. An overview the main process already
    // had is dated when it was answered, so "Updated N s ago" stays true and the query refreshes as
    // soon as that is older than its staleTime.
    const seeded = takeSettledBootstrap();
    seedQueryCache(queryClient, seeded);
    // With the settings at hand the first view is known now, so the first paint shows it.
    const settings = seeded.find((entry) => entry.channel === 'settings.get')?.data as { settings: Settings } | undefined;
    if (settings) decideFirstView(settings.settings.lastView, true);
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <LanguageRoot>
            <App />
          </LanguageRoot>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
