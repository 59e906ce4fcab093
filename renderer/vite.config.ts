import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';

const rendererRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../out/renderer', import.meta.url));

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

// `DESK_API=http://127.0.0.1:PORT npx vite --config renderer/vite.config.ts` develops against a
// running browser-mode server (the token still comes from the URL hash).
const devApi = process.env.DESK_API;

export default defineConfig({
  root: rendererRoot,
  // Relative so the same build loads from file://, a custom protocol and the browser-mode server.
  base: './',
  // Lingui's macros (t`…`, <Trans>) turn into catalog lookups at build time through Babel; the Lingui
  // plugin compiles the imported PO catalog, so each language is its own small chunk.
  plugins: [react(), babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), lingui(), relaxCspForDevServer()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: devApi ? { proxy: { '/api': { target: devApi, changeOrigin: false } } } : {},
});
