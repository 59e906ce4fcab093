// Imported first by main.tsx, so that the bootstrap call leaves before React and the app's
// modules are evaluated (ES modules run in import order): the main process works while they load.
import { startBootstrap } from './api/boot';
import { activateLanguage, rememberedChoice } from './i18n';

startBootstrap();

/**
 * The language's first-paint catalog is a chunk of its own that nothing in index.html names: asked for here,
 * it downloads beside the app's chunk instead of after it has run (bench:ui showed it arriving
 * last, 100–400 ms after the rest). main.tsx waits for this before the first render.
 */
export const languageReady: Promise<void> = activateLanguage(rememberedChoice(), 'firstPaint');
