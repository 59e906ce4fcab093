/**
 * Test helper: account services against a simulator over HTTP, with the real keychain and a real
 * settings file per case. Registers its own beforeAll/afterAll; every key a test adds is listed in
 * `added` and removed from the keychain at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../simulator';
import { createDemoProvider } from '../../demo';
import { createExchangeClient } from '../../exchange/client';
import { createExchangeRuntime } from '../../exchange/runtime';
import { createSilentLogger } from '../../logging';
import { createKeytarKeychain, createSecretStore, type SecretStore } from '../../secrets';
import { createSettingsStore } from '../../settings';
import { createAccountService } from '../service';

export interface AccountsHarness {
  readonly sim: RunningSimulator;
  /** A scratch folder for this file's settings folders. */
  readonly dir: string;
  readonly secrets: SecretStore;
  /** Ids of the accounts the tests added: their secrets leave the keychain after the file. */
  readonly added: string[];
  /** An account service over `folder` (a new one under `dir` when absent). */
  service(options?: { folder?: string; secrets?: SecretStore }): ReturnType<typeof createAccountService>;
}

export function accountsHarness(name: string, seed: number): AccountsHarness {
  // The exchange runtime this file's clients share, as one core's clients do.
  const runtime = createExchangeRuntime();
  const logger = createSilentLogger();
  const secrets = createSecretStore(createKeytarKeychain(), logger.redactor);
  const added: string[] = [];
  let dir: string | undefined;
  let sim: RunningSimulator | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `desk-${name}-`));
    sim = await startSimulator({ port: 0, seed, rateLimits: false });
  });
  afterAll(async () => {
    await Promise.all(added.map((id) => secrets.remove(id).catch(() => undefined)));
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the accounts harness starts in beforeAll');
    return value;
  };

  return {
    get sim() {
      return started(sim);
    },
    get dir() {
      return started(dir);
    },
    secrets,
    added,
    service(options = {}) {
      return createAccountService({
        settings: createSettingsStore({ dir: options.folder ?? mkdtempSync(join(started(dir), 'case-')), logger }),
        secrets: options.secrets ?? secrets,
        demo: createDemoProvider({ start: () => Promise.reject(new Error('no demo in this test')), logger, registerSecret: () => undefined }),
        logger,
        // No back-off jitter: a refused port is still retried as a read, without seconds of waiting.
        createClient: (config) => createExchangeClient({ runtime, ...config, rateLimit: false, random: () => 0 }),
      });
    },
  };
}
