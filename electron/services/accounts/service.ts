/**
 * Named exchange accounts: what is stored where, and the one way to get a signed client for one.
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
import { randomBytes } from 'node:crypto';
import { REGIONS } from '../../../shared/api/endpoints';
import { AppFailure, type AppError, type ErrorReason } from '../../../shared/errors';
import { isFailureReason } from '../../../shared/failures';
import { type ParsedRequestOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID, maskApiKey, type AccountSummary, type PermissionReport, type RegionName, type WithdrawAccess } from '../../../shared/model/accounts';
import type { Logger } from '../logging/logger';
import type { SecretStore } from '../secrets';
import type { SettingsStore, StoredAccount } from '../settings';
import { effectiveEea, effectiveNotifyPositions } from '../settings/schema';
import type { DemoProvider } from '../demo';
import { createClientRegistry } from './clientRegistry';
import type { AccountIdentities } from './identities';
import { PROBE_BUDGET_MS, probeAreas, probeNewKey, type ProbeableClient } from './probe';

export interface ClientConfig {
  /** The stored account the client speaks for; absent while a new key is only being tested. */
  accountId?: string;
  baseUrl: string;
  credentials: { apiKey: string; apiSecret: string };
}

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

const DEMO_NAME = 'Demo';

/** A refusal of one field, as its code (shared/failures.ts); the page words it under that field. */
function validationFailure(field: string, reason: 'demo_fixed' | 'base_url_custom_only' | 'base_url_required'): AppFailure {
  return new AppFailure({ kind: 'validation', reason, values: { field }, message: reason, fields: { [field]: [reason] } });
}

/** undefined: leave as it is; null: switch the distance alert off (the key is removed, as the schema has no null). */
function setThreshold(target: { alertThresholdPercent?: string | undefined }, value: string | null | undefined): void {
  if (value === undefined) return;
  if (value === null) delete target.alertThresholdPercent;
  else target.alertThresholdPercent = value;
}

function newAccountId(): string {
  return `acc-${randomBytes(8).toString('hex')}`;
}

function baseUrlFor(region: RegionName, customBaseUrl: string | undefined): string {
  if (region === 'custom') {
    if (!customBaseUrl) throw validationFailure('baseUrl', 'base_url_required');
    return customBaseUrl.replace(/\/+$/, '');
  }
  return REGIONS[region];
}

export function createAccountService<Client extends ProbeableClient>(options: AccountServiceOptions<Client>): AccountService<Client> {
  const probeBudgetMs = options.probeBudgetMs ?? PROBE_BUDGET_MS;
  const { settings, demo, logger } = options;
  const now = options.now ?? Date.now;
  /** Whether the keychain held each account's secret when the app last read or wrote it (listKnown). */
  const secretPresent = new Map<string, boolean>();
  // Every read records what it found and every change forgets it, whichever path makes them.
  const secrets: SecretStore = {
    ...options.secrets,
    async read(accountId) {
      const secret = await options.secrets.read(accountId);
      secretPresent.set(accountId, secret !== null);
      return secret;
    },
    async write(accountId, secret) {
      secretPresent.delete(accountId);
      await options.secrets.write(accountId, secret);
    },
    async remove(accountId) {
      secretPresent.delete(accountId);
      await options.secrets.remove(accountId);
    },
  };
  const clients = createClientRegistry(buildClient);
  for (const account of settings.read().accounts) rememberIdentity(account);

  /** The id this key had before, unless another account holds that id now (its key was replaced). */
  function previousIdOf(apiKey: string): string | undefined {
    const id = options.identities?.idFor(apiKey);
    return id !== undefined && !settings.read().accounts.some((a) => a.id === id) ? id : undefined;
  }

  function rememberIdentity(account: StoredAccount): void {
    try {
      options.identities?.remember(account.apiKey, account.id);
    } catch (error) {
      // Only the link back is lost: the account works, and a key added again would get a new id.
      logger.warn('could not remember which account this key belongs to', { accountId: account.id, error });
    }
  }

  function notFound(accountId: string): AppFailure {
    return new AppFailure({ kind: 'not_found', reason: 'account_unknown', message: `There is no account with id "${accountId}". It may have been removed.` });
  }

  function findStored(accountId: string): StoredAccount {
    const account = settings.read().accounts.find((a) => a.id === accountId);
    if (!account) throw notFound(accountId);
    return account;
  }

  function effectiveActiveId(): string {
    const current = settings.read();
    return current.accounts.some((a) => a.id === current.activeAccountId) ? current.activeAccountId : DEMO_ACCOUNT_ID;
  }

  function demoSummary(): AccountSummary {
    const running = demo.current();
    return {
      id: DEMO_ACCOUNT_ID,
      name: DEMO_NAME,
      region: 'custom',
      baseUrl: running?.baseUrl ?? 'built-in simulator (starts on first use)',
      isDemo: true,
      apiKeyMasked: running ? maskApiKey(running.credentials.apiKey) : null,
      hasSecret: true,
      notifyPositions: settings.read().demo.notifyPositions,
      alertThresholdPercent: settings.read().demo.alertThresholdPercent ?? null,
      eea: effectiveEea({ region: 'custom', eea: settings.read().demo.eea }),
    };
  }

  /** A lost or unreachable keychain entry shows as `hasSecret: false`; it never hides the account. */
  async function hasSecret(accountId: string, known = false): Promise<boolean> {
    const present = known ? secretPresent.get(accountId) : undefined;
    if (present !== undefined) return present;
    try {
      return (await secrets.read(accountId)) !== null;
    } catch {
      return false;
    }
  }

  function summaryOf(account: StoredAccount, secretPresent: boolean): AccountSummary {
    return {
      id: account.id,
      name: account.name,
      region: account.region,
      baseUrl: account.baseUrl,
      isDemo: false,
      apiKeyMasked: maskApiKey(account.apiKey),
      hasSecret: secretPresent,
      notifyPositions: effectiveNotifyPositions(account),
      ...(account.notifyPositions === undefined ? { notifyPositionsByDefault: true } : {}),
      alertThresholdPercent: account.alertThresholdPercent ?? null,
      eea: effectiveEea(account),
      ...(account.withdrawAccess ? { withdrawAccess: withdrawAccessSummary(account.withdrawAccess) } : {}),
    };
  }

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
    let stored: string | null;
    try {
      stored = await secrets.read(found.id);
    } catch {
      stored = null;
    }
    if (found.baseUrl === baseUrl && stored === apiSecret) return found;
    throw keyInUse(found);
  }

  function keyInUse(holder: StoredAccount): AppFailure {
    return new AppFailure({
      kind: 'validation',
      reason: 'key_in_use',
      values: { holder: holder.name },
      message: `This API key is already used by the account "${holder.name}".`,
      fields: { apiKey: ['key_in_use'] },
    });
  }

  /** Remembers what a key test said about withdrawing with the account's key. */
  function withdrawAccessFrom(report: PermissionReport): NonNullable<StoredAccount['withdrawAccess']> {
    return { status: report.withdraw.status, ...refusalOf(report.withdraw.failure), learnedAt: report.testedAt, source: 'key_test' };
  }

  async function rememberWithdrawAccess(accountId: string, access: NonNullable<StoredAccount['withdrawAccess']>): Promise<void> {
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
    options.onChanged?.(effectiveActiveId());
  }

  async function storeKeyOrRollBack(accountId: string, apiSecret: string, persist: () => Promise<unknown>, previousSecret: string | null): Promise<void> {
    await secrets.write(accountId, apiSecret);
    try {
      await persist();
    } catch (error) {
      // The settings file could not be written: put the keychain back as it was, so the two agree.
      logger.error('settings write failed after the keychain was updated; rolling the keychain back', { accountId, error });
      try {
        if (previousSecret === null) await secrets.remove(accountId);
        else await secrets.write(accountId, previousSecret);
      } catch (rollbackError) {
        logger.error('keychain rollback failed', { accountId, error: rollbackError });
      }
      throw error;
    }
  }

  async function buildClient(accountId: string): Promise<Client> {
    if (accountId === DEMO_ACCOUNT_ID) return options.createClient({ ...(await demo.connect()), accountId });
    const account = findStored(accountId);
    const secret = await secrets.read(accountId);
    if (secret === null) {
      const missing: AppError = {
        kind: 'keychain',
        reason: 'secret_missing',
        values: { account: account.name },
        message: `The system keychain no longer holds the API secret for "${account.name}". Enter the secret again (Accounts, Replace key) to use this account.`,
      };
      throw new AppFailure(missing);
    }
    return options.createClient({ accountId, baseUrl: account.baseUrl, credentials: { apiKey: account.apiKey, apiSecret: secret } });
  }

  function clientFor(accountId: string): Promise<Client> {
    return clients.clientFor(accountId);
  }

  async function listWith(known: boolean): Promise<{ accounts: AccountSummary[]; activeAccountId: string }> {
    const stored = settings.read().accounts;
    const present = await Promise.all(stored.map((a) => hasSecret(a.id, known)));
    return { accounts: [demoSummary(), ...stored.map((a, i) => summaryOf(a, present[i] ?? false))], activeAccountId: effectiveActiveId() };
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
        const report = await probeAreas(await clientFor(existing.id), now, probeBudgetMs);
        return { account: summaryOf(existing, true), report };
      }
      logger.info('testing a new key before storing it', { region: req.region, baseUrl });
      const report = await probeNewKey(options.createClient({ baseUrl, credentials: { apiKey: req.apiKey, apiSecret: req.apiSecret } }), now, probeBudgetMs, baseUrl);
      // Another add of the same key may have finished while this one was testing it.
      const finishedMeanwhile = await alreadyAdded(baseUrl, req.apiKey, req.apiSecret);
      if (finishedMeanwhile) return { account: summaryOf(finishedMeanwhile, true), report };
      const account: StoredAccount = {
        id: previousIdOf(req.apiKey) ?? newAccountId(),
        name: req.name,
        region: req.region,
        baseUrl,
        apiKey: req.apiKey,
        // Position alerts stay "not chosen" (on by default) until the person switches them.
        withdrawAccess: withdrawAccessFrom(report),
        createdAt: now(),
      };
      await storeKeyOrRollBack(
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
      rememberIdentity(account);
      logger.info('account added', { accountId: account.id, report });
      changed();
      return { account: summaryOf(account, true), report };
    },

    async update(req) {
      if (req.accountId === DEMO_ACCOUNT_ID) {
        if (req.name !== undefined || req.region !== undefined || req.baseUrl !== undefined) {
          throw validationFailure(req.name !== undefined ? 'name' : req.region !== undefined ? 'region' : 'baseUrl', 'demo_fixed');
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
        return demoSummary();
      }
      const existing = findStored(req.accountId);
      const region = req.region ?? existing.region;
      let baseUrl = existing.baseUrl;
      if (region === 'custom') {
        baseUrl = baseUrlFor('custom', req.baseUrl ?? (existing.region === 'custom' ? existing.baseUrl : undefined));
      } else {
        if (req.baseUrl !== undefined && req.region === undefined) {
          throw validationFailure('baseUrl', 'base_url_custom_only');
        }
        baseUrl = REGIONS[region];
      }
      const updated = await settings.update((draft) => {
        const target = draft.accounts.find((a) => a.id === req.accountId);
        if (!target) throw notFound(req.accountId);
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
      if (!account) throw notFound(req.accountId);
      return summaryOf(account, await hasSecret(account.id));
    },

    async setKey(req) {
      if (req.accountId === DEMO_ACCOUNT_ID) throw validationFailure('apiKey', 'demo_fixed');
      refuseIfSettingsLocked();
      const existing = findStored(req.accountId);
      const holder = settings.read().accounts.find((a) => a.apiKey === req.apiKey && a.id !== req.accountId);
      if (holder) throw keyInUse(holder);
      secrets.registerForRedaction(req.apiSecret);
      const report = await probeNewKey(options.createClient({ baseUrl: existing.baseUrl, credentials: { apiKey: req.apiKey, apiSecret: req.apiSecret } }), now, probeBudgetMs, existing.baseUrl);
      let previousSecret: string | null = null;
      try {
        previousSecret = await secrets.read(req.accountId);
      } catch {
        // Unreachable keychain: the write below fails with the clear `keychain` error.
      }
      await storeKeyOrRollBack(
        req.accountId,
        req.apiSecret,
        () =>
          settings.update((draft) => {
            const target = draft.accounts.find((a) => a.id === req.accountId);
            if (!target) throw notFound(req.accountId);
            target.apiKey = req.apiKey;
            target.withdrawAccess = withdrawAccessFrom(report);
          }),
        previousSecret,
      );
      clients.forget(req.accountId);
      const replaced = findStored(req.accountId);
      rememberIdentity(replaced);
      logger.info('account key replaced', { accountId: req.accountId, report });
      changed();
      return { account: summaryOf(replaced, true), report };
    },

    async test(req) {
      const client = await clientFor(req.accountId);
      const report = await probeAreas(client, now, probeBudgetMs);
      logger.info('account tested', { accountId: req.accountId, report });
      await rememberWithdrawAccess(req.accountId, withdrawAccessFrom(report));
      return report;
    },

    async remove(req) {
      if (req.accountId === DEMO_ACCOUNT_ID) throw validationFailure('accountId', 'demo_fixed');
      findStored(req.accountId);
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
      if (req.accountId !== DEMO_ACCOUNT_ID) findStored(req.accountId);
      await settings.update((draft) => {
        draft.activeAccountId = req.accountId;
      });
      changed();
      return { activeAccountId: req.accountId };
    },
    isEea(accountId) {
      if (accountId === DEMO_ACCOUNT_ID) return demoSummary().eea;
      return effectiveEea(findStored(accountId));
    },
    assertKnown(accountId) {
      if (accountId !== DEMO_ACCOUNT_ID) findStored(accountId);
    },
    recordWithdrawRefusal: (accountId, refusal) => rememberWithdrawAccess(accountId, { status: 'no_permission', ...refusalOf(refusal), learnedAt: now(), source: 'withdrawal' }),
    clientFor,
  };
}

/** What is kept of a withdrawal refusal: its code and the exchange's own words, never our sentence. */
function refusalOf(failure: AppError | undefined): { reason?: ErrorReason; exchangeSaid?: string } {
  return {
    ...(failure?.reason !== undefined ? { reason: failure.reason } : {}),
    ...(failure?.exchangeSaid !== undefined ? { exchangeSaid: failure.exchangeSaid.slice(0, 1000) } : {}),
  };
}

/** The page's view of it: a `message` kept from older versions was our English and is not shown. */
function withdrawAccessSummary(stored: NonNullable<StoredAccount['withdrawAccess']>): WithdrawAccess {
  const { message: _older, reason, ...access } = stored;
  return isFailureReason(reason) ? { ...access, reason } : access;
}
