/**
 * Everything the simulated exchange knows, in memory: the catalogue, the plans, the prices and the
 * accounts (each an AccountState: its ledger, codes, positions, history and investments). Handlers
 * read and change it; tests reach it directly through `RunningSimulator.state`.
 *
 * Money moves only through an account's `debit` and `credit`, so the ledger of debits is complete:
 * a withdrawal appears there exactly once, at the moment it was accepted.
 */
import { isDecimalString, isLooseDecimalString } from '../../shared/money/decimal';
import { buildAccounts, type DepositAddress } from './data/accounts';
import { feeKey } from '../../shared/api/fees';
import { buildCatalogue, cryptoFeeWire, type AssetSpec, type Catalogue } from './data/catalogue';
import { buildMarkets } from './data/markets';
import { buildPlans, type FlexPlanRecord } from './data/plans';
import { PriceBook } from './prices';
import { ScopeRateLimiter } from './rateLimit';
import { WsTokenStore } from './ws/tokens';
import type { HistoryEntry, LiquidationState, PositionRecord } from './model';
import { AccountState, type LedgerView, type SimulatorAccount } from './accountState';

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
