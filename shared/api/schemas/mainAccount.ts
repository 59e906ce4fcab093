/** Main account: balances, codes, deposit addresses, private fees, the WebSocket token. */
import { z } from 'zod';
import { isLooseDecimalString } from '../../money/decimal';
import { AmountString, IntLike, UnixSeconds } from './common';
import { tolerantArray, tolerantRecord } from '../tolerant';

const BalanceEntry = z.object({ main_balance: AmountString });
export type BalanceEntry = z.infer<typeof BalanceEntry>;
/** Keyed by ticker; the real exchange lists every asset, zero balances included. */
export const BalanceResponse = tolerantRecord(BalanceEntry);
export type BalanceResponse = z.output<typeof BalanceResponse>;

export const CodeRecord = z.object({
  amount: AmountString,
  code: z.string().max(512),
  date: UnixSeconds,
  status: z.string().max(64),
  ticker: z.string().max(64),
  external_id: z.string().max(256),
});
export type CodeRecord = z.infer<typeof CodeRecord>;

/** A page of codes. Codes are redeemable: a notice names a failed code by `external_id`, never by the code. */
const codesPage = <T extends z.ZodType>(record: T) =>
  z
    .object({ total: IntLike, data: tolerantArray(record, ['external_id']), limit: IntLike, offset: IntLike })
    .transform(({ total, limit, offset, data }) => ({ total, limit, offset, data: data.items, unreadable: data.unreadable }));
export const CodesResponse = codesPage(CodeRecord);
export type CodesResponse = z.output<typeof CodesResponse>;

/** Codes history: like codes/my, amounts signed ("+0.002" received, "-0.002" sent). */
const CodeHistoryRecord = CodeRecord.extend({
  amount: z.string().refine((v) => !v.startsWith('+-') && isLooseDecimalString(v.replace(/^\+/, '')), { message: 'must be a signed decimal string' }),
});
export type CodeHistoryRecord = z.infer<typeof CodeHistoryRecord>;
export const CodesHistoryResponse = codesPage(CodeHistoryRecord);
export type CodesHistoryResponse = z.output<typeof CodesHistoryResponse>;

/** `/main-account/address`: a deposit address and the deposit terms. */
export const DepositAddressResponse = z.object({
  account: z.object({ address: z.string().max(512), memo: z.string().max(512).nullable().optional() }),
  required: z
    .object({
      fixedFee: AmountString.optional(),
      flexFee: z.object({ maxFee: AmountString, minFee: AmountString, percent: AmountString }).optional(),
      maxAmount: AmountString.optional(),
      minAmount: AmountString.optional(),
    })
    .optional(),
});
export type DepositAddressResponse = z.infer<typeof DepositAddressResponse>;

/** `/main-account/fee` (private): per-currency terms with camelCase names. No example body is documented. */
const PrivateFeeTerms = z.object({
  minFlex: AmountString.optional(),
  maxFlex: AmountString.optional(),
  percentFlex: AmountString.optional(),
  fixed: AmountString.optional(),
  minAmount: AmountString.optional(),
  maxAmount: AmountString.optional(),
});
export const PrivateFeeInfo = z.object({
  ticker: z.string().max(64),
  name: z.string().max(200).optional(),
  can_deposit: z.boolean().optional(),
  can_withdraw: z.boolean().optional(),
  deposit: PrivateFeeTerms.optional(),
  withdraw: PrivateFeeTerms.optional(),
});
export type PrivateFeeInfo = z.infer<typeof PrivateFeeInfo>;
export const PrivateFeesResponse = tolerantArray(PrivateFeeInfo, ['ticker']);
export type PrivateFeesResponse = z.output<typeof PrivateFeesResponse>;

export const WebsocketTokenResponse = z.object({ websocket_token: z.string().min(1).max(512) });
export type WebsocketTokenResponse = z.infer<typeof WebsocketTokenResponse>;
