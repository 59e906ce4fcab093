/**
 * resolveWithdrawal is a plain function over exchange data: these cases use the documented fiat fee
 * shape (terms keyed by provider id), which today's simulator does not send yet.
 */
import { describe, expect, it } from 'vitest';
import type { FeeList, ProviderFeeTerms, WithdrawAsset } from '../../../shared/api/fees';
import { AppFailure } from '../../../shared/errors';
import { readFailure } from '../../../shared/failures';
import { resolveWithdrawal, type PrepareRequest } from './validate';

const sepaTerms: ProviderFeeTerms = {
  providerId: 'EUR_SEPA_BCB',
  name: 'EUR SEPA BCB',
  is_withdrawal: true,
  is_api_withdrawal: true,
  min_amount: '10',
  max_amount: '14500',
  fixed: null,
  flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' },
};
const fees: FeeList = {
  items: { EUR: { ticker: 'EUR', name: 'Euro', is_withdrawal: false, is_api_withdrawal: true, withdraw: null, withdrawByProvider: { EUR_SEPA_BCB: sepaTerms } } },
};
const eur: WithdrawAsset = { can_withdraw: true, currency_precision: 2, min_withdraw: '10', max_withdraw: '0', providers: { withdraws: ['SEPA', 'VISAMASTER'] } };
const xrp: WithdrawAsset = { can_withdraw: true, currency_precision: null, is_memo: true, memo: { deposit: true, withdraw: false }, networks: { withdraws: ['XRP'] } };
const market = { assets: { EUR: eur, XRP: xrp }, fees, balance: { EUR: { main_balance: '1000' }, XRP: { main_balance: '100' } } };
const visamaster: PrepareRequest = {
  accountId: 'acc-1',
  ticker: 'EUR',
  amount: '100',
  address: '4111111111111111',
  provider: 'VISAMASTER',
  beneficiary: { firstName: 'Jane', lastName: 'Smith' },
  customerIp: '203.0.113.42',
};

function failure(run: () => unknown): AppFailure {
  try {
    run();
  } catch (e) {
    if (e instanceof AppFailure) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('resolveWithdrawal: fee unknown needs an explicit acceptance', () => {
  it('VISAMASTER matches no EUR fee provider id: refused until the user accepts an unknown fee', () => {
    const refused = failure(() => resolveWithdrawal(visamaster, market, { eea: false }));
    expect(refused.error).toMatchObject({
      reason: 'fee_unknown_unaccepted',
      message: 'fee_unknown_unaccepted',
      values: { field: 'acceptUnknownFee', ticker: 'EUR', cause: 'provider_unlisted', provider: 'VISAMASTER' },
      fields: { acceptUnknownFee: ['fee_unknown_unaccepted'] },
    });
    const accepted = resolveWithdrawal({ ...visamaster, acceptUnknownFee: true }, market, { eea: false });
    expect(accepted.preview).toMatchObject({ fee: null, totalDebit: null });
    expect(accepted.extras).toEqual({ beneficiary: { firstName: 'Jane', lastName: 'Smith' }, customerIp: '203.0.113.42' });
  });

  it('SEPA matches EUR_SEPA_BCB: fee known, no acceptance needed', () => {
    const sepa = resolveWithdrawal({ ...visamaster, provider: 'SEPA', address: 'DE89370400440532013000', customerIp: undefined, bankBic: 'DEUTDEFF' }, market, { eea: false });
    expect(sepa.preview).toMatchObject({ fee: '3', totalDebit: '103' });
  });

  it('memo follows memo.withdraw over is_memo; an absent precision is assumed 8', () => {
    const noMemo = resolveWithdrawal({ accountId: 'acc-1', ticker: 'XRP', amount: '25.12345678', address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', acceptUnknownFee: true }, market, { eea: false });
    expect(noMemo).toMatchObject({ memo: null, preview: { precision: 8, precisionAssumed: true } });
    const memoGiven = failure(() => resolveWithdrawal({ accountId: 'acc-1', ticker: 'XRP', amount: '25', address: 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh', memo: '123' }, market, { eea: false }));
    expect(memoGiven.error).toMatchObject({ reason: 'memo_not_used', values: { field: 'memo', ticker: 'XRP' }, fields: { memo: ['memo_not_used'] } });
  });
});

describe('resolveWithdrawal: every refusal is a code and values, checked by the shared schema', () => {
  const sepa: PrepareRequest = { ...visamaster, provider: 'SEPA', address: 'DE89370400440532013000', customerIp: undefined, bankBic: 'DEUTDEFF' };
  it.each([
    { name: 'an amount below the minimum', request: { ...sepa, amount: '5' }, reason: 'amount_below_min', values: { field: 'amount', ticker: 'EUR', min: '10' } },
    { name: 'more than the balance', request: { ...sepa, amount: '999' }, reason: 'balance_short', values: { field: 'amount', ticker: 'EUR', needed: '1002', available: '1000', fee: '3' } },
    { name: 'an asset the exchange does not list', request: { ...sepa, ticker: 'ZZZ' }, reason: 'asset_unknown', values: { field: 'ticker', ticker: 'ZZZ' } },
    { name: 'a provider that does not pay out', request: { ...sepa, provider: 'MONOBANK' }, reason: 'provider_not_offered', values: { field: 'provider', provider: 'MONOBANK', choices: 'SEPA, VISAMASTER' } },
    { name: 'a network on a fiat asset', request: { ...sepa, network: 'ERC20' }, reason: 'network_not_used', values: { field: 'network', ticker: 'EUR' } },
    {
      name: 'an XRP address that is not one',
      request: { accountId: 'acc-1', ticker: 'XRP', amount: '25', address: '0x52908400098527886E0F7030069857D2E4169EE7', acceptUnknownFee: true },
      reason: 'address_invalid',
      values: { field: 'address', network: 'XRP', family: 'XRP Ledger', lookalikeName: 'EVM' },
    },
  ])('$name', ({ request, reason, values }) => {
    const refused = failure(() => resolveWithdrawal(request as PrepareRequest, market, { eea: false }));
    expect(refused.error).toMatchObject({ kind: 'validation', reason, message: reason, values, fields: { [values.field]: [reason] } });
    // What the renderer reads: the code's schema accepts the values as sent.
    expect(readFailure(refused.error)).toMatchObject({ reason, values });
  });

  it('a Travel Rule refusal names each field with its problem code', () => {
    const refused = failure(() => resolveWithdrawal({ ...sepa, beneficiary: { firstName: 'Иван', lastName: '' } }, market, { eea: false }));
    expect(refused.error).toMatchObject({
      reason: 'extra_field',
      values: { field: 'beneficiary.firstName', problem: 'latin_letters' },
      fields: { 'beneficiary.firstName': ['latin_letters'], 'beneficiary.lastName': ['required', 'latin_letters'] },
    });
  });
});
