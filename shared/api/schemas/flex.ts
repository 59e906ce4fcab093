/** Flex (B2B) plans and investments. */
import { z } from 'zod';
import { AmountString, IntLike, UnixSeconds, IdText } from './common';
import { tolerantArray } from '../tolerant';

export const FlexPlan = z.object({
  id: IdText,
  ticker: z.string().max(64),
  minInvestment: AmountString,
  maxInvestment: AmountString,
  /** A fraction of 1 (docs/exchange-api.md): "0.15" is 15 % a year. */
  maxRate: AmountString,
});
export type FlexPlan = z.infer<typeof FlexPlan>;
export const FlexPlansResponse = tolerantArray(FlexPlan, ['id', 'ticker']);
export type FlexPlansResponse = z.output<typeof FlexPlansResponse>;

/** `{"data":{"transaction_id":…}}`; older docs spell it `transactionId`. Either becomes `transactionId`. */
export const FlexInvestResponse = z
  .object({
    data: z
      .object({ transaction_id: IdText.optional(), transactionId: IdText.optional() })
      .refine((d) => d.transaction_id !== undefined || d.transactionId !== undefined, { message: 'must carry transaction_id or transactionId' }),
  })
  .transform(({ data }) => ({ transactionId: (data.transaction_id ?? data.transactionId)! }));
export type FlexInvestResponse = z.output<typeof FlexInvestResponse>;

export const FlexInvestment = z.object({
  id: IdText,
  planId: IdText,
  currency: z.string().max(64),
  invested: AmountString,
  withAutoReinvest: z.boolean(),
  /** 1 active, 0 closed (docs/exchange-api.md); other integers are shown as they are. */
  status: IntLike,
  createdAt: UnixSeconds,
  updatedAt: UnixSeconds,
});
export type FlexInvestment = z.output<typeof FlexInvestment>;
export const FlexInvestmentsResponse = z
  .object({ data: tolerantArray(FlexInvestment, ['id']), limit: IntLike, offset: IntLike })
  .transform(({ data, limit, offset }) => ({ data: data.items, limit, offset, unreadable: data.unreadable }));
export type FlexInvestmentsResponse = z.output<typeof FlexInvestmentsResponse>;
