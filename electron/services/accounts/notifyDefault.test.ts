/**
 * Position alerts default to on for an account whose person never chose: a new account stores no
 * choice (the watcher reads the effective value, on), a switch stores the choice, and a choice
 * already in the settings file (on or off) is read as it is and never rewritten.
 * Real parts: settings file, OS keychain, the simulator over HTTP.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS_FILE_NAME } from '../settings/schema';
import { settingsWithAccounts, storedAccount } from '../settings/test/fixtures';
import { accountsHarness } from './test/harness';

const h = accountsHarness('notify', 12);
const service = (folder: string) => h.service({ folder });

const storedFile = (folder: string) => JSON.parse(readFileSync(join(folder, SETTINGS_FILE_NAME), 'utf8')) as { accounts: Array<Record<string, unknown>> };

describe('position alerts: on by default until the person chooses', () => {
  it('a new account stores no choice and reads as on by default; a switch is stored and kept', async () => {
    const folder = mkdtempSync(join(h.dir, 'new-'));
    const accounts = service(folder);
    const trader = h.sim.accounts[0]!;
    const { account } = await accounts.add({ name: 'Trader', region: 'custom', baseUrl: h.sim.url, apiKey: trader.apiKey, apiSecret: trader.apiSecret });
    h.added.push(account.id);
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
    const folder = mkdtempSync(join(h.dir, 'stored-'));
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
