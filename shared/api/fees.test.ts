import { describe, expect, it } from 'vitest';
import { feeKey, findFeeEntry, previewWithdrawal, withdrawalFee, withdrawalLimits } from './fees';
import type { AssetStatus, FeeEntry, FeesResponse } from './schemas';

function feeEntry(ticker: string, withdraw: Partial<NonNullable<FeeEntry['withdraw']>>): FeeEntry {
  return { ticker, name: ticker, is_withdrawal: true, is_api_withdrawal: true, withdraw: { min_amount: '0', max_amount: '0', fixed: null, flex: null, ...withdraw }, withdrawByProvider: {} };
}
const feeList = (items: Record<string, FeeEntry>): FeesResponse => ({ items, unreadable: [] });

function asset(overrides: Partial<AssetStatus> = {}): AssetStatus {
  return { name: 'Asset', can_deposit: true, can_withdraw: true, min_withdraw: '0', max_withdraw: '0', currency_precision: 8, is_memo: false, ...overrides };
}

describe('withdrawalFee: fee(N) = fixed + clamp(N * percent / 100, min_fee, max_fee), rounded up', () => {
  const cases: Array<{ name: string; entry: FeeEntry; amount: string; precision: number; fee: string }> = [
    { name: 'fixed only', entry: feeEntry('BTC', { fixed: '0.0004' }), amount: '1', precision: 8, fee: '0.0004' },
    { name: 'fixed does not depend on the amount', entry: feeEntry('BTC', { fixed: '0.0004' }), amount: '123.45678901', precision: 8, fee: '0.0004' },
    { name: 'no fixed and no flex is free', entry: feeEntry('XLM', {}), amount: '10', precision: 7, fee: '0' },
    { name: 'percent inside the clamps', entry: feeEntry('ETH', { flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '50', precision: 18, fee: '0.05' },
    { name: 'percent below min_fee clamps up', entry: feeEntry('ETH', { flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '0.5', precision: 18, fee: '0.001' },
    { name: 'percent above max_fee clamps down', entry: feeEntry('ETH', { flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '5000', precision: 18, fee: '1' },
    { name: 'exactly at max_fee', entry: feeEntry('ETH', { flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '1000', precision: 18, fee: '1' },
    { name: 'max_fee 0 means no cap', entry: feeEntry('USDT', { flex: { percent: '1', min_fee: '1', max_fee: '0' } }), amount: '1000000', precision: 6, fee: '10000' },
    { name: 'max_fee 0 still applies min_fee', entry: feeEntry('USDT', { flex: { percent: '1', min_fee: '1', max_fee: '0' } }), amount: '5', precision: 6, fee: '1' },
    { name: 'fixed plus flex add up', entry: feeEntry('USDT', { fixed: '1', flex: { percent: '0.5', min_fee: '0', max_fee: '0' } }), amount: '100', precision: 6, fee: '1.5' },
    { name: 'fixed plus clamped flex', entry: feeEntry('USDT', { fixed: '1', flex: { percent: '0.5', min_fee: '2', max_fee: '3' } }), amount: '100', precision: 6, fee: '3' },
    { name: 'rounds up to precision, never down', entry: feeEntry('USDT', { flex: { percent: '0.1', min_fee: '0', max_fee: '0' } }), amount: '1.000001', precision: 6, fee: '0.001001' },
    { name: 'a tiny remainder still rounds up one unit', entry: feeEntry('BTC', { flex: { percent: '0.3', min_fee: '0', max_fee: '0' } }), amount: '0.00000001', precision: 8, fee: '0.00000001' },
    { name: 'precision 0 rounds a fractional fee up to a whole unit', entry: feeEntry('DOGE', { flex: { percent: '2', min_fee: '0', max_fee: '0' } }), amount: '101', precision: 0, fee: '3' },
    { name: '18-decimal asset keeps all digits', entry: feeEntry('ETH', { flex: { percent: '0.25', min_fee: '0', max_fee: '0' } }), amount: '0.123456789012345678', precision: 18, fee: '0.000308641972530865' },
    { name: '18-decimal asset with a fixed fee stays exact', entry: feeEntry('ETH', { fixed: '0.000000000000000001' }), amount: '0.000000000000000001', precision: 18, fee: '0.000000000000000001' },
    { name: 'a fixed fee finer than the precision rounds up', entry: feeEntry('TRX', { fixed: '0.0000001' }), amount: '1', precision: 6, fee: '0.000001' },
    { name: 'a 40-digit amount does not lose precision', entry: feeEntry('SHIB', { flex: { percent: '0.1', min_fee: '0', max_fee: '0' } }), amount: '1234567890123456789012345678901234567890', precision: 2, fee: '1234567890123456789012345678901234567.89' },
  ];
  it.each(cases)('$name', ({ entry, amount, precision, fee }) => {
    expect(withdrawalFee(entry, amount, precision)).toBe(fee);
  });
});

describe('fee entries for multi-network assets', () => {
  const fees: FeesResponse = feeList({
    USDT: feeEntry('USDT', { fixed: '5' }),
    'USDT (ERC20)': feeEntry('USDT', { fixed: '5' }),
    'USDT (TRC20)': feeEntry('USDT', { fixed: '1' }),
    BTC: feeEntry('BTC', { fixed: '0.0004' }),
  });
  it.each([
    { ticker: 'USDT', network: 'TRC20', key: 'USDT (TRC20)', fixed: '1' },
    { ticker: 'USDT', network: 'ERC20', key: 'USDT (ERC20)', fixed: '5' },
    { ticker: 'USDT', network: null, key: 'USDT', fixed: '5' },
    { ticker: 'BTC', network: null, key: 'BTC', fixed: '0.0004' },
  ])('$ticker over $network uses the "$key" entry', ({ ticker, network, key, fixed }) => {
    expect(feeKey(ticker, network)).toBe(key);
    expect(findFeeEntry(fees, ticker, network)?.withdraw?.fixed).toBe(fixed);
  });
  it('knows nothing about an asset without an entry', () => {
    expect(findFeeEntry(fees, 'XRP', null)).toBeUndefined();
  });
});

describe('withdrawalLimits: the tightest of asset, fee entry and network limits wins; "0" means none', () => {
  it.each([
    { name: 'no limits anywhere', a: asset(), e: feeEntry('X', {}), net: null, min: '0', max: null },
    { name: 'asset limits', a: asset({ min_withdraw: '0.001', max_withdraw: '10' }), e: feeEntry('X', {}), net: null, min: '0.001', max: '10' },
    { name: 'fee entry tighter than asset', a: asset({ min_withdraw: '0.001', max_withdraw: '10' }), e: feeEntry('X', { min_amount: '0.01', max_amount: '5' }), net: null, min: '0.01', max: '5' },
    { name: 'asset tighter than fee entry', a: asset({ min_withdraw: '0.1', max_withdraw: '2' }), e: feeEntry('X', { min_amount: '0.01', max_amount: '5' }), net: null, min: '0.1', max: '2' },
    {
      name: 'network limits apply for that network',
      a: asset({ min_withdraw: '1', limits: { withdraw: { TRC20: { min: '10', max: '1000' }, ERC20: { min: '50' } } } }),
      e: feeEntry('USDT', {}),
      net: 'TRC20',
      min: '10',
      max: '1000',
    },
    {
      name: 'other networks limits are ignored',
      a: asset({ min_withdraw: '1', limits: { withdraw: { ERC20: { min: '50', max: '60' } } } }),
      e: feeEntry('USDT', {}),
      net: 'TRC20',
      min: '1',
      max: null,
    },
    {
      name: 'fiat: the chosen provider limits apply (limits are keyed by provider)',
      a: asset({ min_withdraw: '50', max_withdraw: '150000', providers: { withdraws: ['VISAMASTER', 'GEOPAY'] }, limits: { withdraw: { VISAMASTER: { min: '100', max: '50000' }, GEOPAY: { min: '200', max: '29999' } } } }),
      e: feeEntry('UAH', { min_amount: '50', max_amount: '150000' }),
      net: null,
      provider: 'GEOPAY',
      min: '200',
      max: '29999',
    },
    { name: 'max 0 is no limit', a: asset({ max_withdraw: '0' }), e: feeEntry('X', { max_amount: '0' }), net: null, min: '0', max: null },
  ] as Array<{ name: string; a: AssetStatus; e: FeeEntry; net: string | null; provider?: string; min: string; max: string | null }>)('$name', ({ a, e, net, provider, min, max }) => {
    expect(withdrawalLimits(a, e, net, provider)).toEqual({ min, max });
  });
});

describe('previewWithdrawal', () => {
  const fees: FeesResponse = feeList({
    BTC: feeEntry('BTC', { fixed: '0.0004', min_amount: '0.001', max_amount: '100' }),
    'USDT (TRC20)': feeEntry('USDT', { fixed: '1', min_amount: '10', max_amount: '0' }),
    'USDT (ERC20)': feeEntry('USDT', { fixed: '5', min_amount: '20', max_amount: '0' }),
    ETH: feeEntry('ETH', { flex: { percent: '0.1', min_fee: '0.001', max_fee: '0' } }),
  });
  const btc = asset({ currency_precision: 8 });
  const usdt = asset({ currency_precision: 6, networks: { withdraws: ['ERC20', 'TRC20'], default: 'ERC20' } });
  const eth = asset({ currency_precision: 18 });

  it('the receiver gets N, the balance falls by N + fee, exactly', () => {
    const result = previewWithdrawal({ ticker: 'BTC', amount: '0.5', balance: '1.23456789', asset: btc, fees });
    expect(result).toEqual({
      ok: true,
      preview: { receiverGets: '0.5', fee: '0.0004', totalDebit: '0.5004', balanceBefore: '1.23456789', balanceAfter: '0.73416789', limits: { min: '0.001', max: '100' } },
    });
  });

  it('uses the chosen network fee and limits (USDT TRC20)', () => {
    const trc = previewWithdrawal({ ticker: 'USDT', amount: '10', balance: '11', asset: usdt, fees, network: 'TRC20' });
    expect(trc.ok && trc.preview).toMatchObject({ fee: '1', totalDebit: '11', balanceAfter: '0', limits: { min: '10', max: null } });
    const erc = previewWithdrawal({ ticker: 'USDT', amount: '10', balance: '100', asset: usdt, fees, network: 'ERC20' });
    expect(erc.ok).toBe(false);
    expect(!erc.ok && erc.problem.reason).toBe('below_min');
  });

  it('fiat: the provider limits are checked (UAH over GEOPAY, min 200)', () => {
    const uah = asset({ currency_precision: 2, providers: { withdraws: ['VISAMASTER', 'GEOPAY'] }, limits: { withdraw: { VISAMASTER: { min: '100' }, GEOPAY: { min: '200', max: '29999' } } } });
    const uahFees: FeesResponse = feeList({ UAH: feeEntry('UAH', { flex: { percent: '1.5', min_fee: '10', max_fee: '1000' }, min_amount: '50', max_amount: '150000' }) });
    const visa = previewWithdrawal({ ticker: 'UAH', amount: '150', balance: '1000', asset: uah, fees: uahFees, provider: 'VISAMASTER' });
    expect(visa.ok && visa.preview).toMatchObject({ fee: '10', totalDebit: '160', limits: { min: '100', max: '150000' } });
    const geopay = previewWithdrawal({ ticker: 'UAH', amount: '150', balance: '1000', asset: uah, fees: uahFees, provider: 'GEOPAY' });
    expect(!geopay.ok && geopay.problem).toMatchObject({ field: 'amount', reason: 'below_min' });
  });

  it('spending the whole balance is allowed, one unit more is not', () => {
    expect(previewWithdrawal({ ticker: 'BTC', amount: '0.9996', balance: '1', asset: btc, fees }).ok).toBe(true);
    const over = previewWithdrawal({ ticker: 'BTC', amount: '0.99960001', balance: '1', asset: btc, fees });
    expect(!over.ok && over.problem).toMatchObject({ field: 'amount', reason: 'not_enough_balance' });
    expect(!over.ok && over.problem.message).toContain('1.00000001 needed');
  });

  it('18-decimal amounts stay exact end to end', () => {
    const result = previewWithdrawal({ ticker: 'ETH', amount: '1.000000000000000001', balance: '2', asset: eth, fees });
    expect(result.ok && result.preview).toMatchObject({ fee: '0.001000000000000001', totalDebit: '1.001000000000000002', balanceAfter: '0.998999999999999998' });
  });

  it('normalises what a person types (trailing zeros, leading dot)', () => {
    const trailing = previewWithdrawal({ ticker: 'BTC', amount: '0.50000000000', balance: '1', asset: btc, fees });
    expect(trailing.ok && trailing.preview.receiverGets).toBe('0.5');
    const leadingDot = previewWithdrawal({ ticker: 'BTC', amount: '.5', balance: '1', asset: btc, fees });
    expect(leadingDot.ok && leadingDot.preview.receiverGets).toBe('0.5');
  });

  it.each([
    { amount: 'abc', reason: 'not_a_number', field: 'amount' },
    { amount: '1e-3', reason: 'not_a_number', field: 'amount' },
    { amount: '', reason: 'not_a_number', field: 'amount' },
    { amount: '0', reason: 'not_positive', field: 'amount' },
    { amount: '-1', reason: 'not_positive', field: 'amount' },
    { amount: '0.000000001', reason: 'too_precise', field: 'amount' },
    { amount: '0.0009', reason: 'below_min', field: 'amount' },
    { amount: '100.00000001', reason: 'above_max', field: 'amount' },
    { amount: '5', reason: 'not_enough_balance', field: 'amount' },
  ])('refuses "$amount" as $reason', ({ amount, reason, field }) => {
    const result = previewWithdrawal({ ticker: 'BTC', amount, balance: '1', asset: btc, fees });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatchObject({ field, reason });
  });

  it('limits are inclusive', () => {
    expect(previewWithdrawal({ ticker: 'BTC', amount: '0.001', balance: '1000', asset: btc, fees }).ok).toBe(true);
    expect(previewWithdrawal({ ticker: 'BTC', amount: '100', balance: '1000', asset: btc, fees }).ok).toBe(true);
  });

  it('refuses an asset that cannot be withdrawn or has no fee entry', () => {
    const closed = previewWithdrawal({ ticker: 'BTC', amount: '1', balance: '10', asset: asset({ can_withdraw: false }), fees });
    expect(!closed.ok && closed.problem).toMatchObject({ field: 'ticker', reason: 'not_withdrawable' });
    const unknown = previewWithdrawal({ ticker: 'XRP', amount: '1', balance: '10', asset: asset(), fees });
    expect(!unknown.ok && unknown.problem).toMatchObject({ field: 'ticker', reason: 'no_fee_data' });
  });

  it('a zero or missing balance is "not enough", with the preview still shown', () => {
    const result = previewWithdrawal({ ticker: 'BTC', amount: '0.01', balance: '0', asset: btc, fees });
    expect(!result.ok && result.problem.reason).toBe('not_enough_balance');
    expect(!result.ok && result.preview?.balanceAfter).toBe('-0.0104');
  });
});
