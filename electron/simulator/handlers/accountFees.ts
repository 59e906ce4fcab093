/**
 * POST /main-account/fee: the account's own deposit and withdrawal terms per currency, camelCase,
 * "0" where a setting is off. One entry per ticker: a multi-network asset gives its first network's
 * terms, a fiat asset its first provider's (docs/exchange-api.md "The account's fee schedule").
 * The simulator charges every account the published fees, so the terms equal /public/fee's.
 */
import type { Reply } from '../http';
import { SUCCESS_STATUS } from '../paths';
import type { AssetSpec, FeeSpec } from '../data/catalogue';
import type { PrivateContext } from './context';

interface Terms {
  minFlex: string;
  maxFlex: string;
  percentFlex: string;
  fixed: string;
  minAmount: string;
  maxAmount: string;
}

const OFF: Terms = { minFlex: '0', maxFlex: '0', percentFlex: '0', fixed: '0', minAmount: '0', maxAmount: '0' };

function terms(fee: FeeSpec | undefined): Terms {
  if (!fee) return OFF;
  return {
    minFlex: fee.flex?.min_fee ?? '0',
    maxFlex: fee.flex?.max_fee ?? '0',
    percentFlex: fee.flex?.percent ?? '0',
    fixed: fee.fixed ?? '0',
    minAmount: fee.min_amount,
    maxAmount: fee.max_amount,
  };
}

function entry(spec: AssetSpec) {
  const provider = spec.providers?.[0];
  const key = spec.networks?.[0] ?? spec.ticker;
  const withdraw = spec.fiat ? provider?.fee : (spec.fees[key] ?? spec.fees[spec.ticker] ?? Object.values(spec.fees)[0]);
  const deposit = spec.fiat ? (provider?.deposits === false ? undefined : provider?.fee) : (spec.depositFees?.[key] ?? spec.depositFees?.[spec.ticker]);
  return {
    ticker: spec.ticker,
    name: spec.name,
    can_deposit: spec.canDeposit ?? true,
    can_withdraw: spec.canWithdraw ?? true,
    deposit: terms(deposit),
    withdraw: terms(withdraw),
  };
}

/**
 * The schedule changes only when the published fees do (the admin API sets both, and replaces the
 * published list's text), so it is serialised once per published list.
 */
const cache = new WeakMap<Buffer, string>();

export function accountFees(ctx: PrivateContext): Reply {
  let json = cache.get(ctx.state.feesJson);
  if (json === undefined) {
    json = JSON.stringify([...ctx.state.catalogue.specs.values()].sort((a, b) => (a.ticker < b.ticker ? -1 : 1)).map(entry));
    cache.set(ctx.state.feesJson, json);
  }
  return { status: SUCCESS_STATUS.ok, raw: { text: Buffer.from(json), contentType: 'application/json' } };
}
