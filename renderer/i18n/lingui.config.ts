import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { ON_DEMAND_SOURCES } from './catalogSplit';

/**
 * The renderer's one i18n layer: messages are written in English in the code (Lingui macros) and
 * extracted to PO catalogs, two per language. `npm run i18n:extract` refreshes them; the unit test
 * `.ci/i18n-catalogs.test.ts` fails when a message has no Ukrainian translation.
 *
 * - `locales/first/{locale}.po`: the messages of everything the first paint can show (the shell,
 *   the shared components, Balances). The first render waits for this one only (the whole
 *   catalog was 14 KB gzipped in English, 4 in 5 of its messages for views not yet opened).
 * - `locales/views/{locale}.po`: the messages of the views that load on demand. It is fetched once
 *   the page has painted, and a view's chunk waits for it (renderer/i18n/index.ts).
 *
 * A message used on both sides is in both catalogs. catalogSplit.ts names the on-demand sources.
 */
const ignored = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/node_modules/**'];
// Lingui matches exclusions as globs: a folder stands for what is in it.
const onDemand = ON_DEMAND_SOURCES.map((source) => (/\.tsx?$/.test(source) ? `<rootDir>/${source}` : `<rootDir>/${source}/**`));

export default defineConfig({
  // The project root (Lingui would take this file's folder): catalogs and sources are named from there.
  rootDir: fileURLToPath(new URL('../..', import.meta.url)),
  sourceLocale: 'en',
  locales: ['en', 'uk'],
  catalogs: [
    {
      path: '<rootDir>/renderer/i18n/locales/first/{locale}',
      // shared/i18n: words the main process also raises (notifications), from the same catalogs.
      include: ['<rootDir>/renderer', '<rootDir>/shared/i18n'],
      exclude: [...ignored, ...onDemand],
    },
    {
      path: '<rootDir>/renderer/i18n/locales/views/{locale}',
      include: ON_DEMAND_SOURCES.map((source) => `<rootDir>/${source}`),
      exclude: ignored,
    },
  ],
  format: formatter({ lineNumbers: false }),
});
