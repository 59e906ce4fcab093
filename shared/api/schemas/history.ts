/** Withdrawals and the deposit/withdrawal history. */
import { z } from 'zod';
import { AmountString, IntLike, UnixSeconds, IdText } from './common';
import { tolerantArray } from '../tolerant';

/** A withdraw-pay success is 201 with an empty array (or, from some gateways, an empty object). */
export const WithdrawPayResponse = z.union([z.array(z.unknown()).max(0), z.object({}).strict()]);
export type WithdrawPayResponse = z.infer<typeof WithdrawPayResponse>;

const OptionalIdText = IdText.nullable().optional();

const HistoryRecordRaw = z.object({
  address: z.string().max(512).optional().nullable(),
  uniqueId: OptionalIdText,
  unique_id: OptionalIdText,
  transactionId: OptionalIdText,
  transaction_id: OptionalIdText,
  createdAt: UnixSeconds.optional(),
  currency: z.string().max(64).optional(),
  ticker: z.string().max(64).optional(),
  method: IntLike.optional(),
  amount: AmountString,
  description: z.string().max(2000).nullable().optional(),
  memo: z.string().max(512).nullable().optional(),
  fee: AmountString.nullable().optional(),
  status: IntLike,
  network: z.string().max(64).nullable().optional(),
  transactionHash: z.string().max(512).nullable().optional(),
  /** Status 18 (partially successful): what was asked for vs what went through. */
  details: z
    .object({
      partial: z
        .object({ requestAmount: AmountString, processedAmount: AmountString, processedFee: AmountString })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  confirmations: z.object({ actual: IntLike, required: IntLike }).nullable().optional(),
});

/** History records, with both id spellings folded into one. */
export const HistoryRecord = HistoryRecordRaw.transform((r) => ({
  uniqueId: r.uniqueId ?? r.unique_id ?? null,
  transactionId: r.transactionId ?? r.transaction_id ?? null,
  address: r.address ?? null,
  createdAt: r.createdAt ?? null,
  ticker: r.ticker ?? r.currency ?? null,
  method: r.method ?? null,
  amount: r.amount,
  fee: r.fee ?? null,
  memo: r.memo ?? null,
  status: r.status,
  network: r.network ?? null,
  transactionHash: r.transactionHash ?? null,
  description: r.description ?? null,
  partial: r.details?.partial ?? null,
  confirmations: r.confirmations ?? null,
}));
export type HistoryRecord = z.output<typeof HistoryRecord>;
/** Status 18: what was asked for vs what went through. */
export type PartialAmounts = NonNullable<HistoryRecord['partial']>;
export type Confirmations = NonNullable<HistoryRecord['confirmations']>;

export const HistoryResponse = z
  .object({
    limit: IntLike,
    offset: IntLike,
    total: IntLike,
    records: tolerantArray(HistoryRecord, ['uniqueId', 'unique_id', 'transactionId', 'transaction_id']),
  })
  .transform(({ limit, offset, total, records }) => ({ limit, offset, total, records: records.items, unreadable: records.unreadable }));
export type HistoryResponse = z.output<typeof HistoryResponse>;
