/**
 * Holdings everywhere: which account, and which sub-account of each key, holds what. Each account's
 * own overview and each sub-account's balances are read as their own views read them, then laid side
 * by side, one row per asset. Amounts and values are added with decimal.js, so a row's total is the
 * exact sum of its amounts and the grand total the exact sum of the holders' values.
 */
import type { BalancesOverview } from '../../../shared/model/balances';
import type { Holder, HolderLeftOut, HoldingRow, Holdings } from '../../../shared/model/holdings';
import { add, dec, isZero, sum } from '../../../shared/money/decimal';
import type { CallOptions } from '../exchange';
import type { SubAccountsService } from '../subAccounts/service';

export interface HoldingsServiceOptions {
  /** The accounts "all accounts" means (the Demo one only when it is alone), or the one asked for. */
  accounts: (accountId: string | undefined) => Promise<{ id: string; name: string }[]>;
  overview: (request: { accountId: string; quote: string }, o?: CallOptions) => Promise<BalancesOverview>;
  subAccounts: Pick<SubAccountsService, 'readEvery'>;
  quote: () => string;
}

/** One holder's amounts by asset, with the prices and values its own view shows. */
interface HolderRead {
  holder: Holder;
  amounts: Map<string, string>;
  prices: Map<string, string>;
  values: Map<string, string>;
}

/** A view's rows as a holder's read. */
function holderRead(holder: Holder, rows: readonly { asset: string; total: string; price: string | null; value: string | null }[]): HolderRead {
  const read: HolderRead = { holder, amounts: new Map(), prices: new Map(), values: new Map() };
  for (const row of rows) {
    read.amounts.set(row.asset, row.total);
    if (row.price !== null) read.prices.set(row.asset, row.price);
    if (row.value !== null) read.values.set(row.asset, row.value);
  }
  return read;
}

export function createHoldingsService(options: HoldingsServiceOptions) {
  async function readAccount(account: { id: string; name: string }, quote: string, o: CallOptions): Promise<HolderRead | null> {
    const overview = await options.overview({ accountId: account.id, quote }, o).catch((error: unknown) => {
      if (o.signal?.aborted) throw error;
      return null;
    });
    if (overview === null) return null;
    return holderRead({ key: account.id, accountId: account.id, subAccountId: null, name: account.name }, overview.rows);
  }

  async function holdings(request: { accountId?: string; quote?: string; subAccounts: boolean }, o: CallOptions = {}): Promise<Holdings> {
    const quote = request.quote ?? options.quote();
    const accounts = await options.accounts(request.accountId);
    const reads: HolderRead[] = [];
    const leftOut: HolderLeftOut[] = [];
    const subAccountsHidden: string[] = [];
    let truncated = false;
    for (const account of accounts) {
      const own = await readAccount(account, quote, o);
      if (own) reads.push(own);
      else leftOut.push({ accountId: account.id, name: account.name, reason: 'unreadable' });
      if (!request.subAccounts) continue;
      const every = await options.subAccounts.readEvery({ accountId: account.id, quote }, o).catch((error: unknown) => {
        if (o.signal?.aborted) throw error;
        return null;
      });
      if (every === null) {
        leftOut.push({ accountId: account.id, name: account.name, reason: 'unreadable' });
        continue;
      }
      if (every.access === 'no_permission') subAccountsHidden.push(account.name);
      truncated ||= every.truncated;
      every.everyone.forEach((sub, i) => {
        const read = every.balances[i];
        if (!read) {
          leftOut.push({ accountId: account.id, name: sub.alias, reason: 'unreadable' });
          return;
        }
        if (read.state !== 'ok') {
          leftOut.push({ accountId: account.id, name: sub.alias, reason: read.state });
          return;
        }
        reads.push(holderRead({ key: `${account.id}/${sub.id}`, accountId: account.id, subAccountId: sub.id, name: sub.alias }, read.lines));
      });
    }
    return { quote, holders: reads.map((r) => r.holder), ...rowsAndTotals(reads), leftOut, subAccountsHidden, truncated };
  }

  return { holdings };
}

/**
 * The rows by asset (most valuable first, unpriced last, then by name) and each holder's value. A
 * row's value is the sum of its holders' values as their own views show them (each rounded there),
 * so every holder's total here is the total its own view shows.
 */
function rowsAndTotals(reads: readonly HolderRead[]): { rows: HoldingRow[]; totals: Holdings['totals'] } {
  const assets = [...new Set(reads.flatMap((r) => [...r.amounts.keys()]))];
  const rows: HoldingRow[] = [];
  for (const asset of assets) {
    const amounts = reads.map((r) => r.amounts.get(asset) ?? '0');
    const total = sum(amounts);
    if (isZero(total)) continue;
    const price = reads.map((r) => r.prices.get(asset)).find((p) => p !== undefined) ?? null;
    const values = reads.flatMap((r) => r.values.get(asset) ?? []);
    rows.push({ asset, amounts, total, price, value: values.length === 0 ? null : sum(values) });
  }
  rows.sort((a, b) => (a.value === null ? (b.value === null ? a.asset.localeCompare(b.asset) : 1) : b.value === null ? -1 : dec(b.value).comparedTo(dec(a.value)) || a.asset.localeCompare(b.asset)));
  const values = reads.map((r) => sum([...r.values.values()]));
  return { rows, totals: { values, value: values.reduce(add, '0') } };
}

export type HoldingsService = ReturnType<typeof createHoldingsService>;
