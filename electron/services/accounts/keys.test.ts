/**
 * Issue 17, "Accounts and keys", against the simulator over HTTP with the real keychain and a real
 * settings file: the key test covers withdrawals without ever moving money, a refusal is
 * remembered, one key belongs to one account, and a failed add names its real cause.
 */
import { describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/errors';
import { createSilentLogger } from '../logging';
import { createKeytarKeychain, createSecretStore, type SecretStore } from '../secrets';
import { accountsHarness } from './test/harness';

const h = accountsHarness('keys', 11);
const logger = createSilentLogger();
const service = (secretStore?: SecretStore) => h.service(secretStore ? { secrets: secretStore } : {});

const keysOf = (name: string) => {
  const account = h.sim.accounts.find((a) => a.name === name);
  if (!account) throw new Error(`the simulator has no account named ${name}`);
  return { apiKey: account.apiKey, apiSecret: account.apiSecret };
};

async function addSimulatorAccount(accounts: ReturnType<typeof service>, name: string, as = name) {
  const result = await accounts.add({ name: as, region: 'custom', baseUrl: h.sim.url, ...keysOf(name) });
  h.added.push(result.account.id);
  return result;
}

describe('the key test covers withdrawals', () => {
  it('a read-only key is reported (and remembered) as unable to withdraw; nothing moved', async () => {
    const accounts = service();
    const before = h.sim.state.ledger(keysOf('Read-only').apiKey);
    const { account, report } = await addSimulatorAccount(accounts, 'Read-only');
    expect(report.withdraw).toMatchObject({ status: 'no_permission', failure: { kind: 'permission' } });
    expect(account.withdrawAccess).toMatchObject({ status: 'no_permission', source: 'key_test' });
    const listed = (await accounts.list()).accounts.find((a) => a.id === account.id);
    expect(listed?.withdrawAccess?.status).toBe('no_permission');
    expect(h.sim.state.ledger(keysOf('Read-only').apiKey)).toEqual(before);
  });

  it('a key that may withdraw is reported as such, from a request that names nothing to withdraw', async () => {
    const accounts = service();
    const { apiKey } = keysOf('Trader');
    const debitsBefore = h.sim.state.ledger(apiKey).debits.length;
    const { report } = await addSimulatorAccount(accounts, 'Trader');
    expect(report.withdraw).toEqual({ status: 'ok', checkedBy: 'fields_refused' });
    expect(h.sim.state.ledger(apiKey).debits.length).toBe(debitsBefore);
  });

  it('a refusal learned from a real withdrawal is remembered on the account', async () => {
    const accounts = service();
    const { account } = await addSimulatorAccount(accounts, 'Trader', 'Trader again');
    const refusal = { kind: 'permission', status: 403, message: 'refused', reason: 'key_lacks_permission', exchangeSaid: 'This API Key is not authorized to perform this action.' } as const;
    await accounts.recordWithdrawRefusal(account.id, refusal);
    const listed = (await accounts.list()).accounts.find((a) => a.id === account.id);
    expect(listed?.withdrawAccess).toEqual({ status: 'no_permission', reason: 'key_lacks_permission', exchangeSaid: refusal.exchangeSaid, learnedAt: expect.any(Number), source: 'withdrawal' });
  });
});

describe('one key, one account; errors name their cause', () => {
  it('the same key under another name or server is refused with the holding account\'s name', async () => {
    const accounts = service();
    await addSimulatorAccount(accounts, 'Trader', 'My trading key');
    const twin = accounts.add({ name: 'Twin', region: 'custom', baseUrl: h.sim.url.replace('127.0.0.1', 'localhost'), ...keysOf('Trader') });
    await expect(twin).rejects.toBeInstanceOf(AppFailure);
    await expect(twin).rejects.toMatchObject({ error: { kind: 'validation', reason: 'key_in_use', values: { holder: 'My trading key' }, fields: { apiKey: ['key_in_use'] } } });
  });

  it('a refused port is named by its address, not as a key problem nor as the internet', async () => {
    const accounts = service();
    const attempt = accounts.add({ name: 'Nowhere', region: 'custom', baseUrl: 'http://127.0.0.1:9', ...keysOf('Trader') });
    await expect(attempt).rejects.toMatchObject({
      error: {
        kind: 'network',
        reason: 'connection_refused',
        values: { address: 'http://127.0.0.1:9' },
      },
    });
    expect((await accounts.list()).accounts).toHaveLength(1);
  });

  it('a wrong secret is named as the exchange refusing the key pair', async () => {
    const accounts = service();
    const attempt = accounts.add({ name: 'Typo', region: 'custom', baseUrl: h.sim.url, apiKey: keysOf('Trader').apiKey, apiSecret: 'not-the-right-secret-0000' });
    await expect(attempt).rejects.toMatchObject({ error: { kind: 'auth', reason: 'bad_signature' } });
  });
});

describe('refreshes do not ask the keychain every time', () => {
  it('listKnown reads each secret once; list, a removed secret and a new key are read again', async () => {
    const keychain = createKeytarKeychain();
    let reads = 0;
    const counting = createSecretStore({ ...keychain, getSecret: (accountId) => (reads++, keychain.getSecret(accountId)) }, logger.redactor);
    const accounts = service(counting);
    const { account } = await addSimulatorAccount(accounts, 'Trader', 'Trader counted');
    const hasSecret = async (list: typeof accounts.list) => (await list()).accounts.find((a) => a.id === account.id)?.hasSecret;

    reads = 0;
    for (let i = 0; i < 3; i++) expect(await hasSecret(accounts.listKnown)).toBe(true);
    expect(reads).toBe(1);
    // The person's list always asks the keychain.
    expect(await hasSecret(accounts.list)).toBe(true);
    expect(reads).toBe(2);

    // Removed outside the app (a keychain tool): the person's list says so, and refreshes follow it.
    await keychain.deleteSecret(account.id);
    expect(await hasSecret(accounts.list)).toBe(false);
    expect(await hasSecret(accounts.listKnown)).toBe(false);
    expect(reads).toBe(3);

    // A new key forgets what was known: the next refresh listing reads the keychain again.
    await accounts.setKey({ accountId: account.id, ...keysOf('Trader') });
    reads = 0;
    expect(await hasSecret(accounts.listKnown)).toBe(true);
    expect(reads).toBe(1);
  });
});
