/** Flex investments of a B2B account, in the plans that are open. */
import type { FlexPlanRecord } from './plans';
import type { InvestmentRecord } from '../model';
import type { Random } from '../random';
import { mul } from '../../../shared/money/decimal';
import { DATA_EPOCH_SECONDS } from './epoch';

export function investments(rng: Random, count: number, plans: FlexPlanRecord[]): InvestmentRecord[] {
  const active = plans.filter((p) => p.status === 'active');
  const out: InvestmentRecord[] = [];
  for (let i = 0; i < count && active.length > 0; i++) {
    const plan = active[i % active.length] as FlexPlanRecord;
    const createdAt = DATA_EPOCH_SECONDS - rng.int(86_400, 60 * 86_400);
    out.push({
      id: rng.uuid(),
      planId: plan.id,
      currency: plan.ticker,
      invested: mul(plan.minInvestment, '3'),
      withAutoReinvest: i % 2 === 0,
      status: i === count - 1 ? 0 : 1,
      createdAt,
      updatedAt: createdAt + rng.int(60, 86_400),
    });
  }
  return out;
}
