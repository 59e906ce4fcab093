/**
 * The whole account, valued: main, trade and collateral balances of one account (or every
 * configured account) in one quote currency, from the exchange's last prices.
 *
 * Every part is asked for at once and each may fail on its own: what arrives is shown, what does
 * not becomes a note (a failed ticker leaves the amounts without prices; a 451 collateral account
 * is "unavailable in the region"; an account that cannot be reached keeps the others in the sum).
 * Prices come from one ticker answer: the exchange of the first account summed (all accounts of
 * the app talk to the same exchange, except the Demo simulator, which is never summed with them).
 */
import { AppFailure } from '../../../shared/errors';
import type { AccountTotal, BalanceRow, BalancesOverview, OverviewNote, AccountPart } from '../../../shared/model/balances';
import { ALLOCATION_TOP, DEFAULT_QUOTE } from '../../../shared/model/balances';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import { add, dec, isZero, sum, type Decimal } from '../../../shared/money/decimal';
import type { CallOptions, ExchangeClient } from '../exchange';
import { allocationOfValued, mostValuableFirst, sharePercent } from './allocation';
import { PriceIndex, priceOf, valueAssets, valueTotal, type Valued } from './valuation';

/** What the overview needs of an account's client. */
export type BalancesClient = Pick<ExchangeClient, 'ticker' | 'balance' | 'tradeBalance' | 'collateralBalance'>;

export interface BalancesServiceOptions {
  /** Configured accounts (stored ones; the Demo account only when it is the only one). */
  accounts: () => Promise<{ id: string; name: string; isDemo: boolean }[]>;
  clientFor: (accountId: string) => Promise<BalancesClient>;
  /** The quote setting. */
  quote: () => string;
  now?: () => number;
}

interface Holding {
  main: string;
  tradeAvailable: string;
  tradeFrozen: string;
  collateral: string;
}

const EMPTY_HOLDING: Holding = { main: '0', tradeAvailable: '0', tradeFrozen: '0', collateral: '0' };

/** A failure as a note: 451 is a state of the region, anything else "could not be read". */
export function noteOf(error: unknown, base: Pick<OverviewNote, 'accountId' | 'accountName' | 'part'>): OverviewNote {
  const failure = error instanceof AppFailure ? error.error : undefined;
  if (failure?.reason === 'region_unavailable') return { ...base, kind: 'region_unavailable' };
  const kind = base.part === undefined ? 'prices_unavailable' : 'part_unavailable';
  return { ...base, kind, ...(failure ? { error: failure } : {}) };
}

/** A 451: the part does not exist in this region, which is an answer, not a failure. */
function isRegionRefusal(error: unknown): boolean {
  return error instanceof AppFailure && error.error.reason === 'region_unavailable';
}

/** `asset`'s holding, made empty on first use. */
function holdingOf(holdings: Map<string, Holding>, asset: string): Holding {
  let h = holdings.get(asset);
  if (!h) holdings.set(asset, (h = { ...EMPTY_HOLDING }));
  return h;
}

type ItemsOf<K extends keyof BalancesClient> = Awaited<ReturnType<BalancesClient[K]>> extends { items: infer I } ? I : never;

function addMain(holdings: Map<string, Holding>, items: ItemsOf<'balance'>): void {
  for (const [asset, entry] of Object.entries(items)) {
    const h = holdingOf(holdings, asset);
    h.main = add(h.main, entry.main_balance);
  }
}

function addTrade(holdings: Map<string, Holding>, items: ItemsOf<'tradeBalance'>): void {
  for (const [asset, entry] of Object.entries(items)) {
    const h = holdingOf(holdings, asset);
    h.tradeAvailable = add(h.tradeAvailable, entry.available);
    h.tradeFrozen = add(h.tradeFrozen, entry.freeze);
  }
}

function addCollateral(holdings: Map<string, Holding>, items: ItemsOf<'collateralBalance'>): void {
  for (const [asset, amount] of Object.entries(items)) {
    const h = holdingOf(holdings, asset);
    h.collateral = add(h.collateral, amount);
  }
}

/** An asset the accounts hold something of, with its total over every part. */
interface HeldAsset {
  asset: string;
  h: Holding;
  total: string;
}

/** The holdings that are not zero in all, in the order they were first seen. */
function heldAssets(holdings: ReadonlyMap<string, Holding>): HeldAsset[] {
  const held: HeldAsset[] = [];
  for (const [asset, h] of holdings) {
    const total = sum([h.main, h.tradeAvailable, h.tradeFrozen, h.collateral]);
    if (!isZero(total)) held.push({ asset, h, total });
  }
  return held;
}

const totalOf = (x: HeldAsset): string => x.total;
const mainOf = (x: HeldAsset): string => x.h.main;
const tradeOf = (x: HeldAsset): string => add(x.h.tradeAvailable, x.h.tradeFrozen);
const collateralOf = (x: HeldAsset): string => x.h.collateral;

/** Each held asset's amount of one kind, as valuation takes them. */
function amountsOf(held: readonly HeldAsset[], amountOf: (x: HeldAsset) => string): { asset: string; amount: string }[] {
  const amounts: { asset: string; amount: string }[] = [];
  for (const x of held) amounts.push({ asset: x.asset, amount: amountOf(x) });
  return amounts;
}

interface RankedRow {
  asset: string;
  value: Decimal | null;
  row: BalanceRow;
}

/**
 * The overview's rows, most valuable first, from the held assets and their valuation (in the same
 * order). Each value is parsed once, for its share and for the order (a comparator that parsed
 * both sides re-read every value about log2(n) times, each refresh).
 */
function rankedRows(held: readonly HeldAsset[], valued: readonly Valued[], wholeTotal: Decimal): RankedRow[] {
  const ranked: RankedRow[] = [];
  for (const [i, x] of held.entries()) {
    const v = valued[i] as Valued;
    const value = v.value === null ? null : dec(v.value);
    const row: BalanceRow = {
      asset: x.asset,
      main: x.h.main,
      tradeAvailable: x.h.tradeAvailable,
      tradeFrozen: x.h.tradeFrozen,
      collateral: x.h.collateral,
      total: x.total,
      price: v.price,
      value: v.value,
      change24h: v.change,
      share: value === null ? null : sharePercent(value, wholeTotal),
    };
    ranked.push({ asset: x.asset, value, row });
  }
  return ranked.sort(mostValuableFirst);
}

const rowOf = (r: RankedRow): BalanceRow => r.row;

interface OwnHoldings {
  holdings: Map<string, Holding>;
  failed: AccountPart[];
  reached: boolean;
}

const ALL_PARTS: AccountPart[] = ['main', 'trade', 'collateral'];

/**
 * Each account valued on its own at the overview's prices. One account alone is the whole
 * overview's valuation, so it is not valued twice. Shares are of the sum of these totals.
 */
function accountTotals(accounts: readonly { id: string; name: string }[], own: readonly OwnHoldings[], quote: string, index: PriceIndex, whole: { total: string; unpriced: number }): AccountTotal[] {
  const totals: AccountTotal[] = [];
  for (const [i, account] of accounts.entries()) {
    const mine = own[i]!;
    if (!mine.reached) {
      totals.push({ id: account.id, name: account.name, value: null, share: null, unpriced: 0, failedParts: mine.failed.length > 0 ? mine.failed : ALL_PARTS });
      continue;
    }
    const valued = accounts.length === 1 ? whole : valueAssets(amountsOf(heldAssets(mine.holdings), totalOf), quote, index);
    totals.push({ id: account.id, name: account.name, value: valued.total, share: null, unpriced: valued.unpriced, failedParts: mine.failed });
  }
  const grand = dec(sum(totals.map((t) => t.value ?? '0')));
  for (const t of totals) if (t.value !== null) t.share = sharePercent(dec(t.value), grand);
  return totals;
}


export function createBalancesService(options: BalancesServiceOptions) {
  const now = options.now ?? Date.now;

  /** The accounts `accountId` names, or every configured account (the Demo one only if alone). */
  async function accountsFor(accountId: string | undefined) {
    const all = await options.accounts();
    if (accountId !== undefined) {
      const one = all.find((a) => a.id === accountId);
      if (!one) throw new AppFailure({ kind: 'not_found', reason: 'account_unknown', message: 'This account no longer exists. Choose another one.' });
      return [one];
    }
    const real = all.filter((a) => !a.isDemo);
    return real.length > 0 ? real : all.filter((a) => a.id === DEMO_ACCOUNT_ID);
  }

  async function overview(request: { accountId?: string; quote?: string }, o: CallOptions = {}): Promise<BalancesOverview> {
    const quote = request.quote ?? options.quote() ?? DEFAULT_QUOTE;
    const accounts = await accountsFor(request.accountId);
    const notes: OverviewNote[] = [];
    const holdings = new Map<string, Holding>();
    // Whether any part of any account answered; with none, there is no overview to show (below).
    let partsRead = 0;
    let firstFailure: unknown = null;

    // Each account's own holdings too, so its total can be valued on its own.
    const own = accounts.map(() => ({ holdings: new Map<string, Holding>(), failed: [] as AccountPart[], reached: false }));
    const perAccount = await Promise.all(
      accounts.map(async (account, i) => {
        const base = { accountId: account.id, accountName: account.name };
        const mine = own[i]!;
        let client: BalancesClient;
        try {
          client = await options.clientFor(account.id);
        } catch (error) {
          firstFailure ??= error;
          notes.push({ ...base, kind: 'part_unavailable', ...(error instanceof AppFailure ? { error: error.error } : {}) });
          return null;
        }
        const [main, trade, collateral] = await Promise.allSettled([client.balance({}, o), client.tradeBalance({}, o), client.collateralBalance({}, o)]);
        const parts = [
          ['main', main],
          ['trade', trade],
          ['collateral', collateral],
        ] as const;
        for (const [part, settled] of parts) {
          if (settled.status === 'fulfilled' || isRegionRefusal(settled.reason)) partsRead++;
          else firstFailure ??= settled.reason;
          if (settled.status === 'rejected') mine.failed.push(part);
          if (settled.status === 'rejected') notes.push(noteOf(settled.reason, { ...base, part }));
          else if (settled.value.unreadable.length > 0) {
            notes.push({ ...base, part, kind: 'unreadable', count: settled.value.unreadable.length });
          }
        }
        if (main.status === 'fulfilled') addMain(holdings, main.value.items);
        if (trade.status === 'fulfilled') addTrade(holdings, trade.value.items);
        if (collateral.status === 'fulfilled') addCollateral(holdings, collateral.value.items);
        if (accounts.length > 1) {
          if (main.status === 'fulfilled') addMain(mine.holdings, main.value.items);
          if (trade.status === 'fulfilled') addTrade(mine.holdings, trade.value.items);
          if (collateral.status === 'fulfilled') addCollateral(mine.holdings, collateral.value.items);
        }
        mine.reached = mine.failed.length < parts.length;
        return client;
      }),
    );

    // Nothing answered (the exchange down, every key refused): an overview of empty parts would
    // read as an empty account, so the call fails and the page keeps the figures it last had.
    if (partsRead === 0 && firstFailure !== null) throw firstFailure;

    // Prices from the first account that could be reached.
    const pricing = perAccount.find((c): c is BalancesClient => c !== null);
    let index = new PriceIndex([]);
    let pricedAt: number | null = null;
    if (pricing) {
      try {
        const ticker = await pricing.ticker(o);
        index = PriceIndex.ofTicker(ticker.items);
        pricedAt = now();
        if (ticker.unreadable.length > 0) notes.push({ kind: 'unreadable', count: ticker.unreadable.length });
        if (quote !== 'USDT' && priceOf(index, 'USDT', quote) === null && priceOf(index, 'BTC', quote) === null) {
          notes.push({ kind: 'quote_without_market', quote });
        }
      } catch (error) {
        notes.push(noteOf(error, {}));
      }
    }

    const held = heldAssets(holdings);
    const whole = valueAssets(amountsOf(held, totalOf), quote, index);
    const byAccount = accountTotals(accounts, own, quote, index, whole);
    const wholeTotal = dec(whole.total);
    const ranked = rankedRows(held, whole.rows, wholeTotal);
    const rows = ranked.map(rowOf);

    return {
      quote,
      accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
      byAccount,
      grandTotal: sum(byAccount.map((a) => a.value ?? '0')),
      rows,
      totals: {
        value: whole.total,
        main: valueTotal(amountsOf(held, mainOf), quote, index),
        trade: valueTotal(amountsOf(held, tradeOf), quote, index),
        collateral: valueTotal(amountsOf(held, collateralOf), quote, index),
        change24h: whole.change24h,
      },
      allocation: allocationOfValued(ranked, wholeTotal, ALLOCATION_TOP),
      unpriced: whole.unpriced,
      zeroAssets: holdings.size - held.length,
      notes,
      pricedAt,
    };
  }

  return { overview, accountsFor };
}

export type BalancesService = ReturnType<typeof createBalancesService>;
