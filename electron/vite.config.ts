/**
 * Builds the main-process side into out/electron/:
 *   main.js      Electron entry (ESM, Node 20; `electron` and every npm dependency stay external,
 *                keytar because it is native, the others because they ship in node_modules)
 *   launch.js    `npm start` launcher (Electron or browser mode)
 *   parse-worker.js  the worker thread that reads large exchange answers (services/exchange/parseOffThread.ts)
 *   chunks/      shared code and the lazily loaded simulator
 *   (the first-paint Lingui catalogs are compiled into main.js: services/i18n/catalogs.ts)
 *   preload.cjs  sandboxed preload: CommonJS, everything bundled, only `electron` required
 * The preload needs another format, so a second build runs when the first has finished.
 */
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import { lingui } from '@lingui/vite-plugin';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../out/electron', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const dependencies = [...Object.keys(manifest.dependencies ?? {}), 'electron'];
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

function isExternal(id: string): boolean {
  if (nodeBuiltins.includes(id)) return true;
  return dependencies.some((dep) => id === dep || id.startsWith(`${dep}/`));
}

const preloadBuild: InlineConfig = {
  configFile: false,
  root,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: false,
    target: 'chrome130',
    // zod comes along with the channel list; minified it is a fraction of the size to parse per window.
    minify: true,
    sourcemap: false,
    lib: { entry: fileURLToPath(new URL('./preload.ts', import.meta.url)), formats: ['cjs'], fileName: () => 'preload.cjs' },
    rolldownOptions: { external: ['electron'], output: { codeSplitting: false } },
  },
};

function buildPreloadAfterMain(): Plugin {
  return {
    name: 'desk-build-preload',
    apply: 'build',
    async closeBundle() {
      await build(preloadBuild);
    },
  };
}

export default defineConfig({
  root,
  logLevel: 'warn',
  // Lingui compiles the renderer's PO catalogs the main process words notifications with.
  plugins: [lingui({ configPath: fileURLToPath(new URL('../renderer/i18n/lingui.config.ts', import.meta.url)) }), buildPreloadAfterMain()],
  build: {
    outDir,
    emptyOutDir: true,
    ssr: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./main.ts', import.meta.url)),
        launch: fileURLToPath(new URL('./launch.ts', import.meta.url)),
        'parse-worker': fileURLToPath(new URL('./services/exchange/parseWorker.ts', import.meta.url)),
      },
      external: isExternal,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { target: 'node', noExternal: [] },
});
