// First: the bootstrap call leaves while everything below loads (renderer/startup.ts).
import { firstPaintLanguage, languageReady } from './startup';
// Tokens and base styles come first: component and feature stylesheets, imported by their own
// modules below, build on them and must win ties of equal specificity.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot';
import { createQueryClient } from './api/queries';
import { bootstrapSettled, seedQueryCache, takeSettledBootstrap } from './api/boot';
import { decideFirstView } from './shell/route';
import { showTextsUnavailable } from './shell/textsUnavailable';
import { releaseFirstScreen } from './shell/firstScreen';
import type { Settings } from '../shared/model/settings';
import { FIRST_SCREEN } from '../shared/model/startup';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');
const root: HTMLElement = container;

/**
 * The page may come with its first screen already rendered into #root by the main process
 * (renderer/prerender.tsx): the first commit has hydrated it (or, where it did not match, replaced
 * it), and in that commit, before the paint, #root lets go of it.
 */
function TakeOverFirstScreen({ children }: { children: ReactNode }) {
  useLayoutEffect(() => releaseFirstScreen(root), []);
  return children;
}

/**
 * How long the first render may wait for the bootstrap beyond the catalog. It usually answers
 * within tens of milliseconds (the main process fetched at launch, or read moments ago); when it
 * has to ask the exchange, the shell paints after this and the queries take the answer on arrival.
 */
const BOOTSTRAP_RENDER_WAIT_MS = 200;

// The first paint waits for the language's catalog (a small chunk that the startup entry asked for,
// with the bootstrap call, before this chunk had loaded) and, briefly, for the bootstrap. A catalog
// that failed twice (renderer/i18n tries once more) leaves the page without words: it says so and
// offers a reload, where React would have rendered nothing at all.
const textsLoaded = languageReady.then(
  () => true,
  () => false,
);
void Promise.all([textsLoaded, bootstrapSettled(BOOTSTRAP_RENDER_WAIT_MS)]).then(([loaded]) => {
  if (!loaded) {
    showTextsUnavailable(root, firstPaintLanguage);
    return;
  }
  const queryClient = createQueryClient();
  // When the bootstrap has already answered, the first render starts with settings, accounts and
  // the landing data in the cache: no loading pass in between.
  // An overview the main process already had is dated when it was answered, so "Updated N s ago"
  // stays true and the query refreshes as soon as that is older than its staleTime.
  const seeded = takeSettledBootstrap();
  seedQueryCache(queryClient, seeded);
  // With the settings at hand the first view is known now, so the first paint shows it.
  const settings = seeded.find((entry) => entry.channel === 'settings.get')?.data as { settings: Settings } | undefined;
  if (settings) decideFirstView(settings.settings.lastView, true);
  // The first screen came with its data (the embedded bootstrap): this render is the one the main
  // process made, so React hydrates it, keeping its DOM (and the layout already done) instead of
  // building, styling and laying out the whole page a second time.
  const firstScreen = root.hasAttribute(FIRST_SCREEN.pendingAttribute) && settings !== undefined;
  const tree = (
    <StrictMode>
      <TakeOverFirstScreen>
        <AppRoot queryClient={queryClient} firstScreen={firstScreen} />
      </TakeOverFirstScreen>
    </StrictMode>
  );
  if (!firstScreen) {
    createRoot(root).render(tree);
    return;
  }
  hydrateRoot(root, tree, {
    // A part that did not match (text that depends on the moment it is rendered) is rendered afresh
    // by React, which is all that is lost: a note, not an error.
    onRecoverableError: (error) => console.warn('The first screen was redrawn where it did not match:', error),
  });
});
