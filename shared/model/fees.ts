import type { FeesResponse } from '../api/schemas';

/**
 * Withdrawal fees as a preview uses them: the exchange's published list with the account's own
 * terms laid over it where they apply (docs/exchange-api.md "The account's fee schedule").
 * `accountSchedule` says whether the account's schedule was read; `accountTerms` lists the fee keys
 * whose terms came from it.
 */
export type FeeSchedule = FeesResponse & {
  accountSchedule: 'read' | 'not_permitted' | 'unavailable';
  accountTerms: string[];
};
