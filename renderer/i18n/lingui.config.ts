import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The renderer's one i18n layer: messages are written in English in the code (Lingui macros) and
 * extracted to one PO catalog per language. `npm run i18n:extract` refreshes the catalogs; the
 * unit test `.ci/i18n-catalogs.test.ts` fails when a message has no Ukrainian translation.
 */
export default defineConfig({
  // The project root (Lingui would take this file's folder): catalogs and sources are named from there.
  rootDir: fileURLToPath(new URL('../..', import.meta.url)),
  sourceLocale: 'en',
  locales: ['en', 'uk'],
  catalogs: [
    {
      path: '<rootDir>/renderer/i18n/locales/{locale}',
      include: ['<rootDir>/renderer'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/node_modules/**'],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
