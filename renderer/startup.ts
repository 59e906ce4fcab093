// Imported first by main.tsx, so that the bootstrap call leaves before React and the app's
// modules are evaluated (ES modules run in import order): the main process works while they load.
import { startBootstrap } from './api/boot';
import { activateLanguage, rememberedChoice, resolveLanguage } from './i18n';
import { isStartupFailurePage } from './features/startup/readFailure';

/** Opened by the launcher to say why the app did not start: there is no API to ask then. */
export const startupFailurePage = isStartupFailurePage(window.location.hash);
if (!startupFailurePage) startBootstrap();

/**
 * The language's first-paint catalog is a chunk of its own that nothing in index.html names: asked for here,
 * it downloads beside the app's chunk instead of after it has run (bench:ui showed it arriving
 * last, 100–400 ms after the rest). main.tsx waits for this before the first render.
 */
// The copy of the language setting remembered from the last start: the settings themselves are still
// on their way with the bootstrap, and waiting for them would put the catalog after that round trip.
const choice = rememberedChoice();
export const languageReady: Promise<void> = activateLanguage(choice, 'firstPaint');
/** The language of the first paint (the remembered choice, or the OS's): main.tsx's fallback speaks it too. */
export const firstPaintLanguage = resolveLanguage(choice);

/**
 * A page's first Intl.NumberFormat loads ICU's number data: 30-60 ms in a fresh Chromium renderer on
 * a 2-core machine, and 0.1 ms for every one after it. Left alone, the first render pays it (the
 * first amount it formats). Asked for in an idle moment while the app's chunks still arrive, it
 * costs the first render nothing; if no idle moment comes before the render, the render pays it as
 * before, and this call, coming after, costs next to nothing.
 */
if (typeof requestIdleCallback === 'function') {
  requestIdleCallback(() => new Intl.NumberFormat(firstPaintLanguage).format(0));
}
