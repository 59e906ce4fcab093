/**
 * zod as the page gets it: the renderer build resolves `zod` to this module (vite.config.ts), so
 * the setting below is made before any schema is built, whichever view's chunk loads first.
 *
 * The page's CSP has no 'unsafe-eval'. zod's object schemas probe `new Function` when built, to
 * compile faster parsers; the refusal was caught, but Chromium still reported a CSP violation (in
 * Electron's developer tools console) each time a view's schemas loaded. jitless skips the probe,
 * and the page parses with the same interpreted parsers it used after the refusal. The main process,
 * which has no such policy and parses the exchange's answers on every refresh, keeps the compiled ones.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
