/**
 * The one contract between the renderer and the main process.
 *
 * Every channel is declared here once, with the schema its payload must pass and the type of the
 * data it answers with. The preload, the router (electron/router) and the renderer's typed
 * `invoke` are all derived from this map; a channel name never appears as a bare string elsewhere.
 * Every answer is an Envelope (shared/errors.ts): handlers never throw across the boundary.
 *
 * Secrets are write-only: `accounts.add` and `accounts.setKey` take an API secret; nothing returns one.
 * The values the channels carry (accounts, settings, withdrawal records) live in shared/model/.
 */
import type { DatabaseStatus } from './model/database';
import { z } from 'zod';
import type { Envelope } from './errors';
import { Requests } from './api/endpoints';
import { BankBic, Beneficiary, CustomerIp, TravelRule, type Vasp } from './api/withdrawRequest';
import type {
  AssetsResponse,
  BalanceResponse,
  CodesResponse,
  FlexInvestmentsResponse,
  FlexPlansResponse,
  PositionsResponse,
} from './api/schemas';
import { AccountId, AccountName, ApiKey, ApiSecret, BaseUrl, RegionName, type AccountSummary, type PermissionReport } from './model/accounts';
import { SettingsPatch, type Settings } from './model/settings';
import { QuoteCurrency, type BalancesOverview, type PositionsOverview } from './model/balances';
import type { Holdings } from './model/holdings';
import type { KnownDestination, WithdrawalRecord } from './model/withdrawals';
import { AlertThreshold, type AlertsStatus, type PositionAlert } from './model/alerts';
import { CODE_PAGE_FIELDS, withinCodesWindow, type CodePage } from './model/codes';
import { TRANSACTION_PAGE_FIELDS, withinHistoryWindow, type TransactionPage } from './model/transactions';
import type { ConnectionState } from './model/connection';
import type { FeeSchedule } from './model/fees';
import type { LiveState } from './model/live';
import { HistoryAsset, HistoryRangeSchema, HistoryTime, type AssetChanges, type BalancesAsOf, type HistorySeries, type HistorySpace } from './model/history';
import type { Bootstrap } from './model/startup';
import type { SubAccountBalances, SubAccountPage, SubAccountsTotal } from './model/subAccounts';
import type { DepositAddressView } from './model/deposits';
import type { ClosedPositionsPage } from './model/closedPositions';
import { MarketName } from './api/schemas/common';
import { PriceAlertId, PriceAlertRearm, PriceAlertRule, type PriceAlert, type PriceAlertList, type PriceAlertMarket } from './model/priceAlerts';
import { FIELD_PROBLEM } from './model/fieldProblems';

// The contract's runtime constants live in a module without zod, so the page's first chunk can use
// them without loading the schemas; they are part of this contract all the same.
export { BROWSER_MODE, EVENT_NAMES, INVOKE_TIMEOUT_MS, IPC_CANCEL_CHANNEL, IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from './transport';

const Optional = <T extends z.ZodType>(t: T) => t.optional();
/** A page's own id for its connection watch: letters, digits and dashes (a UUID). */
const WatcherId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'A watcher id is 8 to 64 letters, digits or dashes');
/** A closed-positions window bound: whole seconds. */
const ClosedWindowTime = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const withAccount = <T extends z.ZodRawShape>(shape: T) => z.object({ accountId: AccountId, ...shape }).strict();

// ---------- the channel map ----------

export const CHANNELS = {
  'app.info': { request: z.object({}).strict(), response: {} as { version: string; mode: 'electron' | 'browser'; platform: string } },

  /**
   * What the page needs to open, in one call: settings.get, accounts.list and the landing
   * view's answers, which the main process starts fetching at launch.
   */
  'app.bootstrap': { request: z.object({}).strict(), response: {} as Bootstrap },

  'accounts.list': { request: z.object({}).strict(), response: {} as { accounts: AccountSummary[]; activeAccountId: string } },
  'accounts.add': {
    request: z
      .object({ name: AccountName, region: RegionName, baseUrl: Optional(BaseUrl), apiKey: ApiKey, apiSecret: ApiSecret })
      .strict()
      .refine((v) => v.region !== 'custom' || v.baseUrl !== undefined, { message: FIELD_PROBLEM.customNeedsUrl, path: ['baseUrl'] }),
    response: {} as { account: AccountSummary; report: PermissionReport },
  },
  'accounts.update': {
    request: withAccount({
      name: Optional(AccountName),
      region: Optional(RegionName),
      baseUrl: Optional(BaseUrl),
      notifyPositions: Optional(z.boolean()),
      /** Percent; null switches the distance alert off (state alerts stay with notifyPositions). */
      alertThresholdPercent: Optional(AlertThreshold.nullable()),
      eea: Optional(z.boolean()),
    }),
    response: {} as AccountSummary,
  },
  'accounts.setKey': { request: withAccount({ apiKey: ApiKey, apiSecret: ApiSecret }), response: {} as { account: AccountSummary; report: PermissionReport } },
  'accounts.test': { request: withAccount({}), response: {} as PermissionReport },
  'accounts.remove': { request: withAccount({}), response: {} as { removed: true } },
  'accounts.select': { request: withAccount({}), response: {} as { activeAccountId: string } },

  'settings.get': {
    request: z.object({}).strict(),
    /**
     * `forgottenAccounts`: accounts whose withdrawal records this computer keeps but that the
     * settings no longer list, because settings.json was missing or unreadable at start (0 otherwise).
     */
    response: {} as { settings: Settings; notice: string | null; forgottenAccounts: number },
  },
  'settings.update': { request: SettingsPatch, response: {} as Settings },

  /** What the main process knows of the account's connection from its calls (first paint; then `connection.changed`). */
  'connection.get': { request: withAccount({}), response: {} as ConnectionState },
  /**
   * A page (`watcher`, its own random id) watches the account's connection: main pings the exchange
   * through silences while some page's lease runs (shared/model/connection.ts), or stops for this page.
   * `seq` grows with each message of the watcher, so one overtaken by a later one is ignored. Answers
   * with the state as main knows it now, so a page that missed an event catches up at each renewal.
   */
  'connection.watch': {
    request: withAccount({ watcher: WatcherId, watching: z.boolean(), seq: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) }),
    response: {} as { leaseMs: number; state: ConnectionState },
  },

  'exchange.ping': { request: withAccount({}), response: {} as { latencyMs: number } },
  'exchange.assets': { request: withAccount({}), response: {} as AssetsResponse },
  'exchange.fees': { request: withAccount({}), response: {} as FeeSchedule },
  'exchange.balance': { request: withAccount({}), response: {} as BalanceResponse },
  'exchange.codes': { request: withAccount(Requests.codes.shape), response: {} as CodesResponse },
  'exchange.positions': { request: withAccount(Requests.positions.shape), response: {} as PositionsResponse },
  'exchange.flexPlans': { request: withAccount(Requests.flexPlans.shape), response: {} as FlexPlansResponse },
  'exchange.flexInvestments': { request: withAccount(Requests.flexInvestments.shape), response: {} as FlexInvestmentsResponse },
  'exchange.flexInvest': { request: withAccount(Requests.flexInvest.shape), response: {} as { transactionId: string } },

  /**
   * Every asset of one account (or, without accountId, of every configured account) across main,
   * trade and collateral, valued in `quote` (default: the quote setting). Parts that fail become notes.
   */
  'balances.overview': { request: z.object({ accountId: AccountId.optional(), quote: QuoteCurrency.optional() }).strict(), response: {} as BalancesOverview },
  /** Which account (and, with `subAccounts`, which sub-account) holds what: one row per asset, an amount per holder. */
  'balances.holdings': { request: z.object({ accountId: AccountId.optional(), quote: QuoteCurrency.optional(), subAccounts: z.boolean() }).strict(), response: {} as Holdings },
  /** Open positions as risk (current price, distance to liquidation) with the collateral summary. */
  'positions.overview': { request: withAccount({}), response: {} as PositionsOverview },

  /**
   * Closed positions: the exchange's position events grouped by position, newest close first,
   * optionally for one market and a window of event times (seconds, startDate <= endDate).
   */
  'positions.closed': {
    request: withAccount({ market: MarketName.optional(), startDate: ClosedWindowTime.optional(), endDate: ClosedWindowTime.optional() }).refine(
      (v) => v.startDate === undefined || v.endDate === undefined || v.startDate <= v.endDate,
      { message: FIELD_PROBLEM.startAfterEnd, path: ['startDate'] },
    ),
    response: {} as ClosedPositionsPage,
  },

  /** What the main-process position watcher raised this run, newest first (at most 100), and its state now. */
  'alerts.log': { request: z.object({}).strict(), response: {} as { alerts: PositionAlert[]; status: AlertsStatus } },

  // ---------- alerts a person sets (Alerts view): price, distance to liquidation, margin fraction ----------
  /** Every kept alert with the value it watches as last seen; unreadable rows are named, not dropped. */
  'priceAlerts.list': { request: z.object({}).strict(), response: {} as PriceAlertList },
  /** The markets of the account's exchange with their last prices (to pick a market; held a minute). */
  'priceAlerts.markets': { request: withAccount({}), response: {} as { markets: PriceAlertMarket[] } },
  /** A new alert, armed; its market must be one the account's exchange lists. */
  'priceAlerts.create': { request: z.object({ rule: PriceAlertRule, rearm: PriceAlertRearm }).strict(), response: {} as PriceAlert },
  /** A changed line or market arms it afresh; a changed re-arm choice alone keeps its state. */
  'priceAlerts.update': { request: z.object({ id: PriceAlertId, rule: PriceAlertRule.optional(), rearm: PriceAlertRearm.optional() }).strict(), response: {} as PriceAlert },
  'priceAlerts.delete': { request: z.object({ id: PriceAlertId }).strict(), response: {} as { deleted: true } },
  /** Arms a fired alert again (it fires at the next crossing). */
  'priceAlerts.rearm': { request: z.object({ id: PriceAlertId }).strict(), response: {} as PriceAlert },

  /** The account's live (WebSocket) connection: live, or REST fallback with the retry time. */
  'live.get': { request: withAccount({}), response: {} as LiveState },

  /**
   * One page of the account's codes (`list: 'my'`) or its codes history (`'history'`), filtered by
   * status, asset and dates. The exchange has none of these filters: a filtered page comes from a
   * scan of the whole list the exchange serves, held briefly in the main process.
   */
  'codes.page': {
    request: withAccount(CODE_PAGE_FIELDS).refine(withinCodesWindow, { message: FIELD_PROBLEM.pastWindow, path: ['offset'] }),
    response: {} as CodePage,
  },

  /** The account's deposits and withdrawals from the exchange's history, filtered, one page. */
  'transactions.page': {
    request: withAccount(TRANSACTION_PAGE_FIELDS).refine(withinHistoryWindow, { message: FIELD_PROBLEM.pastWindow, path: ['offset'] }),
    response: {} as TransactionPage,
  },

  /**
   * The account's net worth (or, with `asset`, one asset's amount and value) over `range`, in the
   * quote (default: the quote setting), thinned to at most `points` points, with the timeline's events.
   */
  'history.series': {
    request: withAccount({
      range: HistoryRangeSchema,
      asset: HistoryAsset.optional(),
      quote: QuoteCurrency.optional(),
      points: z.number().int().min(10).max(2_000).optional(),
      /** Tests and the benchmark fix "now"; the app omits it. */
      now: HistoryTime.optional(),
    }),
    response: {} as HistorySeries,
  },
  /** The snapshot nearest before `at` (every asset, amounts by part, prices, total). */
  'history.asOf': { request: withAccount({ at: HistoryTime, quote: QuoteCurrency.optional() }), response: {} as BalancesAsOf },
  /** Each asset's amount and value change against the snapshot nearest a day earlier (`accountId` may be the all-accounts series). */
  'history.changes': { request: withAccount({ quote: QuoteCurrency.optional() }), response: {} as AssetChanges },
  /** How much disk History takes. */
  'history.space': { request: z.object({}).strict(), response: {} as HistorySpace },
  /** Thins History by its retention rules now and hands freed space back to the disk; answers the space after. */
  'history.thin': { request: z.object({}).strict(), response: {} as HistorySpace },

  /** Records a withdrawal locally with a fresh uniqueId and its exact fee; sends nothing. */
  'withdrawals.prepare': {
    request: withAccount({
      ticker: Requests.withdrawPay.shape.ticker,
      amount: Requests.withdrawPay.shape.amount,
      address: Requests.withdrawPay.shape.address,
      memo: Requests.withdrawPay.shape.memo,
      network: Requests.withdrawPay.shape.network,
      provider: Requests.withdrawPay.shape.provider,
      // Checked against what this withdrawal requires with checkExtras (shared/api/withdrawRequest.ts).
      travelRule: TravelRule.optional(),
      beneficiary: Beneficiary.optional(),
      bankBic: BankBic.optional(),
      customerIp: CustomerIp.optional(),
      /** The user ticked "I accept that the fee is unknown" (no fee terms matched the provider). */
      acceptUnknownFee: z.literal(true).optional(),
    }),
    response: {} as WithdrawalRecord,
  },
  /** Travel Rule VASP list; `available: false` where the exchange has no list for the account's region. */
  'withdrawals.vasps': {
    request: withAccount({}),
    /** `unreadable`: entries that could not be read; `regionUnavailable`: the exchange keeps no list for the region. */
    response: {} as { available: boolean; vasps: Vasp[]; unreadable: number; regionUnavailable: boolean },
  },
  /** Sends a prepared (or looked-up-and-absent) withdrawal, with its recorded uniqueId. Never retried. */
  'withdrawals.send': {
    request: z
      .object({
        uniqueId: Requests.withdrawPay.shape.uniqueId,
        /** The total debit the confirmation showed (null: unknown fee); a different one at send is refused. */
        confirmedTotal: z.string().max(64).nullable().optional(),
        /** The person ticked "I checked this new address" for a first payment to it. */
        acceptNewDestination: z.literal(true).optional(),
        /** The id of the recent payment this one repeats, which the person confirmed paying again. */
        acceptRecentTwin: Requests.withdrawPay.shape.uniqueId.optional(),
      })
      .strict(),
    response: {} as WithdrawalRecord,
  },
  /** Looks the uniqueId up in history and updates the record. */
  'withdrawals.reconcile': { request: z.object({ uniqueId: Requests.withdrawPay.shape.uniqueId }).strict(), response: {} as WithdrawalRecord },
  /** `stillWatched`: an absent withdrawal stays looked up in the background after it is discarded. */
  'withdrawals.discard': { request: z.object({ uniqueId: Requests.withdrawPay.shape.uniqueId }).strict(), response: {} as { discarded: true; stillWatched: boolean } },
  'withdrawals.list': { request: z.object({ accountId: AccountId.optional() }).strict(), response: {} as WithdrawalRecord[] },

  // ---------- the whole account: sub-accounts ----------
  /** A page of the key's sub-accounts; `access: 'no_permission'` when the key may not list them. */
  'subAccounts.list': {
    request: withAccount({
      search: Requests.subAccountList.shape.search,
      offset: Requests.subAccountList.shape.offset,
      limit: Requests.subAccountList.shape.limit,
    }),
    response: {} as SubAccountPage,
  },
  /** One sub-account's balances (each asset's rows added up), valued in `quote` (default: the setting). */
  'subAccounts.balances': {
    request: withAccount({ id: Requests.subAccountBalances.shape.id, quote: QuoteCurrency.optional() }),
    response: {} as SubAccountBalances,
  },
  /** Every sub-account valued in `quote` and added up, with those left out named (to include in the account's total on request). */
  'subAccounts.total': { request: withAccount({ quote: QuoteCurrency.optional() }), response: {} as SubAccountsTotal },
  /** The address (and memo) to deposit `ticker` on `network`, with its terms; fiat and non-depositable assets answer `not_depositable`. */
  'deposits.address': { request: withAccount(Requests.depositAddress.shape), response: {} as DepositAddressView },

  /** Whether the app's database is open; withdrawals are off, and the Withdraw view says why, when it is not. */
  'database.status': { request: z.object({}).strict(), response: {} as DatabaseStatus },
  /** The known-destinations book of an account, most recently used first. */
  'withdrawals.destinations': { request: withAccount({}), response: {} as KnownDestination[] },
  /** Names a destination in the book (an empty label removes the name). */
  'withdrawals.labelDestination': {
    request: withAccount({
      ticker: Requests.withdrawPay.shape.ticker,
      network: z.string().max(64).nullable().optional(),
      provider: z.string().max(64).nullable().optional(),
      address: z.string().max(512),
      memo: z.string().max(256).nullable().optional(),
      label: z.string().max(80).nullable().optional(),
    }),
    response: {} as { labelled: true },
  },
} as const;

export type Channel = keyof typeof CHANNELS;
export type RequestOf<C extends Channel> = z.input<(typeof CHANNELS)[C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<(typeof CHANNELS)[C]['request']>;
export type ResponseOf<C extends Channel> = (typeof CHANNELS)[C]['response'];
export const CHANNEL_NAMES = Object.keys(CHANNELS) as Channel[];

/** Events pushed from main to the renderer. */
export interface EventPayloads {
  'withdrawals.updated': WithdrawalRecord;
  'accounts.changed': { activeAccountId: string };
  /** What an account's connection shows changed (status, since, retry or problem). */
  'connection.changed': ConnectionState;
  /** A position alert the main-process watcher raised (once per crossing). */
  'alerts.fired': PositionAlert;
  /** The watcher's state after each refresh, and when alerts are switched on or off. */
  'alerts.status': AlertsStatus;
  /** An account's live connection changed (live, connecting, fallback with its retry time, off). */
  'live.changed': LiveState;
  /**
   * The desktop notification the main process raised for an alert, worded in the picked language
   * (shared/i18n/alertWords.ts). The page words alerts itself from `alerts.fired`; this one is what
   * the OS shows, and in browser mode (no OS notification) the one place it can be seen.
   */
  'alerts.notification': { alertId: string; title: string; body: string };
  /** A set alert (Alerts view) fired, re-armed or was edited: the list is read again. */
  'priceAlerts.changed': Record<string, never>;
  /**
   * The account's positions overview computed in main from pushed data (the live model); at most
   * four a second per account. The page writes it into its positions.overview entry, no refetch.
   */
  'live.overview': PositionsOverview;
  /** A pushed balance of the account changed; at most once per 10 s per account (its balances views read again). */
  'live.balances': { accountId: string };
}
export type EventName = keyof EventPayloads;

/** Per-call options of `ExchangeBridge.invoke`. */
export interface InvokeOptions {
  /**
   * The page's abort signal (TanStack Query's `signal`): aborting answers `reason: 'cancelled'`
   * and, where the transport can say so (browser mode), stops the work in the main process too.
   */
  signal?: AbortSignal;
}

export interface ExchangeBridge {
  invoke<C extends Channel>(channel: C, payload: RequestOf<C>, options?: InvokeOptions): Promise<Envelope<ResponseOf<C>>>;
  /** Returns an unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

/**
 * What the Electron preload exposes as `window.exchange`. An AbortSignal cannot cross contextBridge,
 * so the page numbers its calls and cancels by number; renderer/api/bridge.ts turns this into an
 * ExchangeBridge with signals.
 */
export interface PreloadBridge {
  invoke<C extends Channel>(channel: C, payload: RequestOf<C>, callId?: number): Promise<Envelope<ResponseOf<C>>>;
  /** Stops the call `callId` of this page, if it is still running; the call then answers `cancelled`. */
  cancel(callId: number): void;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}
