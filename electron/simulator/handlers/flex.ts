/**
 * Smart-flex (B2B) endpoints. Access for non-B2B accounts is refused in routes.ts with the
 * exchange's 403 body before these run.
 *
 * invest: the plan id arrives as `plan` (exchange docs) or `planId` (official CLI, seed); either
 * is accepted, and both must agree when both are sent. Checks after the request shape:
 *   422 code 1  the plan is paused or inactive
 *   400         more decimals than the currency has
 *   422 code 2  below the plan's minInvestment
 *   422 code 3  above the plan's maxInvestment
 *   422 code 4  not enough balance ("Not enough money, Tether US balance = 5")
 * Success debits the balance and answers 201 {"data":{"transaction_id": "..."}}.
 */
import { ENDPOINTS, FLEX_LIMIT } from '../../../shared/api/endpoints';
import { compare, decimalPlaces, isZero, toPlain, dec } from '../../../shared/money/decimal';
import { innerValidationFailed, validationFailed, type Reply } from '../http';
import type { InvestmentRecord } from '../model';
import { Validator } from '../validation';
import { INVALID_TICKER } from './account';
import type { PrivateContext } from './context';

/** Flex offsets have no documented upper bound; this one only keeps the numbers sane. */
const FLEX_OFFSET_MAX = 1_000_000;

export const FLEX_FORBIDDEN = {
  success: false,
  message: "You don't have permission to use this endpoint. Please contact support for more details",
  code: 0,
} as const;

function pageParams(v: Validator): { limit?: number; offset?: number; ticker?: string } {
  const limit = v.integer('limit', { min: FLEX_LIMIT.min, max: FLEX_LIMIT.max, default: FLEX_LIMIT.default });
  const offset = v.integer('offset', { min: 0, max: FLEX_OFFSET_MAX, default: 0 });
  const ticker = v.string('ticker', { max: 32 });
  if (ticker !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(ticker)) v.add('ticker', INVALID_TICKER);
  return { limit, offset, ticker };
}

export function flexPlans(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const { limit, offset, ticker } = pageParams(v);
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);
  // Only active plans ever leave the server; paused and inactive ones are never listed.
  const plans = ticker === undefined ? ctx.state.activePlans : ctx.state.activePlans.filter((p) => p.ticker === ticker);
  const page = plans.slice(offset, offset + limit).map(({ id, ticker: t, minInvestment, maxInvestment, maxRate }) => ({
    id,
    ticker: t,
    minInvestment,
    maxInvestment,
    maxRate,
  }));
  return { status: ENDPOINTS.flexPlans.successStatus, body: page };
}

export function flexInvestments(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const { limit, offset, ticker } = pageParams(v);
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);
  const all = ctx.account.investments;
  const matching = ticker === undefined ? all : all.filter((i) => i.currency === ticker);
  return { status: ENDPOINTS.flexInvestments.successStatus, body: { data: matching.slice(offset, offset + limit), limit, offset } };
}

function planIdFrom(v: Validator): string | undefined {
  const { plan, planId } = v.body;
  const given = (x: unknown) => x !== undefined && x !== null && x !== '';
  if (given(plan) && given(planId) && String(plan) !== String(planId)) {
    v.add('plan', 'The plan and plan id fields must match.');
    return undefined;
  }
  const field = given(plan) ? 'plan' : 'planId';
  const raw = v.body[field];
  if (!given(raw)) {
    v.add('plan', 'The plan field is required.');
    return undefined;
  }
  if (typeof raw === 'number' && Number.isInteger(raw)) return String(raw);
  return v.string(field, { max: 128 });
}

export function flexInvest(ctx: PrivateContext): Reply {
  const { account, state, nowMs } = ctx;
  const v = new Validator(ctx.body);
  const planId = planIdFrom(v);
  const amount = v.amount('amount', { required: true });
  const withReinvest = v.boolean('withReinvest');
  const plan = planId === undefined ? undefined : state.plansById.get(planId);
  if (planId !== undefined && !plan) v.add('plan', 'The selected plan is invalid.');
  if (amount !== undefined && isZero(amount)) v.add('amount', 'The amount must be greater than 0.');
  if (v.failed || !plan || amount === undefined) return validationFailed(v.errors);

  if (plan.status !== 'active') return innerValidationFailed(1, { plan: ['This plan is not available for new investments.'] });
  const spec = state.catalogue.specs.get(plan.ticker);
  const precision = spec?.precision ?? 8;
  const invested = toPlain(dec(amount));
  if (decimalPlaces(invested) > precision) return validationFailed({ amount: [`The amount must have no more than ${precision} decimal places.`] });
  if (compare(invested, plan.minInvestment) < 0) return innerValidationFailed(2, { amount: [`The minimum investment is ${plan.minInvestment} ${plan.ticker}`] });
  if (compare(invested, plan.maxInvestment) > 0) return innerValidationFailed(3, { amount: [`The maximum investment is ${plan.maxInvestment} ${plan.ticker}`] });
  const balance = account.balanceOf(plan.ticker);
  if (compare(invested, balance) > 0) {
    return innerValidationFailed(4, { amount: [`Not enough money, ${spec?.name ?? plan.ticker} balance = ${balance}`] });
  }

  const transactionId = state.nextTransactionId();
  account.debit({ kind: 'flex_investment', uniqueId: transactionId, ticker: plan.ticker, amount: invested, fee: '0' }, nowMs);
  const seconds = Math.floor(nowMs / 1000);
  const investment: InvestmentRecord = {
    id: transactionId,
    planId: plan.id,
    currency: plan.ticker,
    invested,
    withAutoReinvest: withReinvest ?? false,
    status: 'active',
    createdAt: seconds,
    updatedAt: seconds,
  };
  account.investments.unshift(investment);
  return { status: ENDPOINTS.flexInvest.successStatus, body: { data: { transaction_id: transactionId } } };
}
