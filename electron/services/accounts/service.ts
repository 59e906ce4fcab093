/**
 * Named exchange accounts: adding, changing, testing and removing them, composed from the records
 * (records.ts), their secrets (accountSecrets.ts), the client registry and the key probe.
 *
 *  - settings file: id, name, region, base URL, the public API key, notification opt-in;
 *  - keychain: the API secret, under the account's stable id;
 *  - database (identities.ts): which id each key had, so the same key added again is the same account;
 *  - renderer: AccountSummary only (masked key, `hasSecret`), never a secret.
 *
 * The built-in Demo account (`demo`) is always listed, needs no keychain and talks to the embedded
 * simulator. A new or replaced key is tested against the exchange before anything is stored.
 */
import { dirname } from 'node:path';
import { AppFailure, type AppError } from '../../../shared/errors';
import { type ParsedRequestOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID, type AccountSummary, type PermissionReport } from '../../../shared/model/accounts';
import type { Logger } from '../logging/logger';
import type { SecretStore } from '../secrets';
import type { SettingsStore, StoredAccount } from '../settings';
import { effectiveEea } from '../settings/schema';
import type { DemoProvider } from '../demo';
import { createAccountSecrets } from './accountSecrets';
import { createClientRegistry, type ClientConfig } from './clientRegistry';
import type { AccountIdentities } from './identities';
import { PROBE_BUDGET_MS, probeAreas, probeNewKey, type ProbeableClient } from './probe';
import { accountNotFound, addressAfterUpdate, baseUrlFor, fieldRefused, keyInUse, newAccountId, createAccountRecords, setThreshold } from './records';
import { withdrawAccessFromRefusal, withdrawAccessFromTest, type StoredWithdrawAccess } from './withdrawAccess';

export type { ClientConfig } from './clientRegistry';

export interface AccountServiceOptions<Client extends ProbeableClient> {
  settings: SettingsStore;
  secrets: SecretStore;
  demo: DemoProvider;
  createClient: (config: ClientConfig) => Client;
  logger: Logger;
  /** Called after anything that changes the list or the active account. */
  onChanged?: (activeAccountId: string) => void;
  now?: () => number;
  /** How long testing a key may take in all; default PROBE_BUDGET_MS (tests shorten it). */
  probeBudgetMs?: number;
  /** Which id each key had; absent (no database), a key added again gets a new id. */
  identities?: AccountIdentities | null;
  /** Throws to refuse removing the account (a withdrawal of it may still be paying out). */
  assertRemovable?: (accountId: string) => Promise<void>;
}

export interface AccountService<Client> {
  /** Every account as the person sees it, each secret's presence read from the keychain now. */
  list(): Promise<{ accounts: AccountSummary[]; activeAccountId: string }>;
  /**
   * The same list with each secret's presence as the app last read or wrote it (the keychain is
   * asked only about an account not read yet), for the work that lists accounts on every refresh:
   * balances, alerts, history. Asking the keychain about every account every few seconds cost a
   * D-Bus round trip each and CPU in the keyring daemon; a secret that has gone since
   * shows when the account's client is next built, and in `list`.
   */
  listKnown(): Promise<{ accounts: AccountSummary[]; activeAccountId: string }>;
  add(req: ParsedRequestOf<'accounts.add'>): Promise<{ account: AccountSummary; report: PermissionReport }>;
  update(req: ParsedRequestOf<'accounts.update'>): Promise<AccountSummary>;
  setKey(req: ParsedRequestOf<'accounts.setKey'>): Promise<{ account: AccountSummary; report: PermissionReport }>;
  test(req: ParsedRequestOf<'accounts.test'>): Promise<PermissionReport>;
  remove(req: ParsedRequestOf<'accounts.remove'>): Promise<{ removed: true }>;
  select(req: ParsedRequestOf<'accounts.select'>): Promise<{ activeAccountId: string }>;
  /** Whether the account is an EEA account (Travel Rule); throws `not_found` for an unknown id. */
  isEea(accountId: string): boolean;
  /** Throws `not_found` for an id that names no account (the Demo account always exists). */
  assertKnown(accountId: string): void;
  /** The exchange refused a real withdrawal for lack of access: remembered, so Send says so next time. */
  recordWithdrawRefusal(accountId: string, refusal: AppError): Promise<void>;
  /** A signed client for the account; throws `not_found` or `keychain` failures with plain words. */
  clientFor(accountId: string): Promise<Client>;
}

export function createAccountService<Client extends ProbeableClient>(options: AccountServiceOptions<Client>): AccountService<Client> {
  const probeBudgetMs = options.probeBudgetMs ?? PROBE_BUDGET_MS;
  const { settings, demo, logger, createClient } = options;
  const now = options.now ?? Date.now;
  const secrets = createAccountSecrets(options.secrets, logger);
  const records = createAccountRecords(settings, demo, options.identities, logger);
  const clients = createClientRegistry({ records, secrets, demo, createClient });

  /**
   * Settings that could not be read refuse every write; learn that before testing a key against the
   * exchange and before its secret goes into the keychain, where a failed rollback would strand it.
   */
  function refuseIfSettingsLocked(): void {
    if (settings.writeRefusal) throw new AppFailure({ kind: 'internal', reason: 'settings_unsaved', values: { folder: dirname(settings.filePath) }, message: settings.writeRefusal });
  }

  /**
   * The stored account with this key on this server, when its stored secret is this one: a retry of
   * an add whose answer the page missed. Any other account already holding the key is refused by
   * name (one key, one account): replacing a secret is `setKey`'s job, not a second add.
   */
  async function alreadyAdded(baseUrl: string, apiKey: string, apiSecret: string): Promise<StoredAccount | undefined> {
    const found = settings.read().accounts.find((a) => a.apiKey === apiKey);
    if (!found) return undefined;
    const stored = await secrets.readOrNull(found.id);
    if (found.baseUrl === baseUrl && stored === apiSecret) return found;
    throw keyInUse(found);
  }

  async function rememberWithdrawAccess(accountId: string, access: StoredWithdrawAccess): Promise<void> {
    if (accountId === DEMO_ACCOUNT_ID) return;
    try {
      await settings.update((draft) => {
        const target = draft.accounts.find((a) => a.id === accountId);
        if (target) target.withdrawAccess = access;
      });
      changed();
    } catch (error) {
      // Only a remembered hint is lost; the exchange still refuses what the key may not do.
      logger.warn('could not remember the key\'s withdrawal access', { accountId, error });
    }
  }

  function changed(): void {
    options.onChanged?.(records.activeId());
  }

  function testNewKey(baseUrl: string, apiKey: string, apiSecret: string): Promise<PermissionReport> {
    return probeNewKey(createClient({ baseUrl, credentials: { apiKey, apiSecret } }), now, probeBudgetMs, baseUrl);
  }

  async function listWith(known: boolean): Promise<{ accounts: AccountSummary[]; activeAccountId: string }> {
    const stored = settings.read().accounts;
    const present = await Promise.all(stored.map((a) => secrets.has(a.id, known)));
    return { accounts: [records.demoSummary(), ...stored.map((a, i) => records.summaryOf(a, present[i] ?? false))], activeAccountId: records.activeId() };
  }

  return {
    list: () => listWith(false),
    listKnown: () => listWith(true),

    async add(req) {
      refuseIfSettingsLocked();
      const baseUrl = baseUrlFor(req.region, req.baseUrl);
      secrets.registerForRedaction(req.apiSecret);
      const existing = await alreadyAdded(baseUrl, req.apiKey, req.apiSecret);
      if (existing) {
        // A retry of an add whose answer the page missed (it timed out while the key was saved):
        // the account is there already, so answer with it instead of making a twin.
        logger.info('account already added with this key and server; returning it', { accountId: existing.id });
        const report = await probeAreas(await clients.clientFor(existing.id), now, probeBudgetMs);
        return { account: records.summaryOf(existing, true), report };
      }
      logger.info('testing a new key before storing it', { region: req.region, baseUrl });
      const report = await testNewKey(baseUrl, req.apiKey, req.apiSecret);
      // Another add of the same key may have finished while this one was testing it.
      const finishedMeanwhile = await alreadyAdded(baseUrl, req.apiKey, req.apiSecret);
      if (finishedMeanwhile) return { account: records.summaryOf(finishedMeanwhile, true), report };
      const account: StoredAccount = {
        id: records.previousIdOf(req.apiKey) ?? newAccountId(),
        name: req.name,
        region: req.region,
        baseUrl,
        apiKey: req.apiKey,
        // Position alerts stay "not chosen" (on by default) until the person switches them.
        withdrawAccess: withdrawAccessFromTest(report),
        createdAt: now(),
      };
      await secrets.storeOrRollBack(
        account.id,
        req.apiSecret,
        () =>
          settings.update((draft) => {
            draft.accounts.push(account);
            // The first real account becomes the active one; later ones do not steal focus.
            if (!draft.accounts.some((a) => a.id === draft.activeAccountId)) draft.activeAccountId = account.id;
          }),
        null,
      );
      records.rememberIdentity(account);
      logger.info('account added', { accountId: account.id, report });
      changed();
      return { account: records.summaryOf(account, true), report };
    },

    async update(req) {
      if (req.accountId === DEMO_ACCOUNT_ID) {
        if (req.name !== undefined || req.region !== undefined || req.baseUrl !== undefined) {
          throw fieldRefused(req.name !== undefined ? 'name' : req.region !== undefined ? 'region' : 'baseUrl', 'demo_fixed');
        }
        if (req.notifyPositions !== undefined || req.eea !== undefined || req.alertThresholdPercent !== undefined) {
          const { notifyPositions, eea, alertThresholdPercent } = req;
          await settings.update((draft) => {
            if (notifyPositions !== undefined) draft.demo.notifyPositions = notifyPositions;
            if (eea !== undefined) draft.demo.eea = eea;
            setThreshold(draft.demo, alertThresholdPercent);
          });
        }
        changed();
        return records.demoSummary();
      }
      const existing = records.find(req.accountId);
      const { region, baseUrl } = addressAfterUpdate(existing, req.region, req.baseUrl);
      const updated = await settings.update((draft) => {
        const target = draft.accounts.find((a) => a.id === req.accountId);
        if (!target) throw accountNotFound(req.accountId);
        if (req.name !== undefined) target.name = req.name;
        if (req.notifyPositions !== undefined) target.notifyPositions = req.notifyPositions;
        if (req.eea !== undefined) target.eea = req.eea;
        setThreshold(target, req.alertThresholdPercent);
        target.region = region;
        target.baseUrl = baseUrl;
      });
      if (baseUrl !== existing.baseUrl) clients.forget(req.accountId);
      changed();
      const account = updated.accounts.find((a) => a.id === req.accountId);
      if (!account) throw accountNotFound(req.accountId);
      return records.summaryOf(account, await secrets.has(account.id));
    },

    async setKey(req) {
      if (req.accountId === DEMO_ACCOUNT_ID) throw fieldRefused('apiKey', 'demo_fixed');
      refuseIfSettingsLocked();
      const existing = records.find(req.accountId);
      const holder = settings.read().accounts.find((a) => a.apiKey === req.apiKey && a.id !== req.accountId);
      if (holder) throw keyInUse(holder);
      secrets.registerForRedaction(req.apiSecret);
      const report = await testNewKey(existing.baseUrl, req.apiKey, req.apiSecret);
      // An unreachable keychain reads as null here; the write below then fails with the clear `keychain` error.
      const previousSecret = await secrets.readOrNull(req.accountId);
      await secrets.storeOrRollBack(
        req.accountId,
        req.apiSecret,
        () =>
          settings.update((draft) => {
            const target = draft.accounts.find((a) => a.id === req.accountId);
            if (!target) throw accountNotFound(req.accountId);
            target.apiKey = req.apiKey;
            target.withdrawAccess = withdrawAccessFromTest(report);
          }),
        previousSecret,
      );
      clients.forget(req.accountId);
      const replaced = records.find(req.accountId);
      records.rememberIdentity(replaced);
      logger.info('account key replaced', { accountId: req.accountId, report });
      changed();
      return { account: records.summaryOf(replaced, true), report };
    },

    async test(req) {
      const client = await clients.clientFor(req.accountId);
      const report = await probeAreas(client, now, probeBudgetMs);
      logger.info('account tested', { accountId: req.accountId, report });
      await rememberWithdrawAccess(req.accountId, withdrawAccessFromTest(report));
      return report;
    },

    async remove(req) {
      if (req.accountId === DEMO_ACCOUNT_ID) throw fieldRefused('accountId', 'demo_fixed');
      records.find(req.accountId);
      await options.assertRemovable?.(req.accountId);
      await settings.update((draft) => {
        draft.accounts = draft.accounts.filter((a) => a.id !== req.accountId);
        if (draft.activeAccountId === req.accountId) draft.activeAccountId = draft.accounts[0]?.id ?? DEMO_ACCOUNT_ID;
      });
      clients.forget(req.accountId);
      try {
        await secrets.remove(req.accountId);
      } catch (error) {
        // The account is gone from the app either way; say in the log what may be left behind.
        logger.warn('account removed, but its secret could not be deleted from the keychain', { accountId: req.accountId, error });
      }
      logger.info('account removed', { accountId: req.accountId });
      changed();
      return { removed: true };
    },

    async select(req) {
      if (req.accountId !== DEMO_ACCOUNT_ID) records.find(req.accountId);
      await settings.update((draft) => {
        draft.activeAccountId = req.accountId;
      });
      changed();
      return { activeAccountId: req.accountId };
    },
    isEea(accountId) {
      if (accountId === DEMO_ACCOUNT_ID) return records.demoSummary().eea;
      return effectiveEea(records.find(accountId));
    },
    assertKnown(accountId) {
      if (accountId !== DEMO_ACCOUNT_ID) records.find(accountId);
    },
    recordWithdrawRefusal: (accountId, refusal) => rememberWithdrawAccess(accountId, withdrawAccessFromRefusal(refusal, now())),
    clientFor: (accountId) => clients.clientFor(accountId),
  };
}
