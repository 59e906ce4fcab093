/**
 * Every reason code a failure can carry (`AppError.reason`), each with the zod schema of the values
 * that go with it. The main process sends a code and values, never a sentence; the renderer checks
 * the values with these schemas and words them in the person's language. A code or values it cannot
 * read (a newer main process) gets a generic sentence, never a blank.
 *
 * Values are plain: ids, tickers, network names, amounts as decimal strings, times as epoch ms.
 * `field` names the request field a refusal concerns (the withdrawal form puts it under that field).
 */
// zod's small build: these schemas load with the page's first paint, where the full build weighs twice the rest.
import { z } from 'zod/mini';

const Text = z.string();
/** An amount as a decimal string, exactly as computed (never a JSON number). */
const Amount = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
const Epoch = z.number();
// Loose: a refusal may carry ids for the log (uniqueId) that the words do not need.
const None = z.looseObject({});
/** Names, comma separated (the networks or providers to choose from). */
const Choices = z.string();

const withField = <T extends Record<string, z.ZodMiniType>>(shape: T) => z.object({ field: Text, ...shape });

const FAILURE_VALUES = {
  // What the exchange answered, sorted for logic and words (electron/services/exchange/classify.ts).
  nonce_window: None,
  two_factor_off: None,
  withdraw_throttled: None,
  duplicate_id: None,
  invalid_payload: None,
  bad_signature: None,
  key_disabled: None,
  key_lacks_permission: None,
  endpoint_forbidden: None,
  region_unavailable: None,
  plan_paused: None,
  /** The call's overall deadline (all attempts, back-off and waits) passed, after `seconds`. */
  deadline: z.object({ seconds: z.optional(z.number()) }),
  /** The caller aborted (a page closed, a query was cancelled). */
  cancelled: None,
  /** The exchange answered 429, or the app's own limiter held the request back. */
  rate_limited: None,
  /** A sub-account's balances were refused: "Account is not confirmed". */
  account_not_confirmed: None,
  /** A deposit address was refused: fiat or an asset that cannot be deposited. */
  not_depositable: None,
  /** The app's database could not be opened or read: withdrawals are off (database.status says why). */
  database_unavailable: None,
  /** Nothing accepted a connection at the exchange's address: wrong address or port, or no server. */
  connection_refused: z.object({ address: Text }),
  /** The server at `address` answered, but not as the exchange's API does (a web site, another service, a wrong path). */
  not_an_exchange: z.object({ address: Text }),
  /** The connection failed on the way: `cause` is tls (an untrusted certificate), dns, cut, unreachable, offline or other. */
  transport: z.object({ cause: Text }),
  /** The exchange's answer was larger than the app reads (`megabytes`). */
  response_too_large: z.object({ megabytes: z.number() }),

  // The app's own refusals (accounts, settings, keychain, the router).
  /** The account has no API key and secret yet. */
  no_api_key: None,
  /**
   * Browser mode: the app's own local server refused this page's session (its cookie is missing or
   * no longer valid). About the window, never about an exchange key.
   */
  session_ended: None,
  /** No account with this id (removed meanwhile). */
  account_unknown: None,
  /** This API key already belongs to the account named `holder`. */
  key_in_use: z.object({ holder: Text }),
  /** The account cannot be removed while its withdrawal `uniqueId` may still be paying out (its outcome is open). */
  account_has_open_withdrawal: z.object({ uniqueId: Text, state: Text, amount: Amount, ticker: Text, address: Text }),
  /** The keychain no longer holds the secret of the account named `account`. */
  secret_missing: z.object({ account: Text }),
  /** The system keychain cannot be reached; `platform` as Node names it (linux, darwin, win32). */
  keychain_unreachable: z.object({ platform: Text }),
  /** The settings could not be written, or the file on disk could not be read and is kept untouched. */
  /** The data folder the settings live in (the person may need to fix its permissions). */
  settings_unsaved: z.looseObject({ folder: z.optional(Text) }),
  /** The Demo account's `field` (name, server, key, the account itself) is built in. */
  demo_fixed: withField({}),
  /** A custom server address goes with the custom region only, and the custom region needs one. */
  base_url_custom_only: withField({}),
  base_url_required: withField({}),
  /** The app's database could not be opened, so History is off. */
  history_unavailable: None,
  /** The app is shutting down. */
  app_closing: None,
  /** A request the app's contract refuses (the page should not send it); `fields` name the paths. */
  request_invalid: None,

  // The withdrawal service's refusals (renderer/features/withdrawals/refusalWords.ts).
  /** Another withdrawal of the same intent (account, asset, network, address, memo, amount) has an open outcome. */
  /** The same payment (`twinId`) was sent at `sentAt`, within a day: paying it again needs a confirmation naming it. */
  recent_twin_unconfirmed: z.object({ twinId: Text, amount: Amount, ticker: Text, sentAt: Epoch }),
  twin_open: z.object({ twinId: Text, twinState: Text, amount: Amount, ticker: Text, sentAt: Epoch, newAllowedAt: z.nullable(Epoch) }),
  /** The fee or total re-read at send differs from what the person confirmed. */
  debit_changed: z.object({ ticker: Text, confirmedTotal: z.nullable(Amount), total: z.nullable(Amount) }),
  /** The draft's figures are older than the draft lifetime; prepare it again. */
  draft_expired: z.object({ quotedAt: Epoch }),
  /** A first payment to an address never used before was not confirmed as such. */
  new_destination_unconfirmed: None,
  /** The destination holds characters a person cannot check by eye. */
  destination_unreadable: withField({ problem: Text, codePoint: Text }),
  /** The withdrawal's state does not allow the action. */
  withdrawal_state: z.object({ state: Text, action: z.optional(Text) }),
  /** Absent from history but sent recently: history may lag, so it cannot be discarded yet. */
  discard_too_early: z.object({ sentAt: Epoch, discardableAt: Epoch }),
  /** There is no withdrawal with this id on this computer. */
  withdrawal_unknown: None,
  /** The withdrawal service has shut down. */
  service_closed: None,

  // A withdrawal request's fields, checked again in the main process against fresh exchange data
  // (electron/services/withdrawals/validate.ts, shared/api/fees.ts); worded by
  // renderer/features/withdrawals/fieldRefusalWords.ts.
  asset_unknown: withField({ ticker: Text }),
  asset_not_withdrawable: withField({ ticker: Text }),
  asset_website_only: withField({ ticker: Text }),
  /** The asset has one network; none may be named. */
  network_not_used: withField({ ticker: Text }),
  /** Withdrawals are off on every network of the asset. */
  network_none_open: withField({ ticker: Text }),
  network_not_chosen: withField({ ticker: Text, choices: Choices }),
  network_not_offered: withField({ ticker: Text, network: Text, choices: Choices }),
  /** Not a fiat asset: no payment provider may be named. */
  provider_not_used: withField({ ticker: Text }),
  provider_none_open: withField({ ticker: Text }),
  provider_not_chosen: withField({ ticker: Text, choices: Choices }),
  provider_not_offered: withField({ ticker: Text, provider: Text, choices: Choices }),
  provider_not_withdrawable: withField({ ticker: Text, provider: Text }),
  provider_website_only: withField({ ticker: Text, provider: Text }),
  /** Not of the network's address format; `problem` and `family` as in shared/addresses/addressFormat.ts. */
  address_invalid: withField({ network: Text, problem: Text, family: Text, lookalikeName: z.nullable(Text), lookalikeNetworks: z.nullable(Choices) }),
  memo_required: withField({ ticker: Text }),
  memo_not_used: withField({ ticker: Text }),
  /** A Travel Rule or payout field (`field` is its dotted path) is missing, not used or not valid. */
  extra_field: withField({ problem: Text }),
  amount_not_a_number: withField({}),
  amount_not_positive: withField({}),
  /** More decimal places than the asset allows; `fallback` when the exchange stated none. */
  amount_too_precise: withField({ ticker: Text, precision: z.int(), fallback: z.nullable(z.int()) }),
  amount_below_min: withField({ ticker: Text, min: Amount }),
  amount_above_max: withField({ ticker: Text, max: Amount }),
  /** `needed` is amount + fee, or the amount alone when the fee is unknown (`fee` null). */
  balance_short: withField({ ticker: Text, needed: Amount, available: Amount, fee: z.nullable(Amount) }),
  /** The fee is unknown and the request did not accept that; `cause` as FeeUnknown in shared/api/fees.ts. */
  fee_unknown_unaccepted: withField({ ticker: Text, cause: Text, provider: z.nullable(Text) }),
} as const satisfies Record<string, z.ZodMiniObject>;

export type FailureReason = keyof typeof FAILURE_VALUES;
export type FailureValues<R extends FailureReason> = z.input<(typeof FAILURE_VALUES)[R]>;

export const FAILURE_REASONS = Object.keys(FAILURE_VALUES) as FailureReason[];

export function isFailureReason(value: unknown): value is FailureReason {
  return typeof value === 'string' && Object.hasOwn(FAILURE_VALUES, value);
}

/** A code with values the schema accepts, as one value the renderer can switch on. */
export type KnownFailure = { [R in FailureReason]: { reason: R; values: z.output<(typeof FAILURE_VALUES)[R]> } }[FailureReason];

/** The failure's code and checked values, or null when either is unknown or unreadable here. */
export function readFailure(error: { reason?: unknown; values?: unknown }): KnownFailure | null {
  if (!isFailureReason(error.reason)) return null;
  const parsed = FAILURE_VALUES[error.reason].safeParse(error.values ?? {});
  return parsed.success ? ({ reason: error.reason, values: parsed.data } as KnownFailure) : null;
}

/**
 * What is wrong with one Travel Rule or payout field (`extra_field`, and each entry of `fields`): the
 * messages of the extras' schemas (shared/api/withdrawRequest.ts) are these codes.
 */
export const EXTRA_FIELD_PROBLEMS = [
  'required',
  'too_long',
  'invisible_character',
  'country_code',
  'beneficiary_type',
  'vasp',
  'wallet_type',
  'latin_letters',
  'date',
  'bic',
  'ip_address',
  'not_accepted',
  'not_used',
  'required_travel_rule',
  'required_payout',
  'required_bank',
  'required_visamaster',
  'invalid',
] as const;

export type ExtraFieldProblem = (typeof EXTRA_FIELD_PROBLEMS)[number];

export function isExtraFieldProblem(value: unknown): value is ExtraFieldProblem {
  return typeof value === 'string' && (EXTRA_FIELD_PROBLEMS as readonly string[]).includes(value);
}

/** A zod issue of the extras' schemas as its problem code; zod's own messages (a missing field) are not ours. */
export function extraFieldProblem(issue: { code: string; message: string; input?: unknown }): ExtraFieldProblem {
  if (isExtraFieldProblem(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return 'required';
  return 'invalid';
}

/** A message that is a code (ours or a newer main process's), not words: never shown as it is. */
export function looksLikeCode(message: string): boolean {
  return /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(message);
}
