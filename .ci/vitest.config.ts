import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Test files that replace the `electron` module with electron/test/fake-electron.ts. */
const ELECTRON_STAND_IN = ['electron/preload.test.ts', 'electron/window/**/*.test.ts', 'electron/shell/**/*.test.ts'];
const LINGUI_CONFIG = fileURLToPath(new URL('../renderer/i18n/lingui.config.ts', import.meta.url));

export default defineConfig({
  root,
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine.
    // Most files wait on sockets, child processes and timers, so two at a time fill the cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The main process words notifications from the renderer's PO catalogs.
        plugins: [lingui({ configPath: LINGUI_CONFIG })],
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', '.ci/**/*.test.ts'],
          exclude: ELECTRON_STAND_IN,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // One module cache per worker: importing the main process's modules again for each file
          // cost more than the tests. Every service is built per test from its arguments.
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [lingui({ configPath: LINGUI_CONFIG })],
        test: {
          // Files that mock `electron` with the stand-in: each gets its own module cache.
          name: 'electron-stand-in',
          environment: 'node',
          include: ELECTRON_STAND_IN,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        // As renderer/vite.config.ts: Lingui's macros and PO catalogs.
        plugins: [react(), babel({ plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig: getConfig({ configPath: LINGUI_CONFIG }) }]] }), lingui({ configPath: LINGUI_CONFIG })],
        test: {
          name: 'renderer',
          setupFiles: ['renderer/test/i18n-setup.ts', 'renderer/test/reset.ts'],
          environment: 'jsdom',
          // One jsdom and one module cache per worker instead of per file: setting them up again for
          // each of the many view files cost more than the tests. What a test leaves behind is reset
          // after each test in renderer/test/reset.ts.
          isolate: false,
          include: ['renderer/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
