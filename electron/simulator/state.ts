/**
 * Everything the simulated exchange knows, in memory: the catalogue, the plans, and per account its
 * balances (the ledger), codes, positions, history and investments. Handlers read and change it;
 * tests reach it directly through `RunningSimulator.state`.
 *
 * Money moves only through `debit` and `credit`, so the ledger of debits is complete: a withdrawal
 * appears there exactly once, at the moment it was accepted.
 */
import { add, compare, dec, isDecimalString, isLooseDecimalString, sub, toPlain, Decimal } from '../../shared/money/decimal';
import { buildAccounts, randomAddress, type AccountSeed, type DepositAddress } from './data/accounts';
import type { PositionHistoryRecord } from './data/positionsHistory';
import type { SubAccountSeed } from './data/subAccounts';
import { forkRandom } from './random';
import { buildCatalogue, cryptoFeeWire, feeKey, type AssetSpec, type Catalogue } from './data/catalogue';
import { buildMarkets } from './data/markets';
import { buildPlans, type FlexPlanRecord } from './data/plans';
import { TRADE_HOLDINGS } from './data/tradeAccounts';
import { liquidationStateAt, PriceBook } from './prices';
import { NonceTracker } from './nonces';
import { FixedWindowCounter, ScopeRateLimiter } from './rateLimit';
import { WsTokenStore } from './ws/tokens';
import type {
  CodeRecord,
  DebitRecord,
  HistoryEntry,
  InvestmentRecord,
  LiquidationState,
  PendingSettlement,
  Permission,
  PositionRecord,
  RefundRecord,
} from './model';

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

export interface StateOptions {
  seed: number;
  withdrawalSettleMs: number;
  /** One price tick per this many ms; 0: prices move only when a test moves them. Default 1000. */
  priceTickMs?: number;
  /** Assets the exchange lists (default DEFAULT_ASSET_COUNT); accounts hold their usual share of them. */
  assetCount?: number;
}

export class SimulatorState {
  readonly seed: number;
  withdrawalSettleMs: number;
  readonly rateLimiter = new ScopeRateLimiter();
  /** WebSocket tokens from /profile/websocket_token, each good for one authorize. */
  readonly wsTokens = new WsTokenStore();

  catalogue!: Catalogue;
  /** `/public/assets` and `/public/fee` never change, so they are serialised once. */
  assetsJson!: Buffer;
  feesJson!: Buffer;
  plans!: FlexPlanRecord[];
  plansById!: Map<string, FlexPlanRecord>;
  prices!: PriceBook;
  /** `/public/futures` answers 451 when false (the region has no futures). */
  futuresAvailable = true;
  /** `/public/collateral/markets` answers 451 when false (the region has no margin trading). */
  marginAvailable = true;
  private readonly priceTickMs: number;
  private readonly assetCount: number | undefined;
  private accountsByKey!: Map<string, AccountState>;
  private accountOrder!: AccountState[];
  private transactionCounter = 0;

  constructor(options: StateOptions) {
    this.seed = options.seed;
    this.withdrawalSettleMs = options.withdrawalSettleMs;
    this.priceTickMs = options.priceTickMs ?? 1000;
    this.assetCount = options.assetCount;
    this.reset();
  }

  /** Back to the seed's data: balances, history, flags, nonces and rate counters. */
  reset(): void {
    this.catalogue = buildCatalogue(this.seed, this.assetCount);
    this.assetsJson = Buffer.from(JSON.stringify(this.catalogue.assets));
    this.feesJson = Buffer.from(JSON.stringify(this.catalogue.fees));
    this.plans = buildPlans(this.seed);
    this.plansById = new Map(this.plans.map((p) => [p.id, p]));
    this.accountOrder = buildAccounts(this.seed, this.catalogue, this.plans).map((seed) => new AccountState(seed));
    this.accountsByKey = new Map(this.accountOrder.map((a) => [a.apiKey, a]));
    this.prices = new PriceBook(this.seed, buildMarkets(this.seed, this.catalogue), this.priceTickMs, Date.now());
    for (const account of this.accountOrder) account.revalue(this.prices, Date.now());
    this.futuresAvailable = true;
    this.marginAvailable = true;
    this.rateLimiter.reset();
    this.wsTokens.clear();
  }

  /**
   * Sets the fixed withdrawal fee of a crypto asset on one network (or its only one): what it charges
   * and what `/public/fee` publishes, both at once, as when the exchange changes a fee.
   */
  setWithdrawFee(ticker: string, network: string | null, fixedFee: string): { ticker: string; network: string | null; fixed: string } {
    const spec = this.catalogue.specs.get(ticker);
    if (!spec || spec.fiat) throw new RangeError(`no crypto asset ${ticker}`);
    const key = network ?? ticker;
    const current = spec.fees[key];
    if (!current) throw new RangeError(`${ticker} has no fee entry for ${key}`);
    if (!isDecimalString(fixedFee)) throw new RangeError('fixed must be a decimal string');
    // A copy: catalogue specs are shared with every other simulator in the process.
    const changed: AssetSpec = { ...spec, fees: { ...spec.fees, [key]: { ...current, fixed: fixedFee } } };
    this.catalogue.specs.set(ticker, changed);
    const multiNetwork = (spec.networks?.length ?? 0) > 1;
    this.catalogue.fees[multiNetwork ? feeKey(ticker, key) : ticker] = cryptoFeeWire(changed, key, changed.fees[key]!);
    this.feesJson = Buffer.from(JSON.stringify(this.catalogue.fees));
    return { ticker, network, fixed: fixedFee };
  }

  accounts(): SimulatorAccount[] {
    return this.accountOrder.map((a) => a.publicInfo());
  }

  account(apiKey: string): AccountState | undefined {
    return this.accountsByKey.get(apiKey);
  }

  accountByName(name: string): AccountState | undefined {
    return this.accountOrder.find((a) => a.name === name);
  }

  /** A unique, increasing id for investments and other server-made records. */
  nextTransactionId(): string {
    this.transactionCounter++;
    return `${this.seed.toString(16)}-${Date.now().toString(16)}-${this.transactionCounter.toString(16).padStart(6, '0')}`;
  }

  /** A unique UUID-shaped id, as history's `transaction_id` is documented ("Transaction UUID"). */
  nextTransactionUuid(): string {
    this.transactionCounter++;
    const hex = (Date.now().toString(16).padStart(12, '0') + this.seed.toString(16).padStart(8, '0') + this.transactionCounter.toString(16).padStart(12, '0')).slice(-32);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /** The plans /smart-flex/plans lists: active ones, and the paused one kept listed for demos. */
  listedPlans(): FlexPlanRecord[] {
    return this.plans.filter((p) => p.status === 'active' || p.listedWhilePaused === true);
  }

  /** Pauses, deactivates or reactivates a plan (admin API), e.g. to pause one a test has just listed. */
  setPlanStatus(planId: string, status: FlexPlanRecord['status']): FlexPlanRecord {
    const plan = this.plansById.get(planId);
    if (!plan) throw new RangeError(`no plan ${planId}`);
    plan.status = status;
    return plan;
  }

  // ----- conveniences for tests and the admin API -----

  balances(apiKey: string): Record<string, string> {
    const account = this.require(apiKey);
    account.settle(Date.now());
    return Object.fromEntries(account.balances);
  }

  balanceOf(apiKey: string, ticker: string): string {
    const account = this.require(apiKey);
    account.settle(Date.now());
    return account.balanceOf(ticker);
  }

  setBalance(apiKey: string, ticker: string, amount: string): void {
    if (!this.catalogue.specs.has(ticker)) throw new RangeError(`unknown ticker ${ticker}`);
    if (!isLooseDecimalString(amount) || amount.startsWith('-')) throw new RangeError('amount must be a non-negative decimal string');
    this.require(apiKey).setBalance(ticker, amount);
  }

  ledger(apiKey: string): LedgerView {
    const account = this.require(apiKey);
    account.settle(Date.now());
    return account.ledger();
  }

  positions(apiKey: string): PositionRecord[] {
    const account = this.require(apiKey);
    this.prices.advanceTo(Date.now());
    account.revalue(this.prices, Date.now());
    return account.positions;
  }

  /** Sets a market's price (admin API) and revalues every account's positions at it. */
  setPrice(market: string, price: string): string {
    if (!isLooseDecimalString(price)) throw new RangeError('price must be a decimal string');
    const set = this.prices.setPrice(market, price);
    for (const account of this.accountOrder) account.revalue(this.prices, Date.now());
    return set;
  }

  /** Pins a position's state: it holds until the next reset, whatever the price does. */
  setLiquidationState(apiKey: string, positionId: number, state: LiquidationState): PositionRecord {
    const position = this.require(apiKey).position(positionId);
    if (!position) throw new RangeError(`no position ${positionId} on this account`);
    this.require(apiKey).pinnedStates.set(positionId, state);
    position.liquidationState = state;
    position.modifyDate = Date.now() / 1000;
    this.require(apiKey).positionsVersion++;
    return position;
  }

  setAccountFlags(apiKey: string, flags: { twoFactor?: boolean; enabled?: boolean; b2b?: boolean; eea?: boolean }): AccountState {
    const account = this.require(apiKey);
    if (flags.eea !== undefined) account.eea = flags.eea;
    if (flags.twoFactor !== undefined) account.twoFactor = flags.twoFactor;
    if (flags.enabled !== undefined) account.enabled = flags.enabled;
    if (flags.b2b !== undefined) account.b2b = flags.b2b;
    return account;
  }

  /** The account's deposit address for a crypto ticker (withdrawing to it is business error 9). */
  depositAddress(apiKey: string, ticker: string): DepositAddress | undefined {
    return this.require(apiKey).depositAddresses.get(ticker);
  }

  /** History records of one account, newest first, as stored (statuses settled up to now). */
  history(apiKey: string): HistoryEntry[] {
    const account = this.require(apiKey);
    account.settle(Date.now());
    return [...account.history].reverse();
  }

  private require(apiKey: string): AccountState {
    const account = this.accountsByKey.get(apiKey);
    if (!account) throw new RangeError('unknown apiKey');
    return account;
  }
}
