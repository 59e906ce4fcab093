/**
 * Flex (smart-flex) earn plans. Plans are exchange-wide, not per account. Paused and inactive plans
 * exist in the data on purpose: the plans endpoint does not list them (seed 2.3), and investing in
 * one is refused (422 code 0 "Plan is paused" / "Plan is unavailable", as documented). One paused
 * plan (ADA) IS listed, as a list fetched before a pause would show it, so Demo mode can show the
 * refusal; the admin API can pause any plan.
 *
 * `maxRate` is a fraction of 1 like every documented example ("0.15" = 15 %).
 */
import { forkRandom } from '../random';

export type PlanStatus = 'active' | 'paused' | 'inactive';

export interface FlexPlanRecord {
  id: string;
  ticker: string;
  minInvestment: string;
  maxInvestment: string;
  maxRate: string;
  status: PlanStatus;
  /** Listed by /smart-flex/plans although paused. */
  listedWhilePaused?: boolean;
}

const PLAN_SPECS: ReadonlyArray<Omit<FlexPlanRecord, 'id'>> = [
  { ticker: 'USDT', minInvestment: '10', maxInvestment: '100000', maxRate: '0.12', status: 'active' },
  { ticker: 'USDT', minInvestment: '1000', maxInvestment: '1000000', maxRate: '0.085', status: 'active' },
  { ticker: 'BTC', minInvestment: '0.001', maxInvestment: '10', maxRate: '0.032', status: 'active' },
  { ticker: 'ETH', minInvestment: '0.01', maxInvestment: '100', maxRate: '0.041', status: 'active' },
  { ticker: 'USDC', minInvestment: '10', maxInvestment: '100000', maxRate: '0.1', status: 'active' },
  { ticker: 'UAH', minInvestment: '500', maxInvestment: '1000000', maxRate: '0.14', status: 'active' },
  { ticker: 'EUR', minInvestment: '100', maxInvestment: '50000', maxRate: '0.03', status: 'active' },
  { ticker: 'XRP', minInvestment: '20', maxInvestment: '500000', maxRate: '0.055', status: 'active' },
  { ticker: 'SOL', minInvestment: '0.5', maxInvestment: '5000', maxRate: '0.0675', status: 'active' },
  { ticker: 'TRX', minInvestment: '100', maxInvestment: '10000000', maxRate: '0.07', status: 'active' },
  { ticker: 'DAI', minInvestment: '10', maxInvestment: '100000', maxRate: '0.095', status: 'active' },
  { ticker: 'LTC', minInvestment: '0.1', maxInvestment: '1000', maxRate: '0.025', status: 'active' },
  { ticker: 'BNB', minInvestment: '0.05', maxInvestment: '500', maxRate: '0.022', status: 'active' },
  { ticker: 'DOGE', minInvestment: '100', maxInvestment: '1000000', maxRate: '0.044', status: 'active' },
  { ticker: 'TON', minInvestment: '5', maxInvestment: '100000', maxRate: '0.08', status: 'active' },
  { ticker: 'WBT', minInvestment: '1', maxInvestment: '50000', maxRate: '0.15', status: 'active' },
  { ticker: 'USDT', minInvestment: '50', maxInvestment: '20000', maxRate: '0.18', status: 'paused' },
  { ticker: 'BTC', minInvestment: '0.01', maxInvestment: '5', maxRate: '0.05', status: 'paused' },
  { ticker: 'ADA', minInvestment: '10', maxInvestment: '100000', maxRate: '0.06', status: 'paused', listedWhilePaused: true },
  { ticker: 'DOT', minInvestment: '1', maxInvestment: '10000', maxRate: '0.11', status: 'paused' },
  { ticker: 'XLM', minInvestment: '50', maxInvestment: '1000000', maxRate: '0.04', status: 'inactive' },
  { ticker: 'ETH', minInvestment: '0.1', maxInvestment: '50', maxRate: '0.075', status: 'inactive' },
];

export function buildPlans(seed: number): FlexPlanRecord[] {
  const rng = forkRandom(seed, 'plans');
  return PLAN_SPECS.map((spec) => ({ id: rng.uuid(), ...spec }));
}
