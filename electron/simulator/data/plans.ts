/**
 * Flex (smart-flex) earn plans. Plans are exchange-wide, not per account. Paused and inactive plans
 * exist in the data on purpose: the endpoint must never return them (seed 2.3).
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
}

const PLAN_SPECS: ReadonlyArray<Omit<FlexPlanRecord, 'id'>> = [
  { ticker: 'USDT', minInvestment: '10', maxInvestment: '100000', maxRate: '12', status: 'active' },
  { ticker: 'USDT', minInvestment: '1000', maxInvestment: '1000000', maxRate: '8.5', status: 'active' },
  { ticker: 'BTC', minInvestment: '0.001', maxInvestment: '10', maxRate: '3.2', status: 'active' },
  { ticker: 'ETH', minInvestment: '0.01', maxInvestment: '100', maxRate: '4.1', status: 'active' },
  { ticker: 'USDC', minInvestment: '10', maxInvestment: '100000', maxRate: '10', status: 'active' },
  { ticker: 'UAH', minInvestment: '500', maxInvestment: '1000000', maxRate: '14', status: 'active' },
  { ticker: 'EUR', minInvestment: '100', maxInvestment: '50000', maxRate: '3', status: 'active' },
  { ticker: 'XRP', minInvestment: '20', maxInvestment: '500000', maxRate: '5.5', status: 'active' },
  { ticker: 'SOL', minInvestment: '0.5', maxInvestment: '5000', maxRate: '6.75', status: 'active' },
  { ticker: 'TRX', minInvestment: '100', maxInvestment: '10000000', maxRate: '7', status: 'active' },
  { ticker: 'DAI', minInvestment: '10', maxInvestment: '100000', maxRate: '9.5', status: 'active' },
  { ticker: 'LTC', minInvestment: '0.1', maxInvestment: '1000', maxRate: '2.5', status: 'active' },
  { ticker: 'BNB', minInvestment: '0.05', maxInvestment: '500', maxRate: '2.2', status: 'active' },
  { ticker: 'DOGE', minInvestment: '100', maxInvestment: '1000000', maxRate: '4.4', status: 'active' },
  { ticker: 'TON', minInvestment: '5', maxInvestment: '100000', maxRate: '8', status: 'active' },
  { ticker: 'WBT', minInvestment: '1', maxInvestment: '50000', maxRate: '15', status: 'active' },
  { ticker: 'USDT', minInvestment: '50', maxInvestment: '20000', maxRate: '18', status: 'paused' },
  { ticker: 'BTC', minInvestment: '0.01', maxInvestment: '5', maxRate: '5', status: 'paused' },
  { ticker: 'ADA', minInvestment: '10', maxInvestment: '100000', maxRate: '6', status: 'paused' },
  { ticker: 'DOT', minInvestment: '1', maxInvestment: '10000', maxRate: '11', status: 'paused' },
  { ticker: 'XLM', minInvestment: '50', maxInvestment: '1000000', maxRate: '4', status: 'inactive' },
  { ticker: 'ETH', minInvestment: '0.1', maxInvestment: '50', maxRate: '7.5', status: 'inactive' },
];

export function buildPlans(seed: number): FlexPlanRecord[] {
  const rng = forkRandom(seed, 'plans');
  return PLAN_SPECS.map((spec) => ({ id: rng.uuid(), ...spec }));
}
