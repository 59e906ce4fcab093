/** A withdrawal as this app records it, from prepare to the exchange's final word. */
import type { WithdrawalPhase } from '../api/endpoints';
import type { Confirmations, PartialAmounts } from '../api/schemas';
import type { Beneficiary, TravelRule } from '../api/withdrawRequest';
import type { AppError } from '../errors';
import { compare } from '../money/decimal';

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
  /** Null when no fee terms matched the provider (docs/exchange-api.md): the user confirmed an unknown fee. */
  fee: string | null;
  /** amount + fee; null with an unknown fee. `fee` and `totalDebit` are what the person confirmed. */
  totalDebit: string | null;
  /** When `fee` and `totalDebit` were computed from fresh exchange data (unix ms); drafts expire DRAFT_LIFETIME_MS after it. */
  quotedAt: number;
  /** What the exchange debited, from its history (the withdrawal's amount and fee); null until history shows them. */
  debitedAmount: string | null;
  debitedFee: string | null;
  /** The destination was not in the known-destinations book when the withdrawal was prepared. */
  newDestination: boolean;
  /**
   * When prepared, the same payment (destination, asset, amount) had been sent within the last
   * RECENT_TWIN_MS: sending this one too needs a confirmation naming that one. Absent in older records.
   */
  recentTwin?: RecentPayment | null;
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
  /** The network's transaction id once history shows one (absent in records from older versions). */
  transactionHash?: string | null;
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

/** A payment already sent that a new draft repeats. */
export interface RecentPayment {
  uniqueId: string;
  amount: string;
  ticker: string;
  /** When its request left (unix ms). */
  sentAt: number;
}

/** How long a sent payment makes the same one again need a confirmation naming it. */
export const RECENT_TWIN_MS = 24 * 60 * 60_000;

/** A prepared withdrawal's figures are this old at most when it is sent; after that it is prepared again. */
export const DRAFT_LIFETIME_MS = 10 * 60_000;

/** The exchange debited something other than what the person confirmed (amount or fee). */
export function debitDiffers(record: WithdrawalRecord): boolean {
  if (record.debitedAmount === null && record.debitedFee === null) return false;
  const differs = (a: string | null, b: string | null) => a !== null && b !== null && compare(a, b) !== 0;
  return differs(record.debitedAmount, record.amount) || differs(record.debitedFee, record.fee);
}

/** A discarded withdrawal that history shows after all: money left although the user gave it up. */
export function paidAfterDiscard(record: WithdrawalRecord): boolean {
  return record.discardedAt !== null && record.state === 'sent';
}

/** An address a withdrawal was sent to, remembered per account (the known-destinations book). */
export interface KnownDestination {
  accountId: string;
  ticker: string;
  network: string | null;
  /** Fiat payouts: the provider instead of a network. */
  provider: string | null;
  address: string;
  memo: string | null;
  label: string | null;
  firstUsedAt: number;
  lastUsedAt: number;
  uses: number;
}
