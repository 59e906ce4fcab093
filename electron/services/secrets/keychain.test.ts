/**
 * Against the REAL Secret Service: run under `.ci/with-keyring` (gnome-keyring on a private D-Bus).
 * Without a reachable keychain these tests fail on purpose; the "no keychain" behaviour has its own
 * test below, which points a child process at a D-Bus socket that does not exist.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging';
import { createKeytarKeychain, createSecretStore, KEYCHAIN_SERVICE } from './index';

const run = promisify(execFile);
const accountId = `test-${randomBytes(6).toString('hex')}`;
const keychain = createKeytarKeychain();

afterAll(async () => {
  await keychain.deleteSecret(accountId).catch(() => undefined);
});

describe('keychain (real Secret Service)', () => {
  it('stores, reads, replaces and deletes a secret under the app id', async () => {
    expect(KEYCHAIN_SERVICE).toBe('com.whitebitdesk.app');
    expect(await keychain.getSecret(accountId)).toBeNull();
    await keychain.setSecret(accountId, 'first-secret-value');
    expect(await keychain.getSecret(accountId)).toBe('first-secret-value');
    await keychain.setSecret(accountId, 'second-secret-value');
    expect(await keychain.getSecret(accountId)).toBe('second-secret-value');
    expect(await keychain.deleteSecret(accountId)).toBe(true);
    expect(await keychain.getSecret(accountId)).toBeNull();
    expect(await keychain.deleteSecret(accountId)).toBe(false);
  });

  it('keeps entries of different services apart', async () => {
    const other = createKeytarKeychain({ service: 'com.whitebitdesk.other-test' });
    await keychain.setSecret(accountId, 'app-secret-value');
    expect(await other.getSecret(accountId)).toBeNull();
    await keychain.deleteSecret(accountId);
  });

  it('registers every secret it reads or writes with the redactor', async () => {
    const logger = createLogger({ file: null });
    const store = createSecretStore(keychain, logger.redactor);
    await store.write(accountId, 'written-secret-123');
    expect(logger.redactor.containsSecret('x written-secret-123 x')).toBe(true);
    const fresh = createLogger({ file: null });
    const reader = createSecretStore(keychain, fresh.redactor);
    expect(await reader.read(accountId)).toBe('written-secret-123');
    expect(fresh.redactor.containsSecret('written-secret-123')).toBe(true);
    await store.remove(accountId);
    expect(await reader.read(accountId)).toBeNull();
  });
});

describe('keychain unreachable', () => {
  it('answers with a `keychain` error that says what to install or unlock (D-Bus socket missing)', async () => {
    const fixture = fileURLToPath(new URL('./test/keychain-without-dbus.scenario.ts', import.meta.url));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', fixture], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/desk-test-bus' },
      timeout: 20_000,
    });
    const outcomes = JSON.parse(stdout) as Array<{ ok: boolean; error?: { kind: string; message: string } }>;
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      expect(outcome.error?.kind).toBe('keychain');
      expect(outcome.error?.message).toMatch(/gnome-keyring/i);
      expect(outcome.error?.message).toMatch(/Demo account works/);
      expect(outcome.error?.message).not.toContain('fixture-secret-value');
    }
  });
});
