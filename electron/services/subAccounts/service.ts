/**
 * Sub-accounts of a master key: the paged, searchable list, and one sub-account's balances (each
 * asset's array of rows added up) valued at the exchange's last prices. A key without the
 * permission and an unconfirmed sub-account become states the page names, never empty lists.
 */
import { AppFailure } from '../../../shared/errors';
import type { SubAccountBalanceLine, SubAccountBalances, SubAccountPage, SubAccountsTotal } from '../../../shared/model/subAccounts';
import { add, dec, isZero, sum } from '../../../shared/money/decimal';
import type { CallOptions, ExchangeClient } from '../exchange';
import { PriceIndex, valueAssets } from '../balances/valuation';

export type SubAccountsClient = Pick<ExchangeClient, 'subAccountList' | 'subAccountBalances' | 'ticker'>;

export interface SubAccountsServiceOptions {
  clientFor: (accountId: string) => Promise<SubAccountsClient>;
  quote: () => string;
}

/** The most sub-accounts a total reads (ten pages of the exchange's largest page). */
export const SUB_ACCOUNT_LIMIT = 1_000;

/** Every sub-account of a key and its balances (null where they could not be read), in list order. */
export interface EverySubAccount {
  access: 'ok' | 'no_permission';
  everyone: { id: string; alias: string }[];
  balances: (SubAccountBalances | null)[];
  truncated: boolean;
}

const lacksPermission = (error: unknown): boolean => error instanceof AppFailure && error.error.reason === 'key_lacks_permission';

export function createSubAccountsService(options: SubAccountsServiceOptions) {
  async function list(request: { accountId: string; search?: string; offset?: number; limit?: number }, o: CallOptions = {}): Promise<SubAccountPage> {
    const client = await options.clientFor(request.accountId);
    const limit = request.limit ?? 30;
    const offset = request.offset ?? 0;
    try {
      const page = await client.subAccountList({ ...(request.search ? { search: request.search } : {}), offset, limit }, o);
      const items = page.data.items.map((s) => ({ id: s.id, alias: s.alias, email: s.email ?? null, status: s.status ?? null }));
      const received = items.length + page.data.unreadable.length;
      return { access: 'ok', items, offset, limit, hasMore: received >= limit, unreadable: page.data.unreadable.length };
    } catch (error) {
      if (lacksPermission(error)) return { access: 'no_permission', items: [], offset, limit, hasMore: false, unreadable: 0 };
      throw error;
    }
  }

  async function balances(request: { accountId: string; id: string; quote?: string }, o: CallOptions = {}): Promise<SubAccountBalances> {
    const quote = request.quote ?? options.quote();
    const client = await options.clientFor(request.accountId);
    const empty = { id: request.id, quote, lines: [], total: '0', unpriced: 0, unreadable: 0, summed: 0 };
    let answer;
    try {
      answer = await client.subAccountBalances({ id: request.id }, o);
    } catch (error) {
      if (error instanceof AppFailure && error.error.reason === 'account_not_confirmed') return { ...empty, state: 'unconfirmed' };
      if (lacksPermission(error)) return { ...empty, state: 'no_permission' };
      throw error;
    }
    const held: Omit<SubAccountBalanceLine, 'price' | 'value'>[] = [];
    let summed = 0;
    for (const [asset, rows] of Object.entries(answer.items)) {
      const main = sum(rows.map((r) => r.main ?? '0'));
      const spot = sum(rows.map((r) => r.spot ?? '0'));
      const collateral = sum(rows.map((r) => r.collateral ?? '0'));
      const total = sum([main, spot, collateral]);
      if (isZero(total)) continue;
      if (rows.length > 1) summed++;
      held.push({ asset, main, spot, collateral, total, rows: rows.length });
    }
    // Prices are a nicety: without them the amounts still show, unpriced.
    const index = held.length === 0 ? new PriceIndex([]) : await client.ticker(o).then((t) => PriceIndex.ofTicker(t.items), () => new PriceIndex([]));
    const valued = valueAssets(held.map((h) => ({ asset: h.asset, amount: h.total })), quote, index);
    const lines = held.map((h, i) => ({ ...h, price: valued.rows[i]!.price, value: valued.rows[i]!.value }));
    lines.sort((a, b) => (a.value === null ? (b.value === null ? a.asset.localeCompare(b.asset) : 1) : b.value === null ? -1 : dec(b.value).comparedTo(dec(a.value))));
    return { id: request.id, state: 'ok', quote, lines, total: valued.total, unpriced: valued.unpriced, unreadable: answer.unreadable.length, summed };
  }

  /**
   * Every sub-account of the key with its balances: the list read a page of 100 at a time (at most
   * SUB_ACCOUNT_LIMIT), then the balances a few at a time. One that cannot be read is null in
   * `balances`; it never fails the rest.
   */
  async function readEvery(request: { accountId: string; quote?: string }, o: CallOptions = {}): Promise<EverySubAccount> {
    const quote = request.quote ?? options.quote();
    const everyone: { id: string; alias: string }[] = [];
    let truncated = false;
    for (let offset = 0; ; offset += 100) {
      const page = await list({ accountId: request.accountId, offset, limit: 100 }, o);
      if (page.access === 'no_permission') return { access: 'no_permission', everyone: [], balances: [], truncated: false };
      everyone.push(...page.items);
      if (!page.hasMore) break;
      if (everyone.length >= SUB_ACCOUNT_LIMIT) {
        truncated = true;
        break;
      }
    }
    const results: (SubAccountBalances | null)[] = new Array(everyone.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < everyone.length) {
        const i = next++;
        results[i] = await balances({ accountId: request.accountId, id: everyone[i]!.id, quote }, o).catch((error: unknown) => {
          if (o.signal?.aborted) throw error;
          return null;
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, everyone.length) }, worker));
    return { access: 'ok', everyone, balances: results, truncated };
  }

  /** Every sub-account's balances, valued and added up; those left out are named with why. */
  async function total(request: { accountId: string; quote?: string }, o: CallOptions = {}): Promise<SubAccountsTotal> {
    const quote = request.quote ?? options.quote();
    const base = { accountId: request.accountId, quote };
    const every = await readEvery({ accountId: request.accountId, quote }, o);
    if (every.access === 'no_permission') return { ...base, access: 'no_permission', total: '0', included: 0, excluded: [], unpriced: 0, truncated: false };
    let sumOf = '0';
    let unpriced = 0;
    const excluded: SubAccountsTotal['excluded'] = [];
    every.everyone.forEach((sub, i) => {
      const read = every.balances[i];
      if (read === null || read === undefined) excluded.push({ ...sub, reason: 'unreadable' });
      else if (read.state !== 'ok') excluded.push({ ...sub, reason: read.state });
      else {
        sumOf = add(sumOf, read.total);
        unpriced += read.unpriced;
      }
    });
    return { ...base, access: 'ok', total: sumOf, included: every.everyone.length - excluded.length, excluded, unpriced, truncated: every.truncated };
  }

  return { list, balances, readEvery, total };
}

export type SubAccountsService = ReturnType<typeof createSubAccountsService>;
