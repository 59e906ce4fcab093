// Lint rules, and above all the import boundaries of DESIGN.md: code is split by the runtime it may
// use (as VS Code layers its sources), and the lint enforces it.
//   shared/    pure TypeScript: no electron/, no renderer/, no Node built-ins, no DOM globals
//   renderer/  the sandboxed UI: no electron/, no Node built-ins, no `electron` (so no raw ipcRenderer)
//   electron/  main process: never imports renderer/
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const noNode = { group: nodeBuiltins, message: 'Node built-ins belong to the main process (electron/).' };
const noElectronModule = { regex: '^electron(/.*)?$', message: 'Only the main process and preload may use Electron.' };
const noMainCode = { group: ['**/electron/**', '../electron', '../../electron'], message: 'Talk to the main process through window.exchange (shared/ipc.ts), never by importing it.' };
const noRendererCode = { group: ['**/renderer/**'], message: 'The main process must not depend on renderer code.' };

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
      'no-restricted-imports': ['error', { patterns: [noNode, noElectronModule, noMainCode, noRendererCode] }],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'localStorage', 'navigator'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [noNode, noElectronModule, noMainCode] }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Exchange data is rendered as text, never as markup.' },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noRendererCode] }],
    },
  },
);
