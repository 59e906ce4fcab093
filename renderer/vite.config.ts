import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import { fileURLToPath } from 'node:url';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../out/renderer', import.meta.url));
// Kept beside the catalogs it describes (the top level holds only what the design card names).
const LINGUI_CONFIG = fileURLToPath(new URL('i18n/lingui.config.ts', import.meta.url));

/**
 * The production CSP forbids inline scripts; Vite's dev server injects one (the React refresh
 * preamble), so only while serving the CSP is relaxed. Built files keep the strict policy.
 */
function relaxCspForDevServer(): Plugin {
  return {
    name: 'desk-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace("connect-src 'self'", "connect-src 'self' ws: http://localhost:*");
    },
  };
}

/**
 * The bootstrap call (renderer/startup.ts) is an entry of its own, linked before the app's chunk:
 * the browser runs it as soon as its 2 KB (gzipped) arrive and the main process answers while the larger
 * chunk still loads and compiles. Vite bundles every script of index.html into one
 * entry, so this one is added to the built page here.
 */
function startupEntryFirst(): Plugin {
  return {
    name: 'desk-startup-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'startup');
        if (!chunk) return [];
        // async: it runs the moment it arrives, not after the document and the scripts before it. After
        // the CSP meta (a policy covers only what follows it), hence 'head', not 'head-prepend'.
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `./${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

// `DESK_API=http://127.0.0.1:PORT npx vite --config renderer/vite.config.ts` develops against a
// running browser-mode server (the token still comes from the URL hash).
const devApi = process.env.DESK_API;

export default defineConfig({
  root: rendererRoot,
  // Relative so the same build loads from file://, a custom protocol and the browser-mode server.
  base: './',
  // Lingui's macros (t`…`, <Trans>) turn into catalog lookups at build time through Babel; the Lingui
  // plugin compiles the imported PO catalog, so each language is its own small chunk.
  plugins: [react(), babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath: LINGUI_CONFIG }) }]] }), lingui({ configPath: LINGUI_CONFIG }), relaxCspForDevServer(), startupEntryFirst()],
  // Every `zod` import of the page, shared schemas included, gets the page's settings first (zod/zod.ts).
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('zod/zod.ts', import.meta.url)) },
      { find: /^zod\/mini$/, replacement: fileURLToPath(new URL('zod/mini.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), startup: fileURLToPath(new URL('startup.ts', import.meta.url)) },
      // The app's own modules do nothing when imported but define things (and import their CSS).
      // Said so, a module the first view never uses (a form field reached through the components
      // index) stays out of the first chunk and loads with the view that needs it.
      // main.tsx, startup.ts and the zod/ modules are run for what they do; stylesheets are kept as they are.
      // Rolldown's note that the plugins (Babel, for Lingui's macros) took most of the build: known, and noise in every build's output.
      checks: { pluginTimings: false },
      treeshake: { moduleSideEffects: [{ test: /[\\/]renderer[\\/](?!main\.tsx$|startup\.ts$|zod[\\/]).*\.tsx?$/, sideEffects: false }] },
      // The catalogs are named for what they hold (catalog-first-en, catalog-views-uk): both of a
      // language would otherwise be "en-<hash>.js", and bench:ui counts the first-paint one.
      output: {
        chunkFileNames: (chunk) => {
          const catalog = /[\\/]locales[\\/](first|views)[\\/](\w+)\.po$/.exec(chunk.facadeModuleId ?? '');
          return catalog ? `assets/catalog-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
    // Chromium (and Electron) preload modules natively: the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
  server: devApi ? { proxy: { '/api': { target: devApi, changeOrigin: false } } } : {},
});
