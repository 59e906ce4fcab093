/**
 * The account records: the real accounts kept in the settings file, the built-in Demo account
 * beside them, and how each is shown to the page (AccountSummary: masked key, never a secret).
 * Also which id a key had before (identities.ts), so the same key added again is the same account.
 */
import { randomBytes } from 'node:crypto';
import { REGIONS } from '../../../shared/api/endpoints';
import { AppFailure } from '../../../shared/errors';
import { DEMO_ACCOUNT_ID, maskApiKey, type AccountSummary, type RegionName } from '../../../shared/model/accounts';
import type { DemoProvider } from '../demo';
import type { Logger } from '../logging/logger';
import type { SettingsStore, StoredAccount } from '../settings';
import { effectiveEea, effectiveNotifyPositions } from '../settings/schema';
import type { AccountIdentities } from './identities';
import { withdrawAccessSummary } from './withdrawAccess';

const DEMO_NAME = 'Demo';

export interface AccountRecords {
  /** The stored account; throws `not_found` for an unknown id. */
  find(accountId: string): StoredAccount;
  /** The active account's id, the Demo's when the stored one names no account. */
  activeId(): string;
  demoSummary(): AccountSummary;
  summaryOf(account: StoredAccount, hasSecret: boolean): AccountSummary;
  /** The id this key had before, unless another account holds that id now (its key was replaced). */
  previousIdOf(apiKey: string): string | undefined;
  /** From now on this account's key is known as this account (best effort: a failure is logged). */
  rememberIdentity(account: StoredAccount): void;
}

export function createAccountRecords(settings: SettingsStore, demo: DemoProvider, identities: AccountIdentities | null | undefined, logger: Logger): AccountRecords {
  const records: AccountRecords = {
    find(accountId) {
      const account = settings.read().accounts.find((a) => a.id === accountId);
      if (!account) throw accountNotFound(accountId);
      return account;
    },
    activeId() {
      const current = settings.read();
      return current.accounts.some((a) => a.id === current.activeAccountId) ? current.activeAccountId : DEMO_ACCOUNT_ID;
    },
    demoSummary() {
      const running = demo.current();
      const stored = settings.read().demo;
      return {
        id: DEMO_ACCOUNT_ID,
        name: DEMO_NAME,
        region: 'custom',
        baseUrl: running?.baseUrl ?? 'built-in simulator (starts on first use)',
        isDemo: true,
        apiKeyMasked: running ? maskApiKey(running.credentials.apiKey) : null,
        hasSecret: true,
        notifyPositions: stored.notifyPositions,
        alertThresholdPercent: stored.alertThresholdPercent ?? null,
        eea: effectiveEea({ region: 'custom', eea: stored.eea }),
      };
    },
    summaryOf(account, hasSecret) {
      return {
        id: account.id,
        name: account.name,
        region: account.region,
        baseUrl: account.baseUrl,
        isDemo: false,
        apiKeyMasked: maskApiKey(account.apiKey),
        hasSecret,
        notifyPositions: effectiveNotifyPositions(account),
        ...(account.notifyPositions === undefined ? { notifyPositionsByDefault: true } : {}),
        alertThresholdPercent: account.alertThresholdPercent ?? null,
        eea: effectiveEea(account),
        ...(account.withdrawAccess ? { withdrawAccess: withdrawAccessSummary(account.withdrawAccess) } : {}),
      };
    },
    previousIdOf(apiKey) {
      const id = identities?.idFor(apiKey);
      return id !== undefined && !settings.read().accounts.some((a) => a.id === id) ? id : undefined;
    },
    rememberIdentity(account) {
      try {
        identities?.remember(account.apiKey, account.id);
      } catch (error) {
        // Only the link back is lost: the account works, and a key added again would get a new id.
        logger.warn('could not remember which account this key belongs to', { accountId: account.id, error });
      }
    },
  };
  for (const account of settings.read().accounts) records.rememberIdentity(account);
  return records;
}

export function newAccountId(): string {
  return `acc-${randomBytes(8).toString('hex')}`;
}

export function accountNotFound(accountId: string): AppFailure {
  return new AppFailure({ kind: 'not_found', reason: 'account_unknown', message: `There is no account with id "${accountId}". It may have been removed.` });
}

/** A refusal of one field, as its code (shared/failures.ts); the page words it under that field. */
export function fieldRefused(field: string, reason: 'demo_fixed' | 'base_url_custom_only' | 'base_url_required'): AppFailure {
  return new AppFailure({ kind: 'validation', reason, values: { field }, message: reason, fields: { [field]: [reason] } });
}

/** One key, one account: the account that already holds this key is named in the refusal. */
export function keyInUse(holder: StoredAccount): AppFailure {
  return new AppFailure({
    kind: 'validation',
    reason: 'key_in_use',
    values: { holder: holder.name },
    message: `This API key is already used by the account "${holder.name}".`,
    fields: { apiKey: ['key_in_use'] },
  });
}

export function baseUrlFor(region: RegionName, customBaseUrl: string | undefined): string {
  if (region === 'custom') {
    if (!customBaseUrl) throw fieldRefused('baseUrl', 'base_url_required');
    return customBaseUrl.replace(/\/+$/, '');
  }
  return REGIONS[region];
}

/** undefined: leave as it is; null: switch the distance alert off (the key is removed, as the schema has no null). */
export function setThreshold(target: { alertThresholdPercent?: string | undefined }, value: string | null | undefined): void {
  if (value === undefined) return;
  if (value === null) delete target.alertThresholdPercent;
  else target.alertThresholdPercent = value;
}

/** The region and base URL an update leaves: a custom address only goes with the custom region. */
export function addressAfterUpdate(existing: StoredAccount, region: RegionName | undefined, baseUrl: string | undefined): { region: RegionName; baseUrl: string } {
  const next = region ?? existing.region;
  if (next === 'custom') return { region: next, baseUrl: baseUrlFor('custom', baseUrl ?? (existing.region === 'custom' ? existing.baseUrl : undefined)) };
  if (baseUrl !== undefined && region === undefined) throw fieldRefused('baseUrl', 'base_url_custom_only');
  return { region: next, baseUrl: REGIONS[next] };
}
