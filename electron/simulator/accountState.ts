/**
 * One simulated exchange account: its keys and permissions, its ledger (balances, debits, refunds),
 * codes, positions, withdrawal history and investments. Money moves only through `debit` and
 * `credit`, so the ledger of debits is complete.
 */
import { add, compare, dec, sub, toPlain, Decimal } from '../../shared/money/decimal';
import { randomAddress, type AccountSeed, type DepositAddress } from './data/accounts';
import type { PositionHistoryRecord } from './data/positionsHistory';
import type { SubAccountSeed } from './data/subAccounts';
import { forkRandom } from './random';
import { TRADE_HOLDINGS } from './data/tradeAccounts';
import { liquidationStateAt, type PriceBook } from './prices';
import { NonceTracker } from './nonces';
import { FixedWindowCounter } from './rateLimit';
import type { CodeRecord, DebitRecord, HistoryEntry, InvestmentRecord, LiquidationState, PendingSettlement, Permission, PositionRecord, RefundRecord } from './model';

/** Withdrawal attempts an account may make per minute before "Too Many Attempts." (when rate limits are on). */
export const WITHDRAW_ATTEMPTS_PER_MINUTE = 60;

export interface SimulatorAccount {
  name: string;
  apiKey: string;
  apiSecret: string;
  b2b: boolean;
  /** An account from the European Economic Area: crypto withdrawals need Travel Rule data. */
  eea: boolean;
}

export interface LedgerView {
  /** Every ticker the account has ever held, zero balances included. */
  balances: Record<string, string>;
  debits: DebitRecord[];
  refunds: RefundRecord[];
}

export class AccountState {
  readonly name: string;
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly permissions: ReadonlySet<Permission>;
  b2b: boolean;
  eea: boolean;
  twoFactor = true;
  enabled = true;

  readonly balances: Map<string, string>;
  readonly codes: CodeRecord[];
  /** Newest first; amounts signed ("-" created, "+" applied). */
  readonly codesHistory: CodeRecord[];
  readonly positions: PositionRecord[];
  private readonly positionsById = new Map<number, PositionRecord>();
  /** Oldest first, so new records are appended in O(1); readers walk it backwards. */
  readonly history: HistoryEntry[];
  private readonly historyByUniqueId = new Map<string, HistoryEntry[]>();
  /** uniqueIds of every withdrawal this account has made (accepted ones; a refused request takes no id). */
  private readonly withdrawalIds = new Set<string>();
  private readonly pending: PendingSettlement[] = [];
  private pendingHead = 0;
  /** Newest first. */
  readonly investments: InvestmentRecord[];
  readonly debits: DebitRecord[] = [];
  readonly refunds: RefundRecord[] = [];
  readonly depositAddresses: ReadonlyMap<string, DepositAddress>;
  /** Trade (spot) account: available and frozen per ticker. */
  readonly tradeBalances: Map<string, { available: string; freeze: string }>;
  /** Collateral account balances per ticker (sent as JSON numbers). */
  readonly collateralBalances: Map<string, string>;
  /** The collateral account's leverage. */
  leverage: number;
  /** Liquidation states set through the admin API; they hold whatever the price does. */
  readonly pinnedStates = new Map<number, LiquidationState>();
  /**
   * Each priced position's mark-to-market P&L by position id, as of the last revalue: what the
   * collateral summary sums and the WebSocket sends as `pnl`. Not on the HTTP record, whose
   * `unrealizedPnl` only newer API versions send.
   */
  readonly unrealizedPnl = new Map<number, string>();
  /** The price book version the positions were last revalued at. */
  pricedAtVersion = -1;
  private readonly ownAddresses = new Map<string, DepositAddress>();
  /** Deposit addresses of networks other than an asset's first, made on first request ("TICKER NETWORK"). */
  private readonly networkAddresses = new Map<string, DepositAddress>();
  readonly subAccounts: readonly SubAccountSeed[];
  /** Newest event first. */
  readonly positionsHistory: readonly PositionHistoryRecord[];

  readonly nonces = new NonceTracker();
  readonly withdrawAttempts = new FixedWindowCounter(WITHDRAW_ATTEMPTS_PER_MINUTE, 60_000);
  /** Bumped whenever a position changes; lets the positions handler reuse its serialised answer. */
  positionsVersion = 0;
  cachedPositionsJson: { version: number; json: string } | null = null;
  /** Bumped on every balance change; lets the balance handler reuse its serialised answer. */
  balanceVersion = 0;
  cachedBalanceJson: { version: number; json: string } | null = null;

  constructor(seed: AccountSeed) {
    this.name = seed.name;
    this.apiKey = seed.apiKey;
    this.apiSecret = seed.apiSecret;
    this.permissions = seed.permissions;
    this.b2b = seed.b2b;
    this.eea = seed.eea;
    this.balances = seed.balances;
    this.codes = seed.codes;
    this.codesHistory = seed.codesHistory;
    this.positions = seed.positions;
    for (const p of this.positions) this.positionsById.set(p.positionId, p);
    this.history = [...seed.history].reverse();
    for (const entry of this.history) this.indexHistory(entry);
    this.investments = seed.investments;
    this.depositAddresses = seed.depositAddresses;
    this.subAccounts = seed.subAccounts;
    this.positionsHistory = seed.positionsHistory;
    for (const own of seed.depositAddresses.values()) this.ownAddresses.set(own.address.toLowerCase(), own);
    const holdings = TRADE_HOLDINGS[seed.name];
    this.tradeBalances = new Map(Object.entries(holdings?.trade ?? {}).map(([t, v]) => [t, { ...v }]));
    this.collateralBalances = new Map(Object.entries(holdings?.collateral ?? {}));
    this.leverage = holdings?.leverage ?? 1;
  }

  /**
   * Revalues open positions at the current prices: the mark-to-market P&L (kept here, and in
   * `unrealizedPnl` where the record has it), `pnlPercent` and the liquidation state follow the
   * market, except a state the admin API pinned. The record's `pnl` is left alone: the exchange
   * documents it as the P&L realized by partial closes, which a price move does not change.
   */
  revalue(prices: PriceBook, nowMs: number): void {
    if (this.pricedAtVersion === prices.version) return;
    this.pricedAtVersion = prices.version;
    let changed = false;
    for (const p of this.positions) {
      const price = prices.price(p.market);
      if (price === undefined || p.amount === null || p.basePrice === null) continue;
      const pnlValue = dec(price).minus(dec(p.basePrice)).times(dec(p.amount)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
      const unrealized = toPlain(pnlValue);
      const margin = dec(p.margin);
      const pnlPercent = margin.isZero() ? '0' : toPlain(pnlValue.dividedBy(margin).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
      const state = this.pinnedStates.has(p.positionId) ? (this.pinnedStates.get(p.positionId) ?? null) : liquidationStateAt(price, p.liquidationPrice, p.amount);
      if (this.unrealizedPnl.get(p.positionId) === unrealized && p.pnlPercent === pnlPercent && p.liquidationState === state) continue;
      this.unrealizedPnl.set(p.positionId, unrealized);
      p.pnlPercent = pnlPercent;
      if (p.unrealizedPnl !== undefined) p.unrealizedPnl = unrealized;
      if (p.liquidationState !== state) p.modifyDate = Math.max(p.modifyDate, nowMs / 1000);
      p.liquidationState = state;
      changed = true;
    }
    if (changed) this.positionsVersion++;
  }

  /**
   * The account's deposit address on one network: the seeded one for the asset's first network,
   * otherwise drawn once from the seed and kept, so asking twice gives the same address. Every
   * address it hands out counts as the account's own (withdrawing to it is business error 9).
   */
  depositAddressOn(seed: number, ticker: string, network: string, firstNetwork: string | undefined): DepositAddress | undefined {
    const seeded = this.depositAddresses.get(ticker);
    if (!seeded || network === firstNetwork || firstNetwork === undefined) return seeded;
    const key = `${ticker} ${network}`;
    let made = this.networkAddresses.get(key);
    if (!made) {
      const rng = forkRandom(seed, `deposit-address:${this.name}:${key}`);
      made = { address: randomAddress(rng, network), memo: seeded.memo };
      this.networkAddresses.set(key, made);
      this.ownAddresses.set(made.address.toLowerCase(), made);
    }
    return made;
  }

  publicInfo(): SimulatorAccount {
    return { name: this.name, apiKey: this.apiKey, apiSecret: this.apiSecret, b2b: this.b2b, eea: this.eea };
  }

  balanceOf(ticker: string): string {
    return this.balances.get(ticker) ?? '0';
  }

  setBalance(ticker: string, amount: string): void {
    this.balances.set(ticker, toPlain(dec(amount)));
    this.balanceVersion++;
  }

  debit(record: Omit<DebitRecord, 'total' | 'at'>, nowMs: number): DebitRecord {
    const total = add(record.amount, record.fee);
    this.setBalance(record.ticker, sub(this.balanceOf(record.ticker), total));
    const debit: DebitRecord = { ...record, total, at: nowMs };
    this.debits.push(debit);
    return debit;
  }

  credit(refund: Omit<RefundRecord, 'at'>, nowMs: number): void {
    this.setBalance(refund.ticker, add(this.balanceOf(refund.ticker), refund.amount));
    this.refunds.push({ ...refund, at: nowMs });
  }

  hasWithdrawalId(uniqueId: string): boolean {
    return this.withdrawalIds.has(uniqueId);
  }

  /** Is this the account's own deposit address (and memo, for memo assets)? */
  isOwnDepositAddress(address: string, memo: string | undefined): boolean {
    const own = this.ownAddresses.get(address.toLowerCase());
    if (!own) return false;
    return own.memo === null || memo === undefined || memo === '' || own.memo === memo;
  }

  addHistory(entry: HistoryEntry): void {
    this.history.push(entry);
    this.indexHistory(entry);
  }

  historyByUnique(uniqueId: string): readonly HistoryEntry[] {
    return this.historyByUniqueId.get(uniqueId) ?? [];
  }

  schedule(settlement: PendingSettlement): void {
    this.pending.push(settlement);
  }

  /**
   * Moves withdrawals whose time has come to their final status. Called lazily before anything
   * reads history or balances, so no timers run and tests control time by waiting.
   */
  settle(nowMs: number): void {
    while (this.pendingHead < this.pending.length) {
      const next = this.pending[this.pendingHead] as PendingSettlement;
      if (next.dueAtMs > nowMs) break;
      this.pendingHead++;
      next.entry.status = next.finalStatus;
      if (next.finalStatus === 3 || next.finalStatus === 18) {
        next.entry.transactionHash = transactionHashFor(next.entry.transactionId);
        const confirmations = next.entry.confirmations;
        if (confirmations) next.entry.confirmations = { actual: confirmations.required, required: confirmations.required };
      }
      if (compare(next.refund, '0') > 0) {
        this.credit(
          { uniqueId: next.entry.uniqueId ?? next.entry.transactionId, ticker: next.entry.ticker, amount: next.refund, reason: next.finalStatus === 4 ? 'canceled' : 'partially_successful' },
          nowMs,
        );
      }
    }
    if (this.pendingHead > 1024 && this.pendingHead * 2 > this.pending.length) {
      this.pending.splice(0, this.pendingHead);
      this.pendingHead = 0;
    }
  }

  position(positionId: number): PositionRecord | undefined {
    return this.positionsById.get(positionId);
  }

  ledger(): LedgerView {
    return { balances: Object.fromEntries(this.balances), debits: [...this.debits], refunds: [...this.refunds] };
  }

  private indexHistory(entry: HistoryEntry): void {
    if (entry.uniqueId === null) return;
    const list = this.historyByUniqueId.get(entry.uniqueId);
    if (list) list.push(entry);
    else this.historyByUniqueId.set(entry.uniqueId, [entry]);
    if (entry.method === 2) this.withdrawalIds.add(entry.uniqueId);
  }
}

/** A stable fake transaction hash derived from the transaction id (hex, 64 chars). */
function transactionHashFor(transactionId: string): string {
  const hex = transactionId.replace(/[^0-9a-f]/g, '');
  return (hex + hex + hex).slice(0, 64).padEnd(64, '0');
}
