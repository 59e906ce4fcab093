/**
 * The fees a withdrawal preview charges: `/public/fee` with the account's own schedule
 * (`/main-account/fee`) laid over it where it applies. The account schedule has one entry per
 * currency, so it replaces the published terms only for a crypto currency with a single fee entry;
 * a currency fee'd per network or per fiat provider keeps the published terms of that network or
 * provider. A key that may not read the schedule, or a schedule that could not be read, leaves the
 * published list, and the answer says which.
 */
import { AppFailure } from '../../../shared/errors';
import type { FeeEntry, FeesResponse, FeeTerms, PrivateFeeInfo } from '../../../shared/api/schemas';
import type { FeeSchedule } from '../../../shared/model/fees';
import { isZero } from '../../../shared/money/decimal';
import type { CallOptions, ExchangeClient } from './client';

type AccountTerms = NonNullable<PrivateFeeInfo['withdraw']>;

/** The account's terms in the published shape; "0" (or absent) turns a part off. */
function termsOf(account: AccountTerms): FeeTerms {
  const on = (value: string | undefined) => (value === undefined || isZero(value) ? null : value);
  const percent = on(account.percentFlex);
  return {
    min_amount: on(account.minAmount),
    max_amount: on(account.maxAmount),
    fixed: on(account.fixed),
    flex: percent === null ? null : { percent, min_fee: account.minFlex ?? '0', max_fee: account.maxFlex ?? '0' },
  };
}

/** Lays the account's withdrawal terms over the published list (see the header for where they apply). */
function withAccountTerms(published: FeesResponse, account: readonly PrivateFeeInfo[]): FeeSchedule {
  const entriesPerTicker = new Map<string, number>();
  for (const entry of Object.values(published.items)) entriesPerTicker.set(entry.ticker, (entriesPerTicker.get(entry.ticker) ?? 0) + 1);
  const byTicker = new Map(account.map((a) => [a.ticker, a]));
  const items: Record<string, FeeEntry> = {};
  const accountTerms: string[] = [];
  for (const [key, entry] of Object.entries(published.items)) {
    const own = byTicker.get(entry.ticker);
    const applies = own?.withdraw !== undefined && entry.withdraw !== null && key === entry.ticker && entriesPerTicker.get(entry.ticker) === 1;
    const value = applies ? { ...entry, withdraw: termsOf(own.withdraw!) } : entry;
    if (applies) accountTerms.push(key);
    // defineProperty: a key such as "__proto__" must stay a plain data key.
    Object.defineProperty(items, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { items, unreadable: published.unreadable, accountSchedule: 'read', accountTerms };
}

/** Both lists read together; the account's schedule is optional, the published list is not. */
export async function readFeeSchedule(client: Pick<ExchangeClient, 'fees' | 'accountFees'>, o: CallOptions = {}): Promise<FeeSchedule> {
  const [published, account] = await Promise.all([client.fees(o), client.accountFees(o).then((a) => a, (error: unknown) => ({ error }))]);
  if ('error' in account) {
    if (o.signal?.aborted) throw account.error;
    const refused = account.error instanceof AppFailure && account.error.error.kind === 'permission';
    return { ...published, accountSchedule: refused ? 'not_permitted' : 'unavailable', accountTerms: [] };
  }
  return withAccountTerms(published, account.items);
}
