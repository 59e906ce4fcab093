/**
 * TRANSITIONAL (remove at merge). The response schemas in schemas.ts are being changed in parallel
 * to `{ items, unreadable }` lists, a FeeEntry with `withdraw | withdrawByProvider`, and history
 * records with `partial` and `confirmations`. The withdrawal code is written for those shapes; these
 * adapters let it run on today's shapes as well, and accept the new shapes at run time already.
 * At merge each function becomes `(r) => r.items` (or `r.partial` / `r.confirmations`) and this
 * file goes away.
 */
import type { FeeEntry, FeeList, FlexFee, ProviderFeeTerms, WithdrawAsset } from './fees';

function isItemsList(value: unknown): value is { items: Record<string, unknown> } {
  if (typeof value !== 'object' || value === null || !('items' in value) || !('unreadable' in value)) return false;
  return typeof value.items === 'object' && value.items !== null && Array.isArray(value.unreadable);
}

type OldFeeEntry = {
  ticker: string;
  name: string;
  is_withdrawal?: boolean | undefined;
  is_api_withdrawal?: boolean | undefined;
  withdraw?: { min_amount?: string | null; max_amount?: string | null; fixed: string | null; flex: FlexFee | null };
};

/** Old entries were flat: a missing `is_withdrawal` counts as false (API.md). */
function fromOldEntry(old: OldFeeEntry): FeeEntry {
  return {
    ticker: old.ticker,
    name: old.name,
    is_withdrawal: old.is_withdrawal ?? false,
    is_api_withdrawal: old.is_api_withdrawal ?? null,
    withdraw: old.withdraw ? { min_amount: old.withdraw.min_amount ?? null, max_amount: old.withdraw.max_amount ?? null, fixed: old.withdraw.fixed, flex: old.withdraw.flex } : null,
    withdrawByProvider: {} as Record<string, ProviderFeeTerms>,
  };
}

export function feeListOf(response: object): FeeList {
  if (isItemsList(response)) return response as unknown as FeeList;
  const items: Record<string, FeeEntry> = {};
  for (const [key, entry] of Object.entries(response as Record<string, OldFeeEntry>)) {
    Object.defineProperty(items, key, { value: fromOldEntry(entry), enumerable: true, writable: true, configurable: true });
  }
  return { items };
}

export function assetItemsOf<A extends WithdrawAsset>(response: object): Record<string, A> {
  return (isItemsList(response) ? response.items : response) as Record<string, A>;
}

export function balanceItemsOf(response: object): Record<string, { main_balance: string }> {
  return (isItemsList(response) ? response.items : response) as Record<string, { main_balance: string }>;
}

export interface PartialAmounts {
  requestAmount: string;
  processedAmount: string;
  processedFee: string;
}
export interface Confirmations {
  actual: number;
  required: number;
}

/** `partial` and `confirmations` of a history record, once the schema reads them; null before. */
export function historyExtrasOf(record: object): { partial: PartialAmounts | null; confirmations: Confirmations | null } {
  const r = record as { partial?: PartialAmounts | null; confirmations?: Confirmations | null };
  return { partial: r.partial ?? null, confirmations: r.confirmations ?? null };
}
