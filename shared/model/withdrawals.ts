/** A withdrawal as this app records it, from prepare to the exchange's final word. */
import type { WithdrawalPhase } from '../api/endpoints';
import type { Confirmations, PartialAmounts } from '../api/schemas';
import type { Beneficiary, TravelRule } from '../api/withdrawRequest';
import type { AppError } from '../errors';

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

/** A discarded withdrawal that history shows after all: money left although the user gave it up. */
export function paidAfterDiscard(record: WithdrawalRecord): boolean {
  return record.discardedAt !== null && record.state === 'sent';
}
