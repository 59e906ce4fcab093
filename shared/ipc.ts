/**
 * The one contract between the renderer and the main process.
 *
 * Every channel is declared here once, with the schema its payload must pass and the type of the
 * data it answers with. The preload, the router (electron/router) and the renderer's typed
 * `invoke` are all derived from this map; a channel name never appears as a bare string elsewhere.
 * Every answer is an Envelope (shared/errors.ts): handlers never throw across the boundary.
 *
 * Secrets are write-only: `accounts.add` and `accounts.setKey` take an API secret; nothing returns one.
 */
import { z } from 'zod';
import type { Envelope } from './errors';
import { Requests, type WithdrawalPhase } from './api/endpoints';
import { isAllowedExchangeUrl } from './api/baseUrl';
import { BankBic, Beneficiary, CustomerIp, TravelRule, type Vasp } from './api/withdrawRequest';
import type {
  Confirmations,
  PartialAmounts,
  AssetsResponse,
  BalanceResponse,
  CodesResponse,
  FeesResponse,
  FlexInvestmentsResponse,
  FlexPlansResponse,
  PositionsResponse,
} from './api/schemas';
import type { AppError } from './errors';

// ---------- shared value types ----------

export const AccountId = z.string().regex(/^[a-z0-9-]{1,64}$/, 'is not a valid account id');
export const DEMO_ACCOUNT_ID = 'demo';

export const RegionName = z.enum(['global', 'eu', 'custom']);
export type RegionName = z.infer<typeof RegionName>;

const AccountName = z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters');
const ApiKey = z.string().trim().min(8, 'looks too short').max(256).regex(/^[\x21-\x7e]+$/, 'must not contain spaces');
const ApiSecret = z.string().trim().min(8, 'looks too short').max(256).regex(/^[\x21-\x7e]+$/, 'must not contain spaces');
/** https, or http only to this computer (a local simulator); anything else (file:, javascript:) is refused. */
const BaseUrl = z
  .string()
  .max(512)
  .url()
  .refine(isAllowedExchangeUrl, { message: 'must start with https:// (http:// only for this computer, e.g. a local simulator)' });

export type AreaStatus = 'ok' | 'no_permission' | 'failed';
export interface AreaResult {
  status: AreaStatus;
  message?: string;
}
/** What a key can reach, like a "test connection" report. */
export interface PermissionReport {
  balance: AreaResult;
  codes: AreaResult;
  positions: AreaResult;
  flex: AreaResult;
  testedAt: number;
}

export interface AccountSummary {
  id: string;
  name: string;
  region: RegionName;
  baseUrl: string;
  isDemo: boolean;
  /** First 4 and last 4 characters of the public key, e.g. "ab12…yz89"; null when no key is stored. */
  apiKeyMasked: string | null;
  /** True when the keychain holds a secret for this account. */
  hasSecret: boolean;
  /** Opt-in: a desktop notification when a position enters margin_call or liquidation. */
  notifyPositions: boolean;
  /**
   * The exchange account is in the EEA: its crypto withdrawals need Travel Rule data (API.md).
   * Default: on for the EU region, off otherwise, until the user sets it on the account card.
   */
  eea: boolean;
}

export const REFRESH_INTERVALS_MS = [0, 10_000, 30_000, 60_000, 300_000] as const;
export const ThemeChoice = z.enum(['system', 'light', 'dark']);

export const SettingsPatch = z
  .object({
    refreshIntervalMs: z.union(REFRESH_INTERVALS_MS.map((v) => z.literal(v)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]]).optional(),
    hideSmallBelow: Requests.flexInvest.shape.amount.or(z.literal('0')).optional(),
    theme: ThemeChoice.optional(),
  })
  .strict();

export interface Settings {
  refreshIntervalMs: (typeof REFRESH_INTERVALS_MS)[number];
  /** Display only: balances below this are hidden when the user asks. Decimal string. */
  hideSmallBelow: string;
  theme: z.infer<typeof ThemeChoice>;
}

export type WithdrawalState =
  /** Recorded locally with its uniqueId, not yet sent. */
  | 'prepared'
  /** The request is on the wire. */
  | 'sending'
  /** The exchange accepted it (201) or history shows it. */
  | 'sent'
  /** Sent, but the answer was lost (timeout, reset): must be looked up before anything else. */
  | 'unknown'
  /** Looked up after an unknown outcome and absent from history: the user may re-send with the same uniqueId. */
  | 'not_found'
  /** The exchange refused it; nothing was debited. */
  | 'rejected';

export interface WithdrawalRecord {
  uniqueId: string;
  accountId: string;
  ticker: string;
  network: string | null;
  provider: string | null;
  memo: string | null;
  address: string;
  /** What the receiver gets. */
  amount: string;
  /** Null when no fee terms matched the provider (API.md Decision): the user confirmed an unknown fee. */
  fee: string | null;
  /** amount + fee; null with an unknown fee. */
  totalDebit: string | null;
  /** Travel Rule data sent with a crypto withdrawal from an EEA account; null when not required. */
  travelRule: TravelRule | null;
  /** Fiat payout extras, sent exactly as recorded (a re-send repeats them). */
  beneficiary: Beneficiary | null;
  bankBic: string | null;
  customerIp: string | null;
  state: WithdrawalState;
  /** From history once the exchange knows the withdrawal. */
  phase: WithdrawalPhase | null;
  historyStatus: number | null;
  /** Status 18: what was asked for and what was paid out (history `details.partial`). */
  partial: PartialAmounts | null;
  confirmations: Confirmations | null;
  lastError: AppError | null;
  createdAt: number;
  updatedAt: number;
  /** When the last withdraw-pay request for this id left; history may lag behind it (unix ms). */
  lastSentAt: number | null;
  /**
   * Set when the user discarded a `not_found` withdrawal after the lag window: the record is kept
   * and still looked up, and if a debit appears after all, state becomes `sent` with this still set.
   */
  discardedAt: number | null;
}

/** A discarded withdrawal that history shows after all: money left although the user gave it up. */
export function paidAfterDiscard(record: WithdrawalRecord): boolean {
  return record.discardedAt !== null && record.state === 'sent';
}

const Optional = <T extends z.ZodType>(t: T) => t.optional();
const withAccount = <T extends z.ZodRawShape>(shape: T) => z.object({ accountId: AccountId, ...shape }).strict();

// ---------- the channel map ----------

export const CHANNELS = {
  'app.info': { request: z.object({}).strict(), response: {} as { version: string; mode: 'electron' | 'browser'; platform: string } },

  'accounts.list': { request: z.object({}).strict(), response: {} as { accounts: AccountSummary[]; activeAccountId: string } },
  'accounts.add': {
    request: z
      .object({ name: AccountName, region: RegionName, baseUrl: Optional(BaseUrl), apiKey: ApiKey, apiSecret: ApiSecret })
      .strict()
      .refine((v) => v.region !== 'custom' || v.baseUrl !== undefined, { message: 'A custom region needs a base URL', path: ['baseUrl'] }),
    response: {} as { account: AccountSummary; report: PermissionReport },
  },
  'accounts.update': {
    request: withAccount({
      name: Optional(AccountName),
      region: Optional(RegionName),
      baseUrl: Optional(BaseUrl),
      notifyPositions: Optional(z.boolean()),
      eea: Optional(z.boolean()),
    }),
    response: {} as AccountSummary,
  },
  'accounts.setKey': { request: withAccount({ apiKey: ApiKey, apiSecret: ApiSecret }), response: {} as { account: AccountSummary; report: PermissionReport } },
  'accounts.test': { request: withAccount({}), response: {} as PermissionReport },
  'accounts.remove': { request: withAccount({}), response: {} as { removed: true } },
  'accounts.select': { request: withAccount({}), response: {} as { activeAccountId: string } },

  'settings.get': { request: z.object({}).strict(), response: {} as { settings: Settings; notice: string | null } },
  'settings.update': { request: SettingsPatch, response: {} as Settings },

  'exchange.ping': { request: withAccount({}), response: {} as { latencyMs: number; serverTime: number } },
  'exchange.assets': { request: withAccount({}), response: {} as AssetsResponse },
  'exchange.fees': { request: withAccount({}), response: {} as FeesResponse },
  'exchange.balance': { request: withAccount({}), response: {} as BalanceResponse },
  'exchange.codes': { request: withAccount(Requests.codes.shape), response: {} as CodesResponse },
  'exchange.positions': { request: withAccount(Requests.positions.shape), response: {} as PositionsResponse },
  'exchange.flexPlans': { request: withAccount(Requests.flexPlans.shape), response: {} as FlexPlansResponse },
  'exchange.flexInvestments': { request: withAccount(Requests.flexInvestments.shape), response: {} as FlexInvestmentsResponse },
  'exchange.flexInvest': { request: withAccount(Requests.flexInvest.shape), response: {} as { transactionId: string } },

  /** Records a withdrawal locally with a fresh uniqueId and its exact fee; sends nothing. */
  'withdraw.prepare': {
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
  'withdraw.vasps': { request: withAccount({}), response: {} as { available: boolean; vasps: Vasp[]; note: string | null } },
  /** Sends a prepared (or looked-up-and-absent) withdrawal, with its recorded uniqueId. Never retried. */
  'withdraw.send': { request: z.object({ uniqueId: Requests.withdrawPay.shape.uniqueId }).strict(), response: {} as WithdrawalRecord },
  /** Looks the uniqueId up in history and updates the record. */
  'withdraw.reconcile': { request: z.object({ uniqueId: Requests.withdrawPay.shape.uniqueId }).strict(), response: {} as WithdrawalRecord },
  /** `stillWatched`: an absent withdrawal stays looked up in the background after it is discarded. */
  'withdraw.discard': { request: z.object({ uniqueId: Requests.withdrawPay.shape.uniqueId }).strict(), response: {} as { discarded: true; stillWatched: boolean } },
  'withdraw.list': { request: z.object({ accountId: AccountId.optional() }).strict(), response: {} as WithdrawalRecord[] },
} as const;

export type Channel = keyof typeof CHANNELS;
export type RequestOf<C extends Channel> = z.input<(typeof CHANNELS)[C]['request']>;
export type ParsedRequestOf<C extends Channel> = z.output<(typeof CHANNELS)[C]['request']>;
export type ResponseOf<C extends Channel> = (typeof CHANNELS)[C]['response'];
export const CHANNEL_NAMES = Object.keys(CHANNELS) as Channel[];

/** Events pushed from main to the renderer. */
export interface EventPayloads {
  'withdrawal.updated': WithdrawalRecord;
  'accounts.changed': { activeAccountId: string };
}
export type EventName = keyof EventPayloads;
export const EVENT_NAMES: EventName[] = ['withdrawal.updated', 'accounts.changed'];

/** The single global the preload exposes (and the browser-mode adapter imitates). */
/**
 * How long the page waits for any answer from the main process (renderer/api/bridge.ts). Every
 * main-process call must end well before it (the exchange client's overall deadline is 45 s), so
 * the page hears the real reason rather than its own timeout.
 */
export const INVOKE_TIMEOUT_MS = 60_000;

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
 * Browser mode speaks the same contract over loopback HTTP (electron/browser serves it,
 * renderer/api/bridge.ts calls it). Header names are compared case-insensitively by HTTP.
 */
export const BROWSER_MODE = {
  tokenHeader: 'x-desk-token',
  invokePath: '/api/invoke',
  eventsPath: '/api/events',
} as const;

/** Electron IPC channel names used by the preload and the main process (one per direction). */
export const IPC_INVOKE_CHANNEL = 'exchange:invoke';
export const IPC_EVENT_CHANNEL = 'exchange:event';
/** Page -> main: stop the call with this id (the page's abort signal cannot cross contextBridge). */
export const IPC_CANCEL_CHANNEL = 'exchange:cancel';

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

export function maskApiKey(apiKey: string): string {
  if (apiKey.length <= 8) return '•'.repeat(apiKey.length);
  return `${apiKey.slice(0, 4)}…${apiKey.slice(-4)}`;
}
