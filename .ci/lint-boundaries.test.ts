// Proves the import boundaries of docs/decisions.md are enforced by the lint, not just written down.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: '.ci/eslint.config.js' });

async function restrictedImportsIn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps Node, Electron and main-process code out of the renderer', async () => {
    const code = [
      "import { readFileSync } from 'node:fs';",
      "import path from 'path';",
      "import { ipcRenderer } from 'electron';",
      "import { createCore } from '../../electron/core';",
      'export const all = [readFileSync, path, ipcRenderer, createCore];',
    ].join('\n');
    expect(await restrictedImportsIn('renderer/features/x/X.tsx', code)).toHaveLength(4);
  });

  it('keeps shared/ free of both sides, Node and DOM globals', async () => {
    const code = [
      "import { createHmac } from 'node:crypto';",
      "import { getBridge } from '../renderer/api/bridge';",
      "import { signBody } from '../electron/services/exchange/signing';",
      'export const all = [createHmac, getBridge, signBody, window.location, process.env];',
    ].join('\n');
    expect(await restrictedImportsIn('shared/x.ts', code)).toHaveLength(5);
  });

  it('keeps renderer code out of the main process', async () => {
    expect(await restrictedImportsIn('electron/x.ts', "import { App } from '../renderer/App';\nexport const a = App;")).toHaveLength(1);
  });

  it('keeps test code out of product code in every layer, while tests may use it', async () => {
    const productImports = [
      "import { startCraftedServer } from '../exchange/test/crafted-server';",
      "import { fake } from './test/fake-electron';",
      "import { run } from '../x.scenario';",
      'export const all = [startCraftedServer, fake, run];',
    ].join('\n');
    expect(await restrictedImportsIn('electron/services/accounts/x.ts', productImports)).toHaveLength(3);
    expect(await restrictedImportsIn('renderer/features/x/X.tsx', "import { installBridge } from '../../test/setup';\nexport const a = installBridge;")).toHaveLength(1);
    expect(await restrictedImportsIn('shared/api/x.ts', "import fixture from './test/fixtures/documented-examples.json';\nexport const a = fixture;")).toHaveLength(1);
    expect(await restrictedImportsIn('electron/services/accounts/x.test.ts', productImports)).toHaveLength(0);
    expect(await restrictedImportsIn('renderer/test/helper.tsx', "import { installBridge } from './setup';\nexport const a = installBridge;")).toHaveLength(0);
  });

  it('allows what each side may use', async () => {
    expect(await restrictedImportsIn('renderer/x.ts', "import { CHANNELS } from '../shared/ipc';\nexport const a = CHANNELS;")).toEqual([]);
    expect(await restrictedImportsIn('electron/x.ts', "import { app } from 'electron';\nimport fs from 'node:fs';\nexport const a = [app, fs];")).toEqual([]);
  });
});
