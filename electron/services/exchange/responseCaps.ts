/**
 * The largest answer each endpoint may send, in bytes: a little above the most the exchange can
 * send for it (docs/exchange-api.md, "Answer sizes"), so a runaway or hostile answer is refused
 * before it is read, and only answers that can really be large go to the parse worker.
 */
import type { EndpointName } from '../../../shared/api/endpoints';

const KIB = 1024;
const MIB = 1024 * KIB;

/** Endpoints not listed here get DEFAULT_CAP. */
const CAPS: Partial<Record<EndpointName, number>> = {
  ping: 4 * KIB,
  time: 4 * KIB,
  websocketToken: 4 * KIB,
  withdrawPay: 64 * KIB,
  withdrawAccessProbe: 64 * KIB,
  flexInvest: 64 * KIB,
  depositAddress: 64 * KIB,
  // One entry per listed asset (about a thousand, each well under 1 KiB with its networks and limits).
  assets: 4 * MIB,
  fees: 4 * MIB,
  // One entry per asset, a few numbers each.
  balance: 2 * MIB,
  tradeBalance: 2 * MIB,
  collateralBalance: 2 * MIB,
  mainAccountFees: 2 * MIB,
  // Pages of at most 100 records.
  history: 2 * MIB,
  codes: 2 * MIB,
  codesHistory: 2 * MIB,
  positions: 2 * MIB,
  positionsHistory: 2 * MIB,
  flexPlans: 2 * MIB,
  flexInvestments: 2 * MIB,
  travelRuleVasps: 2 * MIB,
  collateralSummary: 256 * KIB,
};

const DEFAULT_CAP = 4 * MIB;

/** The cap for `name`, never above the client's own overall limit. */
export function responseCapFor(name: EndpointName, overall: number): number {
  return Math.min(CAPS[name] ?? DEFAULT_CAP, overall);
}
