// Lint rules, and above all the import boundaries of docs/decisions.md: code is split by the runtime it may
// use (as VS Code layers its sources), and the lint enforces it.
//   shared/    pure TypeScript: no electron/, no renderer/, no Node built-ins, no DOM globals
//   renderer/  the sandboxed UI: no electron/, no Node built-ins, no `electron` (so no raw ipcRenderer)
//   electron/  main process: never imports renderer/ (but its PO catalogs, as data)
//   product code in any layer never imports test code (test/ folders, *.fixture, *.testing, *.scenario)
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const noNode = { group: nodeBuiltins, message: 'Node built-ins belong to the main process (electron/).' };
const noElectronModule = { regex: '^electron(/.*)?$', message: 'Only the main process and preload may use Electron.' };
const noMainCode = { group: ['**/electron/**', '../electron', '../../electron'], message: 'Talk to the main process through window.exchange (shared/ipc.ts), never by importing it.' };
// The compiled catalogs are data: the main process words its notifications with them (services/i18n).
const noRendererCode = { regex: '(^|/)renderer/(?!i18n/locales/[^/]+/[^/]+\\.po$)', message: 'The main process must not depend on renderer code.' };
const noTestCode = {
  group: ['**/test/**', './test', '../test', '**/*.test', '**/*.fixture*', '**/*.testing*', '**/*.scenario*'],
  message: 'Product code never imports test code: helpers, fakes and fixtures live under test/ folders for the tests.',
};
/** Tests (and their helpers under test/) keep their layer's boundaries but may import test code. */
const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];
const SHARED_IMPORTS = [noNode, noElectronModule, noMainCode, noRendererCode];
const RENDERER_IMPORTS = [noNode, noElectronModule, noMainCode];
const ELECTRON_IMPORTS = [noRendererCode];

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...SHARED_IMPORTS, noTestCode] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'localStorage', 'navigator'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts', 'renderer/i18n/lingui.config.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [...RENDERER_IMPORTS, noTestCode] }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Exchange data is rendered as text, never as markup.' },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...ELECTRON_IMPORTS, noTestCode] }],
    },
  },
  // The same boundaries for tests, which alone may import test helpers.
  { files: TEST_FILES.map((glob) => `shared/${glob}`), rules: { 'no-restricted-imports': ['error', { patterns: SHARED_IMPORTS }] } },
  { files: TEST_FILES.map((glob) => `renderer/${glob}`), rules: { 'no-restricted-imports': ['error', { patterns: RENDERER_IMPORTS }] } },
  { files: TEST_FILES.map((glob) => `electron/${glob}`), rules: { 'no-restricted-imports': ['error', { patterns: ELECTRON_IMPORTS }] } },
);
