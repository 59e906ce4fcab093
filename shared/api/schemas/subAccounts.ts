/**
 * Sub-accounts of a master key (docs/exchange-api.md "Sub-accounts"): the paged list and each one's
 * balances. The list is read element by element, so one odd sub-account never hides the others; the
 * balances map every ticker to an ARRAY of rows, each read on its own.
 */
import { z } from 'zod';
import { tolerantArray, tolerantRecord } from '../tolerant';
import { AmountString } from './common';

export const SubAccount = z.object({
  id: z.string().min(1).max(128),
  alias: z.string().max(200),
  userId: z.string().max(128).optional(),
  email: z.string().max(320).optional(),
  status: z.string().max(64).optional(),
  color: z.string().max(32).optional(),
  kyc: z.object({ shareKyc: z.boolean().optional(), kycStatus: z.string().max(64).optional() }).optional(),
  permissions: z.object({ spotEnabled: z.boolean().optional(), collateralEnabled: z.boolean().optional() }).optional(),
});
export type SubAccount = z.infer<typeof SubAccount>;

export const SubAccountListResponse = z.object({
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
  data: tolerantArray(SubAccount, ['id', 'alias']),
});
export type SubAccountListResponse = z.output<typeof SubAccountListResponse>;

/** One row of a ticker's array; a missing part counts as none of it. */
export const SubAccountBalanceRow = z.object({
  main: AmountString.optional(),
  spot: AmountString.optional(),
  collateral: AmountString.optional(),
});
export type SubAccountBalanceRow = z.infer<typeof SubAccountBalanceRow>;

export const SubAccountBalancesResponse = tolerantRecord(z.array(SubAccountBalanceRow));
export type SubAccountBalancesResponse = z.output<typeof SubAccountBalancesResponse>;
