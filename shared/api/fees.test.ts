import { describe, expect, it } from 'vitest';
import { feeKey, findFeeTerms, maxReceivable, memoRequired, previewWithdrawal, withdrawalFee, withdrawalLimits, type FeeEntry, type FeeList, type FeeTerms, type ProviderFeeTerms, type WithdrawAsset } from './fees';
import { add, compare } from '../money/decimal';

function terms(patch: Partial<FeeTerms> = {}): FeeTerms {
  return { min_amount: '0', max_amount: '0', fixed: null, flex: null, ...patch };
}

/** A crypto entry: flat `withdraw` terms. */
function cryptoEntry(ticker: string, withdraw: Partial<FeeTerms>, patch: Partial<FeeEntry> = {}): FeeEntry {
  return { ticker, name: ticker, is_withdrawal: true, is_api_withdrawal: true, withdraw: terms(withdraw), withdrawByProvider: {}, ...patch };
}

function providerTerms(providerId: string, patch: Partial<ProviderFeeTerms> = {}): ProviderFeeTerms {
  return { providerId, name: providerId.replace(/_/g, ' '), is_withdrawal: true, is_api_withdrawal: true, ...terms(), ...patch };
}

/** A fiat entry as documented: no top-level is_withdrawal (so false), terms keyed by provider id. */
function fiatEntry(ticker: string, providers: ProviderFeeTerms[]): FeeEntry {
  return { ticker, name: ticker, is_withdrawal: false, is_api_withdrawal: true, withdraw: null, withdrawByProvider: Object.fromEntries(providers.map((p) => [p.providerId, p])) };
}

const list = (items: Record<string, FeeEntry>): FeeList => ({ items });

function asset(overrides: Partial<WithdrawAsset> = {}): WithdrawAsset {
  return { can_withdraw: true, min_withdraw: '0', max_withdraw: '0', currency_precision: 8, is_memo: false, ...overrides };
}

describe('withdrawalFee: fee(N) = fixed + clamp(N * percent / 100, min_fee, max_fee), rounded up', () => {
  const cases: Array<{ name: string; entry: FeeTerms; amount: string; precision: number; fee: string }> = [
    { name: 'fixed only', entry: terms({ fixed: '0.0004' }), amount: '1', precision: 8, fee: '0.0004' },
    { name: 'fixed does not depend on the amount', entry: terms({ fixed: '0.0004' }), amount: '123.45678901', precision: 8, fee: '0.0004' },
    { name: 'no fixed and no flex is free', entry: terms({}), amount: '10', precision: 7, fee: '0' },
    { name: 'percent inside the clamps', entry: terms({ flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '50', precision: 18, fee: '0.05' },
    { name: 'percent below min_fee clamps up', entry: terms({ flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '0.5', precision: 18, fee: '0.001' },
    { name: 'percent above max_fee clamps down', entry: terms({ flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '5000', precision: 18, fee: '1' },
    { name: 'exactly at max_fee', entry: terms({ flex: { percent: '0.1', min_fee: '0.001', max_fee: '1' } }), amount: '1000', precision: 18, fee: '1' },
    { name: 'max_fee 0 means no cap', entry: terms({ flex: { percent: '1', min_fee: '1', max_fee: '0' } }), amount: '1000000', precision: 6, fee: '10000' },
    { name: 'max_fee 0 still applies min_fee', entry: terms({ flex: { percent: '1', min_fee: '1', max_fee: '0' } }), amount: '5', precision: 6, fee: '1' },
    { name: 'fixed plus flex add up', entry: terms({ fixed: '1', flex: { percent: '0.5', min_fee: '0', max_fee: '0' } }), amount: '100', precision: 6, fee: '1.5' },
    { name: 'fixed plus clamped flex', entry: terms({ fixed: '1', flex: { percent: '0.5', min_fee: '2', max_fee: '3' } }), amount: '100', precision: 6, fee: '3' },
    { name: 'rounds up to precision, never down', entry: terms({ flex: { percent: '0.1', min_fee: '0', max_fee: '0' } }), amount: '1.000001', precision: 6, fee: '0.001001' },
    { name: 'a tiny remainder still rounds up one unit', entry: terms({ flex: { percent: '0.3', min_fee: '0', max_fee: '0' } }), amount: '0.00000001', precision: 8, fee: '0.00000001' },
    { name: 'precision 0 rounds a fractional fee up to a whole unit', entry: terms({ flex: { percent: '2', min_fee: '0', max_fee: '0' } }), amount: '101', precision: 0, fee: '3' },
    { name: '18-decimal asset keeps all digits', entry: terms({ flex: { percent: '0.25', min_fee: '0', max_fee: '0' } }), amount: '0.123456789012345678', precision: 18, fee: '0.000308641972530865' },
    { name: '18-decimal asset with a fixed fee stays exact', entry: terms({ fixed: '0.000000000000000001' }), amount: '0.000000000000000001', precision: 18, fee: '0.000000000000000001' },
    { name: 'a fixed fee finer than the precision rounds up', entry: terms({ fixed: '0.0000001' }), amount: '1', precision: 6, fee: '0.000001' },
    { name: 'a 40-digit amount does not lose precision', entry: terms({ flex: { percent: '0.1', min_fee: '0', max_fee: '0' } }), amount: '1234567890123456789012345678901234567890', precision: 2, fee: '1234567890123456789012345678901234567.89' },
  ];
  it.each(cases)('$name', ({ entry, amount, precision, fee }) => {
    expect(withdrawalFee(entry, amount, precision)).toBe(fee);
  });
});

describe('fee entries for multi-network assets', () => {
  const fees = list({
    USDT: cryptoEntry('USDT', { fixed: '5' }),
    'USDT (ERC20)': cryptoEntry('USDT', { fixed: '5' }),
    'USDT (TRC20)': cryptoEntry('USDT', { fixed: '1' }),
    BTC: cryptoEntry('BTC', { fixed: '0.0004' }),
  });
  it.each([
    { ticker: 'USDT', network: 'TRC20', key: 'USDT (TRC20)', fixed: '1' },
    { ticker: 'USDT', network: 'ERC20', key: 'USDT (ERC20)', fixed: '5' },
    { ticker: 'USDT', network: null, key: 'USDT', fixed: '5' },
    { ticker: 'BTC', network: null, key: 'BTC', fixed: '0.0004' },
  ])('$ticker over $network uses the "$key" entry', ({ ticker, network, key, fixed }) => {
    expect(feeKey(ticker, network)).toBe(key);
    const match = findFeeTerms(fees, { ticker, network });
    expect(match).toMatchObject({ kind: 'found', key, terms: { fixed } });
  });
  it('knows nothing about an asset without an entry', () => {
    expect(findFeeTerms(fees, { ticker: 'XRP' })).toEqual({ kind: 'unmatched', reason: 'The exchange lists no fee for XRP.', unknown: { cause: 'no_entry', ticker: 'XRP' } });
  });
});

describe('withdrawalLimits: the tightest of asset, fee entry and network limits wins; "0" means none', () => {
  it.each([
    { name: 'no limits anywhere', a: asset(), e: terms({}), net: null, min: '0', max: null },
    { name: 'asset limits', a: asset({ min_withdraw: '0.001', max_withdraw: '10' }), e: terms({}), net: null, min: '0.001', max: '10' },
    { name: 'fee entry tighter than asset', a: asset({ min_withdraw: '0.001', max_withdraw: '10' }), e: terms({ min_amount: '0.01', max_amount: '5' }), net: null, min: '0.01', max: '5' },
    { name: 'asset tighter than fee entry', a: asset({ min_withdraw: '0.1', max_withdraw: '2' }), e: terms({ min_amount: '0.01', max_amount: '5' }), net: null, min: '0.1', max: '2' },
    {
      name: 'network limits apply for that network',
      a: asset({ min_withdraw: '1', limits: { withdraw: { TRC20: { min: '10', max: '1000' }, ERC20: { min: '50' } } } }),
      e: terms({}),
      net: 'TRC20',
      min: '10',
      max: '1000',
    },
    {
      name: 'other networks limits are ignored',
      a: asset({ min_withdraw: '1', limits: { withdraw: { ERC20: { min: '50', max: '60' } } } }),
      e: terms({}),
      net: 'TRC20',
      min: '1',
      max: null,
    },
    {
      name: 'fiat: the chosen provider limits apply (limits are keyed by provider)',
      a: asset({ min_withdraw: '50', max_withdraw: '150000', providers: { withdraws: ['VISAMASTER', 'GEOPAY'] }, limits: { withdraw: { VISAMASTER: { min: '100', max: '50000' }, GEOPAY: { min: '200', max: '29999' } } } }),
      e: terms({ min_amount: '50', max_amount: '150000' }),
      net: null,
      provider: 'GEOPAY',
      min: '200',
      max: '29999',
    },
    { name: 'max 0 is no limit', a: asset({ max_withdraw: '0' }), e: terms({ max_amount: '0' }), net: null, min: '0', max: null },
  ] as Array<{ name: string; a: WithdrawAsset; e: FeeTerms; net: string | null; provider?: string; min: string; max: string | null }>)('$name', ({ a, e, net, provider, min, max }) => {
    expect(withdrawalLimits(a, e, net, provider)).toEqual({ min, max });
  });
});

describe('previewWithdrawal', () => {
  const fees = list({
    BTC: cryptoEntry('BTC', { fixed: '0.0004', min_amount: '0.001', max_amount: '100' }),
    'USDT (TRC20)': cryptoEntry('USDT', { fixed: '1', min_amount: '10', max_amount: '0' }),
    'USDT (ERC20)': cryptoEntry('USDT', { fixed: '5', min_amount: '20', max_amount: '0' }),
    ETH: cryptoEntry('ETH', { flex: { percent: '0.1', min_fee: '0.001', max_fee: '0' } }),
  });
  const btc = asset({ currency_precision: 8 });
  const usdt = asset({ currency_precision: 6, networks: { withdraws: ['ERC20', 'TRC20'], default: 'ERC20' } });
  const eth = asset({ currency_precision: 18 });

  it('the receiver gets N, the balance falls by N + fee, exactly', () => {
    const result = previewWithdrawal({ ticker: 'BTC', amount: '0.5', balance: '1.23456789', asset: btc, fees });
    expect(result).toEqual({
      ok: true,
      preview: {
        receiverGets: '0.5',
        fee: '0.0004',
        totalDebit: '0.5004',
        balanceBefore: '1.23456789',
        balanceAfter: '0.73416789',
        limits: { min: '0.001', max: '100' },
        feeUnknownReason: null,
        feeUnknown: null,
        precision: 8,
        precisionAssumed: false,
      },
    });
  });

  it('uses the chosen network fee and limits (USDT TRC20)', () => {
    const trc = previewWithdrawal({ ticker: 'USDT', amount: '10', balance: '11', asset: usdt, fees, network: 'TRC20' });
    expect(trc.ok && trc.preview).toMatchObject({ fee: '1', totalDebit: '11', balanceAfter: '0', limits: { min: '10', max: null } });
    const erc = previewWithdrawal({ ticker: 'USDT', amount: '10', balance: '100', asset: usdt, fees, network: 'ERC20' });
    expect(erc.ok).toBe(false);
    expect(!erc.ok && erc.problem.reason).toBe('amount_below_min');
  });

  it('fiat: the provider limits are checked (UAH over GEOPAY, min 200)', () => {
    const uah = asset({ currency_precision: 2, providers: { withdraws: ['VISAMASTER', 'GEOPAY'] }, limits: { withdraw: { VISAMASTER: { min: '100' }, GEOPAY: { min: '200', max: '29999' } } } });
    const uahFees = list({ UAH: cryptoEntry('UAH', { flex: { percent: '1.5', min_fee: '10', max_fee: '1000' }, min_amount: '50', max_amount: '150000' }) });
    const visa = previewWithdrawal({ ticker: 'UAH', amount: '150', balance: '1000', asset: uah, fees: uahFees, provider: 'VISAMASTER' });
    expect(visa.ok && visa.preview).toMatchObject({ fee: '10', totalDebit: '160', limits: { min: '100', max: '150000' } });
    const geopay = previewWithdrawal({ ticker: 'UAH', amount: '150', balance: '1000', asset: uah, fees: uahFees, provider: 'GEOPAY' });
    expect(!geopay.ok && geopay.problem).toMatchObject({ field: 'amount', reason: 'amount_below_min', values: { min: '200', ticker: 'UAH' } });
  });

  it('spending the whole balance is allowed, one unit more is not', () => {
    expect(previewWithdrawal({ ticker: 'BTC', amount: '0.9996', balance: '1', asset: btc, fees }).ok).toBe(true);
    const over = previewWithdrawal({ ticker: 'BTC', amount: '0.99960001', balance: '1', asset: btc, fees });
    expect(!over.ok && over.problem).toMatchObject({ field: 'amount', reason: 'balance_short', values: { needed: '1.00000001', available: '1', fee: '0.0004' } });
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
    { amount: 'abc', reason: 'amount_not_a_number', field: 'amount' },
    { amount: '1e-3', reason: 'amount_not_a_number', field: 'amount' },
    { amount: '', reason: 'amount_not_a_number', field: 'amount' },
    { amount: '0', reason: 'amount_not_positive', field: 'amount' },
    { amount: '-1', reason: 'amount_not_positive', field: 'amount' },
    { amount: '0.000000001', reason: 'amount_too_precise', field: 'amount' },
    { amount: '0.0009', reason: 'amount_below_min', field: 'amount' },
    { amount: '100.00000001', reason: 'amount_above_max', field: 'amount' },
    { amount: '5', reason: 'balance_short', field: 'amount' },
  ])('refuses "$amount" as $reason', ({ amount, reason, field }) => {
    const result = previewWithdrawal({ ticker: 'BTC', amount, balance: '1', asset: btc, fees });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatchObject({ field, reason });
  });

  it('limits are inclusive', () => {
    expect(previewWithdrawal({ ticker: 'BTC', amount: '0.001', balance: '1000', asset: btc, fees }).ok).toBe(true);
    expect(previewWithdrawal({ ticker: 'BTC', amount: '100', balance: '1000', asset: btc, fees }).ok).toBe(true);
  });

  it('refuses an asset that cannot be withdrawn; an asset without a fee entry has an unknown fee', () => {
    const closed = previewWithdrawal({ ticker: 'BTC', amount: '1', balance: '10', asset: asset({ can_withdraw: false }), fees });
    expect(!closed.ok && closed.problem).toMatchObject({ field: 'ticker', reason: 'asset_not_withdrawable', values: { ticker: 'BTC' } });
    const unknown = previewWithdrawal({ ticker: 'XRP', amount: '1', balance: '10', asset: asset(), fees });
    expect(unknown).toMatchObject({ ok: true, preview: { fee: null, totalDebit: null, balanceAfter: null, feeUnknownReason: 'The exchange lists no fee for XRP.' } });
  });

  it.each([
    { name: 'is_withdrawal false (or missing)', patch: { is_withdrawal: false }, reason: 'asset_not_withdrawable' },
    { name: 'is_api_withdrawal false', patch: { is_api_withdrawal: false }, reason: 'asset_website_only' },
  ])('refuses a crypto entry with $name', ({ patch, reason }) => {
    const closed = list({ BTC: cryptoEntry('BTC', { fixed: '0.0004' }, patch) });
    const result = previewWithdrawal({ ticker: 'BTC', amount: '0.1', balance: '1', asset: btc, fees: closed });
    expect(!result.ok && result.problem).toMatchObject({ field: 'ticker', reason, values: { field: 'ticker', ticker: 'BTC' } });
  });

  it('is_api_withdrawal null (not stated) does not block', () => {
    const unstated = list({ BTC: cryptoEntry('BTC', { fixed: '0.0004' }, { is_api_withdrawal: null }) });
    expect(previewWithdrawal({ ticker: 'BTC', amount: '0.1', balance: '1', asset: btc, fees: unstated }).ok).toBe(true);
  });

  it('an absent currency_precision falls back to 8 decimals and says so', () => {
    const noPrecision = asset({ currency_precision: null });
    const ok = previewWithdrawal({ ticker: 'BTC', amount: '0.12345678', balance: '1', asset: noPrecision, fees });
    expect(ok).toMatchObject({ ok: true, preview: { precision: 8, precisionAssumed: true } });
    const tooPrecise = previewWithdrawal({ ticker: 'BTC', amount: '0.123456789', balance: '1', asset: noPrecision, fees });
    expect(!tooPrecise.ok && tooPrecise.problem).toMatchObject({ reason: 'amount_too_precise', values: { ticker: 'BTC', precision: 8, fallback: 8 } });
  });

  it('with an unknown fee only the amount itself is held against the balance', () => {
    const unknown = previewWithdrawal({ ticker: 'XRP', amount: '11', balance: '10', asset: asset(), fees });
    expect(!unknown.ok && unknown.problem).toMatchObject({ reason: 'balance_short', values: { needed: '11', available: '10', fee: null } });
  });

  it('a zero or missing balance is "not enough", with the preview still shown', () => {
    const result = previewWithdrawal({ ticker: 'BTC', amount: '0.01', balance: '0', asset: btc, fees });
    expect(!result.ok && result.problem.reason).toBe('balance_short');
    expect(!result.ok && result.preview?.balanceAfter).toBe('-0.0104');
  });
});

describe('findFeeTerms: docs/exchange-api.md, a provider name matches the one fee provider id that contains it', () => {
  // The documented fiat example: EUR keyed by EUR_SEPA_BCB and EUR_ADVCASH; names from /public/assets differ.
  const eur = fiatEntry('EUR', [
    providerTerms('EUR_SEPA_BCB', { name: 'EUR SEPA BCB', min_amount: '10', max_amount: '14500', flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' } }),
    providerTerms('EUR_ADVCASH', { name: 'EUR Volet.com', min_amount: '10', max_amount: '10000', flex: { percent: '1.5', min_fee: '0.15', max_fee: '150' } }),
  ]);
  const usd = fiatEntry('USD', [providerTerms('USD_VISAMASTER', { fixed: '2' }), providerTerms('USD_VISAMASTER_PAYOUT', { fixed: '3' })]);
  const fees = list({ EUR: eur, USD: usd, BTC: cryptoEntry('BTC', { fixed: '0.0002' }), UAH: cryptoEntry('UAH', { fixed: '5' }) });

  it.each([
    { name: 'exact part of the id', provider: 'SEPA_BCB', found: 'EUR_SEPA_BCB' },
    { name: 'case-insensitive', provider: 'sepa', found: 'EUR_SEPA_BCB' },
    { name: 'another provider of the same asset', provider: 'ADVCASH', found: 'EUR_ADVCASH' },
  ])('$name: "$provider" -> $found', ({ provider, found }) => {
    const match = findFeeTerms(fees, { ticker: 'EUR', provider });
    expect(match.kind === 'found' && 'providerId' in match.terms && match.terms.providerId).toBe(found);
    expect(match.kind === 'found' && match.key).toBe('EUR');
  });

  it.each([
    { name: 'no id contains the name', ticker: 'EUR', provider: 'VISAMASTER', words: /No EUR fee provider id contains "VISAMASTER" \(the exchange lists EUR_SEPA_BCB, EUR_ADVCASH\)/ },
    { name: 'the documented SEPA_BCB_GROUP is not contained in EUR_SEPA_BCB', ticker: 'EUR', provider: 'SEPA_BCB_GROUP', words: /No EUR fee provider id contains/ },
    { name: 'two ids contain the name', ticker: 'USD', provider: 'VISAMASTER', words: /fits several USD fee providers \(USD_VISAMASTER, USD_VISAMASTER_PAYOUT\)/ },
    { name: 'no provider chosen for a per-provider entry', ticker: 'EUR', provider: null, words: /depends on the payment provider/ },
    { name: 'no entry at all', ticker: 'GBP', provider: 'SEPA', words: /lists no fee for GBP/ },
  ])('unmatched: $name', ({ ticker, provider, words }) => {
    const match = findFeeTerms(fees, { ticker, provider });
    expect(match.kind).toBe('unmatched');
    expect(match.kind === 'unmatched' && match.reason).toMatch(words);
  });

  it('an entry without per-provider terms uses its flat terms for any provider', () => {
    expect(findFeeTerms(fees, { ticker: 'UAH', provider: 'MONOBANK' })).toMatchObject({ kind: 'found', key: 'UAH', terms: { fixed: '5' } });
  });

  it('previews a fiat withdrawal with the matched provider terms: flex clamped to max_fee, provider limits', () => {
    const eurAsset = asset({ currency_precision: 2, providers: { withdraws: ['SEPA', 'ADVCASH'] } });
    const sepa = previewWithdrawal({ ticker: 'EUR', amount: '10000', balance: '20000', asset: eurAsset, fees, provider: 'SEPA' });
    // 10000 * 0.05 % = 5, inside [3, 7.25]
    expect(sepa).toMatchObject({ ok: true, preview: { fee: '5', totalDebit: '10005', limits: { min: '10', max: '14500' } } });
    const small = previewWithdrawal({ ticker: 'EUR', amount: '100', balance: '20000', asset: eurAsset, fees, provider: 'SEPA' });
    expect(small.ok && small.preview.fee).toBe('3');
    const big = previewWithdrawal({ ticker: 'EUR', amount: '14500', balance: '20000', asset: eurAsset, fees, provider: 'SEPA' });
    expect(big.ok && big.preview.fee).toBe('7.25');
    const over = previewWithdrawal({ ticker: 'EUR', amount: '14500.01', balance: '20000', asset: eurAsset, fees, provider: 'SEPA' });
    expect(!over.ok && over.problem.reason).toBe('amount_above_max');
  });

  it('a provider whose terms say is_withdrawal false (or API-disabled) is refused on the provider field', () => {
    const closed = list({ EUR: fiatEntry('EUR', [providerTerms('EUR_SEPA_BCB', { is_withdrawal: false }), providerTerms('EUR_ADVCASH', { is_api_withdrawal: false })]) });
    const eurAsset = asset({ currency_precision: 2, providers: { withdraws: ['SEPA', 'ADVCASH'] } });
    const sepa = previewWithdrawal({ ticker: 'EUR', amount: '100', balance: '1000', asset: eurAsset, fees: closed, provider: 'SEPA' });
    expect(!sepa.ok && sepa.problem).toMatchObject({ field: 'provider', reason: 'provider_not_withdrawable' });
    const advcash = previewWithdrawal({ ticker: 'EUR', amount: '100', balance: '1000', asset: eurAsset, fees: closed, provider: 'ADVCASH' });
    expect(!advcash.ok && advcash.problem).toMatchObject({ field: 'provider', reason: 'provider_website_only' });
  });

  it('the fee of an unmatched provider is unknown: limits and balance still checked, fee null', () => {
    const eurAsset = asset({ currency_precision: 2, min_withdraw: '10', providers: { withdraws: ['VISAMASTER'] } });
    const result = previewWithdrawal({ ticker: 'EUR', amount: '50', balance: '1000', asset: eurAsset, fees, provider: 'VISAMASTER' });
    expect(result).toMatchObject({ ok: true, preview: { receiverGets: '50', fee: null, totalDebit: null, balanceAfter: null, limits: { min: '10', max: null } } });
    expect(result.ok && result.preview.feeUnknownReason).toMatch(/VISAMASTER/);
    expect(result.ok && result.preview.feeUnknown).toEqual({ cause: 'provider_unlisted', ticker: 'EUR', provider: 'VISAMASTER' });
  });
});

describe('withdrawalFee on FeeTerms with absent bounds', () => {
  it.each([
    { name: 'min_amount and max_amount null', t: terms({ min_amount: null, max_amount: null, fixed: '1' }), fee: '1' },
    { name: 'flex with max_fee "0" has no ceiling', t: terms({ min_amount: null, max_amount: null, flex: { percent: '10', min_fee: '0', max_fee: '0' } }), fee: '100' },
  ])('$name', ({ t, fee }) => {
    expect(withdrawalFee(t, '1000', 2)).toBe(fee);
    expect(withdrawalLimits(asset(), t, null)).toEqual({ min: '0', max: null });
  });
});

describe('memoRequired: memo.withdraw when present, else is_memo', () => {
  it.each([
    { a: asset({ is_memo: true }), required: true },
    { a: asset({ is_memo: false }), required: false },
    { a: asset({ is_memo: true, memo: { deposit: true, withdraw: false } }), required: false },
    { a: asset({ is_memo: false, memo: { deposit: false, withdraw: true } }), required: true },
    { a: asset({ is_memo: undefined }), required: false },
  ])('%#', ({ a, required }) => {
    expect(memoRequired(a)).toBe(required);
  });
});

describe('maxReceivable: the inverse of fee-on-top, rounded down, never over the balance', () => {
  const flex = (percent: string, min_fee: string, max_fee: string) => ({ percent, min_fee, max_fee });
  const maxOf = (withdraw: Partial<FeeTerms>, balance: string, precision: number, a: Partial<WithdrawAsset> = {}) =>
    maxReceivable({ ticker: 'X', balance, asset: asset({ currency_precision: precision, ...a }), fees: list({ X: cryptoEntry('X', withdraw) }) });

  // Each amount is worked out by hand in the comment; `total` is amount + fee as previewed.
  it.each([
    // 1.23456789 − 0.0004
    { name: 'fixed fee only', w: { fixed: '0.0004' }, balance: '1.23456789', precision: 8, amount: '1.23416789', fee: '0.0004', total: '1.23456789' },
    // balance floored to 8 places first: 1.23456789 − 0.0004; the dust stays
    { name: 'balance finer than the precision', w: { fixed: '0.0004' }, balance: '1.234567891', precision: 8, amount: '1.23416789', fee: '0.0004', total: '1.23456789' },
    // 101 / 1.01 = 100 exactly; fee 1
    { name: 'percentage, exact inverse', w: { flex: flex('1', '0', '0') }, balance: '101', precision: 2, amount: '100', fee: '1', total: '101' },
    // 100 / 1.01 = 99.0099… → 99.00; fee ⌈0.99⌉ = 0.99; 99.01 would need fee 1.00 → 100.01
    { name: 'percentage, rounded down', w: { flex: flex('1', '0', '0') }, balance: '100', precision: 2, amount: '99', fee: '0.99', total: '99.99' },
    // floor regime: (100 − 2) ≤ 5/0.01 + 5, so N = 98 − 5 = 93; fee 2 + 5
    { name: 'floor regime (min_fee applies)', w: { fixed: '2', flex: flex('1', '5', '0') }, balance: '100', precision: 2, amount: '93', fee: '7', total: '100' },
    // proportional: (1012 − 2) / 1.01 = 1000; fee 2 + 10 (the simulator's UAH MONOBANK terms)
    { name: 'proportional regime above the floor', w: { fixed: '2', flex: flex('1', '5', '0') }, balance: '1012', precision: 2, amount: '1000', fee: '12', total: '1012' },
    // exactly at the floor's end: 505 / 1.01 = 500 = 5 / 0.01, fee 5 either way
    { name: 'at the floor/proportional boundary', w: { flex: flex('1', '5', '0') }, balance: '505', precision: 2, amount: '500', fee: '5', total: '505' },
    // ceiling regime: 5000 ≥ 1/0.001 + 1, so N = 5000 − 1
    { name: 'ceiling regime (max_fee applies)', w: { flex: flex('0.1', '0.001', '1') }, balance: '5000', precision: 18, amount: '4999', fee: '1', total: '5000' },
    // at the ceiling's start: 1001 − 1 = 1000 = 1 / 0.001
    { name: 'at the proportional/ceiling boundary', w: { flex: flex('0.1', '0.001', '1') }, balance: '1001', precision: 18, amount: '1000', fee: '1', total: '1001' },
    // 104 / 1.02 = 101.96… → 101; fee ⌈2.02⌉ = 3; 102 would need fee ⌈2.04⌉ = 3 → 105
    { name: 'precision 0', w: { flex: flex('2', '0', '0') }, balance: '104', precision: 0, amount: '101', fee: '3', total: '104' },
    // a fee finer than the precision rounds up: 1 − 0.000001
    { name: 'fixed fee finer than the precision', w: { fixed: '0.0000001' }, balance: '1', precision: 6, amount: '0.999999', fee: '0.000001', total: '1' },
    // 18 places: 1 / 1.0025 = 0.997506234413965087… → floored; fee rounds up to the last place
    { name: '18 decimals, percentage', w: { flex: flex('0.25', '0', '0') }, balance: '1', precision: 18, amount: '0.997506234413965087', fee: '0.002493765586034913', total: '1' },
  ])('$name', ({ w, balance, precision, amount, fee, total }) => {
    expect(maxOf(w, balance, precision)).toEqual({ ok: true, amount, fee, totalDebit: total, precision });
  });

  it('capped by the withdrawal maximum', () => {
    expect(maxOf({ fixed: '1', max_amount: '100' }, '1000', 2)).toMatchObject({ ok: true, amount: '100', totalDebit: '101' });
  });

  it('says why there is no maximum: fee not covered, below the minimum, fee unknown', () => {
    expect(maxOf({ fixed: '0.0004' }, '0.0003', 8)).toEqual({ ok: false, reason: 'The X balance does not cover any amount plus the fee.' });
    expect(maxOf({ fixed: '0.0004' }, '0.0013', 8, { min_withdraw: '0.001' })).toEqual({ ok: false, reason: 'The most the balance allows is 0.0009 X, below the minimum withdrawal of 0.001 X.' });
    const fiat = maxReceivable({ ticker: 'EUR', balance: '100', asset: asset({ providers: { withdraws: ['VISAMASTER'] } }), fees: list({ EUR: fiatEntry('EUR', [providerTerms('EUR_SEPA_BCB')]) }), provider: 'VISAMASTER' });
    expect(fiat).toEqual({ ok: false, reason: expect.stringMatching(/^Max needs the fee, which is unknown: No EUR fee provider id contains "VISAMASTER"/) });
  });

  it('property: fee(max) + max ≤ balance, and one unit more would exceed it (monotone fee models)', () => {
    // A seeded generator, so a failure repeats; amounts are built as decimal strings, never Numbers.
    let seed = 20240611;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const decimalOf = (digits: number, places: number) => {
      const raw = String(next(10 ** Math.min(digits, 9))).padStart(places + 1, '0');
      return places === 0 ? raw : `${raw.slice(0, -places)}.${raw.slice(-places)}`;
    };
    let checked = 0;
    for (let i = 0; i < 400; i++) {
      const precision = next(19);
      const minFee = decimalOf(4, 3);
      const maxFee = next(3) === 0 ? '0' : add(minFee, decimalOf(4, 2));
      const w: Partial<FeeTerms> = { fixed: next(2) ? decimalOf(3, 4) : null, flex: next(4) ? flex(decimalOf(3, 2), minFee, maxFee) : null };
      const balance = decimalOf(9, next(10));
      const result = maxOf(w, balance, precision);
      if (!result.ok) continue;
      checked++;
      const t = terms(w);
      expect(compare(add(result.amount, withdrawalFee(t, result.amount, precision)), balance)).toBeLessThanOrEqual(0);
      const oneMore = add(result.amount, precision === 0 ? '1' : `0.${'0'.repeat(precision - 1)}1`);
      expect(compare(add(oneMore, withdrawalFee(t, oneMore, precision)), balance), JSON.stringify({ w, balance, precision, result })).toBe(1);
    }
    expect(checked).toBeGreaterThan(200);
  });
});
