/**
 * Smart-flex (B2B) endpoints. Access for non-B2B accounts is refused in server.ts with the
 * exchange's 403 body before these run.
 *
 * invest: the plan id arrives as `plan` (exchange docs) or `planId` (official CLI, seed); either
 * is accepted, and both must agree when both are sent. Checks after the request shape, with the
 * documented bodies:
 *   422 code 0  {"plan":["Plan is paused"]} / {"plan":["Plan is unavailable"]}
 *   400         more decimals than the currency has
 *   422 code 2  {"amount":["Amount is less than min investment"]}
 *   422 code 3  {"amount":["Amount is more than max investment"]}
 *   422 code 4  {"amount":["Available 9 < 10"]}
 * Success debits the balance and answers 201 {"data":{"transaction_id": "..."}}.
 */
import { compare, decimalPlaces, isZero, toPlain, dec } from '../../../shared/money/decimal';
import { innerValidationFailed, validationFailed, type Reply } from '../http';
import type { InvestmentRecord } from '../model';
import { SUCCESS_STATUS } from '../paths';
import { Validator } from '../validation';
import type { PrivateContext } from './context';

/** Flex page sizes as documented (limit <= 100, default 100); offsets have no documented bound, this one keeps numbers sane. */
const FLEX_LIMIT = { min: 1, max: 100, default: 100 } as const;
const FLEX_OFFSET_MAX = 1_000_000;

/** The documented 403 body (docs/exchange-api.md): lending access off, or a key whose endpoint restrictions exclude it. */
export const FLEX_FORBIDDEN = {
  code: 0,
  message: "You don't have permission to use this endpoint. Please contact support for more details",
} as const;

const FLEX_MESSAGES = {
  planInvalid: 'The selected plan is invalid.',
  planPaused: 'Plan is paused',
  planUnavailable: 'Plan is unavailable',
  amountInvalid: 'The amount field must be a valid number',
  belowMin: 'Amount is less than min investment',
  aboveMax: 'Amount is more than max investment',
  tickerInvalid: 'The selected ticker is invalid.',
  investmentInvalid: 'The selected investment is invalid.',
  investmentStatusInvalid: 'The selected investment status is invalid.',
} as const;

function pageParams(v: Validator): { limit?: number; offset?: number; ticker?: string } {
  const limit = v.integer('limit', { min: FLEX_LIMIT.min, max: FLEX_LIMIT.max, default: FLEX_LIMIT.default });
  const offset = v.integer('offset', { min: 0, max: FLEX_OFFSET_MAX, default: 0 });
  const ticker = v.string('ticker', { max: 32 });
  if (ticker !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(ticker)) v.add('ticker', FLEX_MESSAGES.tickerInvalid);
  return { limit, offset, ticker };
}

export function flexPlans(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const { limit, offset, ticker } = pageParams(v);
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);
  const listed = ctx.state.listedPlans();
  const plans = ticker === undefined ? listed : listed.filter((p) => p.ticker === ticker);
  const page = plans.slice(offset, offset + limit).map(({ id, ticker: t, minInvestment, maxInvestment, maxRate }) => ({
    id,
    ticker: t,
    minInvestment,
    maxInvestment,
    maxRate,
  }));
  return { status: SUCCESS_STATUS.ok, body: page };
}

export function flexInvestments(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const { limit, offset, ticker } = pageParams(v);
  const plan = v.string('plan', { max: 128 });
  if (plan !== undefined && !ctx.state.plansById.has(plan)) v.add('plan', FLEX_MESSAGES.planInvalid);
  const investment = v.string('investment', { max: 128 });
  let status: 0 | 1 | undefined;
  const rawStatus = ctx.body.investmentStatus;
  if (rawStatus !== undefined && rawStatus !== null) {
    if (rawStatus === 0 || rawStatus === 1 || rawStatus === '0' || rawStatus === '1') status = Number(rawStatus) as 0 | 1;
    else v.add('investmentStatus', FLEX_MESSAGES.investmentStatusInvalid);
  }
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);
  const matching = ctx.account.investments.filter(
    (i) =>
      (ticker === undefined || i.currency === ticker) &&
      (plan === undefined || i.planId === plan) &&
      (investment === undefined || i.id === investment) &&
      (status === undefined || i.status === status),
  );
  return { status: SUCCESS_STATUS.ok, body: { data: matching.slice(offset, offset + limit), limit, offset } };
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
  if (v.has('amount') && ctx.body.amount !== undefined && ctx.body.amount !== null && ctx.body.amount !== '') {
    v.errors.amount = [FLEX_MESSAGES.amountInvalid];
  }
  const withReinvest = v.boolean('withReinvest');
  const plan = planId === undefined ? undefined : state.plansById.get(planId);
  if (planId !== undefined && !plan) v.add('plan', FLEX_MESSAGES.planInvalid);
  if (amount !== undefined && isZero(amount)) v.add('amount', 'The amount must be greater than 0.');
  if (v.failed || !plan || amount === undefined) return validationFailed(v.errors);

  if (plan.status === 'paused') return innerValidationFailed(0, { plan: [FLEX_MESSAGES.planPaused] });
  if (plan.status !== 'active') return innerValidationFailed(0, { plan: [FLEX_MESSAGES.planUnavailable] });
  const spec = state.catalogue.specs.get(plan.ticker);
  const precision = spec?.precision ?? 8;
  const invested = toPlain(dec(amount));
  if (decimalPlaces(invested) > precision) return validationFailed({ amount: [`The amount must have no more than ${precision} decimal places.`] });
  if (compare(invested, plan.minInvestment) < 0) return innerValidationFailed(2, { amount: [FLEX_MESSAGES.belowMin] });
  if (compare(invested, plan.maxInvestment) > 0) return innerValidationFailed(3, { amount: [FLEX_MESSAGES.aboveMax] });
  const balance = account.balanceOf(plan.ticker);
  if (compare(invested, balance) > 0) return innerValidationFailed(4, { amount: [`Available ${balance} < ${invested}`] });

  const transactionId = state.nextTransactionId();
  account.debit({ kind: 'flex_investment', uniqueId: transactionId, ticker: plan.ticker, amount: invested, fee: '0' }, nowMs);
  const seconds = Math.floor(nowMs / 1000);
  const investment: InvestmentRecord = {
    id: transactionId,
    planId: plan.id,
    currency: plan.ticker,
    invested,
    withAutoReinvest: withReinvest ?? false,
    status: 1,
    createdAt: seconds,
    updatedAt: seconds,
  };
  account.investments.unshift(investment);
  return { status: SUCCESS_STATUS.created, body: { data: { transaction_id: transactionId } } };
}
