/**
 * Position alerts default to on for an account whose person never chose: a new account stores no
 * choice (the watcher reads the effective value, on), a switch stores the choice, and a choice
 * already in the settings file (on or off) is read as it is and never rewritten.
 * Real parts: settings file, OS keychain, the simulator over HTTP.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator';
import { createDemoProvider } from '../demo';
import { createExchangeClient } from '../exchange/client';
import { createExchangeRuntime } from '../exchange/runtime';
import { createSilentLogger } from '../logging';
import { createKeytarKeychain, createSecretStore } from '../secrets';
import { createSettingsStore } from '../settings';
import { SETTINGS_FILE_NAME } from '../settings/schema';
import { settingsWithAccounts, storedAccount } from '../settings/test/fixtures';
import { createAccountService } from './service';

const runtime = createExchangeRuntime();
const logger = createSilentLogger();
const secrets = createSecretStore(createKeytarKeychain(), logger.redactor);
let dir: string;
let sim: RunningSimulator;
const added: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desk-notify-'));
  sim = await startSimulator({ port: 0, seed: 12, rateLimits: false });
});
afterAll(async () => {
  await Promise.all(added.map((id) => secrets.remove(id).catch(() => undefined)));
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

function service(folder: string) {
  return createAccountService({
    settings: createSettingsStore({ dir: folder, logger }),
    secrets,
    demo: createDemoProvider({ start: () => Promise.reject(new Error('no demo in this test')), logger, registerSecret: () => undefined }),
    logger,
    createClient: (config) => createExchangeClient({ runtime, ...config, rateLimit: false }),
  });
}

const storedFile = (folder: string) => JSON.parse(readFileSync(join(folder, SETTINGS_FILE_NAME), 'utf8')) as { accounts: Array<Record<string, unknown>> };

describe('position alerts: on by default until the person chooses', () => {
  it('a new account stores no choice and reads as on by default; a switch is stored and kept', async () => {
    const folder = mkdtempSync(join(dir, 'new-'));
    const accounts = service(folder);
    const trader = sim.accounts[0]!;
    const { account } = await accounts.add({ name: 'Trader', region: 'custom', baseUrl: sim.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret });
    added.push(account.id);
    expect(account).toMatchObject({ notifyPositions: true, notifyPositionsByDefault: true });
    expect(storedFile(folder).accounts[0]).not.toHaveProperty('notifyPositions');

    await accounts.update({ accountId: account.id, notifyPositions: false });
    expect(storedFile(folder).accounts[0]).toMatchObject({ notifyPositions: false });
    // A new start reads the choice from the file: off, and no longer a default.
    const reread = (await service(folder).listKnown()).accounts.find((a) => a.id === account.id);
    expect(reread?.notifyPositions).toBe(false);
    expect(reread).not.toHaveProperty('notifyPositionsByDefault');

    await accounts.update({ accountId: account.id, notifyPositions: true });
    const on = (await service(folder).listKnown()).accounts.find((a) => a.id === account.id);
    expect(on).toMatchObject({ notifyPositions: true });
    expect(on).not.toHaveProperty('notifyPositionsByDefault');
  });

  it('an explicit choice already in the settings file is read as it is and the file is not rewritten', async () => {
    const folder = mkdtempSync(join(dir, 'stored-'));
    const file = settingsWithAccounts('off', 'on', 'unset');
    file.accounts[1] = { ...storedAccount('on'), notifyPositions: true };
    const { notifyPositions: _dropped, ...unset } = storedAccount('unset');
    file.accounts[2] = unset;
    const text = JSON.stringify(file, null, 2);
    writeFileSync(join(folder, SETTINGS_FILE_NAME), text);

    const listed = (await service(folder).listKnown()).accounts;
    const byId = Object.fromEntries(listed.map((a) => [a.id, a]));
    expect(byId.off).toMatchObject({ notifyPositions: false });
    expect(byId.off).not.toHaveProperty('notifyPositionsByDefault');
    expect(byId.on).toMatchObject({ notifyPositions: true });
    expect(byId.on).not.toHaveProperty('notifyPositionsByDefault');
    expect(byId.unset).toMatchObject({ notifyPositions: true, notifyPositionsByDefault: true });
    expect(readFileSync(join(folder, SETTINGS_FILE_NAME), 'utf8')).toBe(text);
  });
});
