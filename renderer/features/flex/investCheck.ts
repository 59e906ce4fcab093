/**
 * Checks an amount a person typed before any investment request is built: it must be a plain
 * positive decimal, within the plan's bounds, and covered by the main balance of the plan's ticker.
 * Every comparison is decimal (shared/money/decimal), never floating point.
 */
import { t } from '@lingui/core/macro';
import { Requests } from '../../../shared/api/endpoints';
import type { BalanceResponse, FlexPlan } from '../../../shared/api/schemas';
import { compare, decimalPlaces, toPlain, dec } from '../../../shared/money/decimal';
import { readAmountInput } from '../../../shared/money/amountInput';

export type InvestCheck = { ok: true; amount: string } | { ok: false; message: string };

/** The main balance of a ticker; a missing entry (or one that could not be read) counts as 0. */
export function availableBalance(balances: BalanceResponse | undefined, ticker: string): string {
  return balances?.items[ticker]?.main_balance ?? '0';
}

/**
 * `precision` is the currency's number of decimals (public assets), when known: the exchange
 * refuses amounts with more decimals than the currency has.
 */
export function checkInvestAmount(
  input: string,
  plan: Pick<FlexPlan, 'ticker' | 'minInvestment' | 'maxInvestment'>,
  available: string,
  precision?: number,
): InvestCheck {
  const read = readAmountInput(input);
  if (!read.ok) {
    return {
      ok: false,
      message:
        read.problem === 'separators'
          ? t`The amount has more than one separator: write it without thousands separators, e.g. 1234.5 or 1234,5.`
          : t`The amount must be digits with one decimal separator, e.g. 1234.5 or 1234,5.`,
    };
  }
  const typed = read.value;
  if (typed === '') return { ok: false, message: t`Enter an amount.` };
  const parsed = Requests.flexInvest.shape.amount.safeParse(typed);
  if (!parsed.success) return { ok: false, message: t`The amount is not valid.` };
  const amount = toPlain(dec(typed));
  if (precision !== undefined && decimalPlaces(amount) > precision) {
    return { ok: false, message: precision === 0 ? t`${plan.ticker} amounts must be whole numbers.` : t`${plan.ticker} allows at most ${precision} decimal places.` };
  }
  if (compare(amount, plan.minInvestment) < 0) return { ok: false, message: t`The minimum for this plan is ${plan.minInvestment} ${plan.ticker}.` };
  // A maximum of 0 would forbid every amount; treat it as "no maximum", as the exchange does for limits.
  if (compare(plan.maxInvestment, '0') > 0 && compare(amount, plan.maxInvestment) > 0) {
    return { ok: false, message: t`The maximum for this plan is ${plan.maxInvestment} ${plan.ticker}.` };
  }
  if (compare(amount, available) > 0) return { ok: false, message: t`Not enough ${plan.ticker} in the main balance: ${available} available.` };
  return { ok: true, amount };
}
