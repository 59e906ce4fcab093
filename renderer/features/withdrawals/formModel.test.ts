import { describe, expect, it } from 'vitest';
import { AssetsResponse, FeesResponse } from '../../../shared/api/schemas';
import { TRON, XRP } from '../../../shared/addresses/test/sampleAddresses';
import { assetChoices, checkForm, networkOptions, defaultNetwork, EMPTY_FORM, mapServerError, withdrawableAssets, type FormValues } from './formModel';

// Wire shapes, read through the real schemas below, as the app reads the exchange's answers.
const fee = (ticker: string, fixed: string | null, min = '0', flex: { percent: string; min_fee: string; max_fee: string } | null = null) => ({
  ticker,
  name: ticker,
  // docs/exchange-api.md: a missing is_withdrawal counts as false.
  is_withdrawal: true,
  withdraw: { min_amount: min, max_amount: '0', fixed, flex },
});

const wireAssets = {
  BTC: { name: 'Bitcoin', can_deposit: true, can_withdraw: true, min_withdraw: '0.001', max_withdraw: '0', currency_precision: 8, is_memo: false, networks: { withdraws: ['BTC'], deposits: ['BTC'], default: 'BTC' } },
  USDT: {
    name: 'Tether',
    can_deposit: true,
    can_withdraw: true,
    min_withdraw: '1',
    max_withdraw: '0',
    currency_precision: 6,
    is_memo: false,
    networks: { withdraws: ['ERC20', 'TRC20'], deposits: ['ERC20', 'TRC20'], default: 'ERC20' },
    limits: { withdraw: { ERC20: { min: '10' }, TRC20: { min: '2' } } },
  },
  XRP: { name: 'Ripple', can_deposit: true, can_withdraw: true, min_withdraw: '20', max_withdraw: '0', currency_precision: 6, is_memo: true, networks: { withdraws: ['XRP'], default: 'XRP' } },
  UAH: {
    name: 'Hryvnia',
    can_deposit: true,
    can_withdraw: true,
    min_withdraw: '50',
    max_withdraw: '150000',
    currency_precision: 2,
    is_memo: false,
    providers: { withdraws: ['VISAMASTER', 'GEOPAY'], deposits: ['VISAMASTER'] },
    limits: { withdraw: { VISAMASTER: { min: '100' }, GEOPAY: { min: '200', max: '29999' } } },
  },
  BSV: { name: 'Bitcoin SV', can_deposit: true, can_withdraw: false, currency_precision: 8, is_memo: false },
  ETH: { name: 'Ethereum', can_deposit: true, can_withdraw: true, currency_precision: 18, is_memo: false },
  SOL: { name: 'Solana', can_deposit: true, can_withdraw: true, currency_precision: 9, is_memo: false, networks: { deposits: ['SOL'] } },
};
const wireFees = {
  BTC: fee('BTC', '0.0004', '0.001'),
  'USDT (ERC20)': fee('USDT', '5', '10'),
  'USDT (TRC20)': fee('USDT', '1', '2'),
  XRP: fee('XRP', '0.25', '20'),
  UAH: fee('UAH', null, '50', { percent: '1.5', min_fee: '10', max_fee: '1000' }),
  BSV: fee('BSV', '0.001'),
  ETH: fee('ETH', '0.002'),
};
const balance = {
  BTC: { main_balance: '1.23456789' },
  USDT: { main_balance: '100' },
  XRP: { main_balance: '5000' },
  UAH: { main_balance: '150000.5' },
  BSV: { main_balance: '3.5' },
  SOL: { main_balance: '4' },
};
const assets = AssetsResponse.parse(wireAssets).items;
const data = { assets, fees: FeesResponse.parse(wireFees), balance };
const form = (patch: Partial<FormValues>): FormValues => ({ ...EMPTY_FORM, ...patch });
const ADDRESS = TRON;

describe('asset choices', () => {
  it('offers withdrawable assets the account holds, with their balance', () => {
    expect(withdrawableAssets(assets, balance).map((c) => [c.ticker, c.balance])).toEqual([
      ['BTC', '1.23456789'],
      ['UAH', '150000.5'],
      ['USDT', '100'],
      ['XRP', '5000'],
    ]);
  });
  it('preselects the default network', () => {
    expect(defaultNetwork(assets.USDT)).toBe('ERC20');
    expect(defaultNetwork(assets.BTC)).toBe('BTC');
    expect(defaultNetwork(assets.UAH)).toBe('');
  });
});

describe('checkForm', () => {
  it('names every missing field in plain words', () => {
    expect(checkForm(EMPTY_FORM, data).errors).toEqual({
      ticker: 'Choose the asset to withdraw.',
      address: 'Enter the receiving wallet address.',
      amount: 'Enter the amount the receiver should get.',
    });
    const fiat = checkForm(form({ ticker: 'UAH', amount: '1000' }), data).errors;
    expect(fiat.provider).toMatch(/payment provider/);
    expect(fiat.address).toMatch(/card token/);
    expect(checkForm(form({ ticker: 'XRP', amount: '25', address: XRP }), data).errors).toEqual({ memo: expect.stringMatching(/needs a memo/) });
    expect(checkForm(form({ ticker: 'USDT', network: '', amount: '25', address: ADDRESS }), data).errors).toEqual({ network: expect.stringMatching(/network/) });
  });

  it('previews fee on top exactly and accepts a valid withdrawal', () => {
    const check = checkForm(form({ ticker: 'USDT', network: 'TRC20', amount: '98.999999', address: ADDRESS }), data);
    expect(check.errors).toEqual({});
    expect(check.preview).toEqual({
      ok: true,
      preview: {
        receiverGets: '98.999999',
        fee: '1',
        totalDebit: '99.999999',
        balanceBefore: '100',
        balanceAfter: '0.000001',
        limits: { min: '2', max: null },
        feeUnknownReason: null,
        feeUnknown: null,
        precision: 6,
        precisionAssumed: false,
      },
    });
  });

  it.each([
    { amount: 'abc', words: /such as 0.5/ },
    { amount: '0', words: /greater than zero/ },
    { amount: '0.0000001', words: /6 decimal places/ },
    { amount: '1.5', words: /minimum withdrawal is 2 USDT/ },
    { amount: '99.000001', words: /100.000001 needed/ },
  ])('puts "$amount" problems on the amount field', ({ amount, words }) => {
    const check = checkForm(form({ ticker: 'USDT', network: 'TRC20', amount, address: ADDRESS }), data);
    expect(check.errors).toEqual({ amount: expect.stringMatching(words) });
  });

  it('uses the provider limits for fiat and allows spaces in a fiat identifier', () => {
    const geopay = checkForm(form({ ticker: 'UAH', provider: 'GEOPAY', amount: '150', address: '4111 1111 1111 1111' }), data);
    expect(geopay.errors).toEqual({ amount: expect.stringMatching(/minimum withdrawal is 200 UAH/) });
    const visa = checkForm(form({ ticker: 'UAH', provider: 'VISAMASTER', amount: '150', address: '4111 1111 1111 1111' }), data);
    expect(visa.errors).toEqual({});
    expect(visa.preview?.ok && visa.preview.preview.fee).toBe('10');
    expect(checkForm(form({ ticker: 'BTC', amount: '0.01', address: 'bc1 q xyz' }), data).errors.address).toMatch(/no spaces/);
  });
});

describe('mapServerError', () => {
  const business = (code: number, field: string, message: string) => ({ kind: 'validation' as const, status: 422, code, message: 'The exchange refused the request', fields: { [field]: [message] } });
  it.each([
    [1, 'ticker', 'ticker'],
    [2, 'address', 'address'],
    [3, 'amount', 'amount'],
    [4, 'amount', 'amount'],
    [5, 'amount', 'amount'],
    [6, 'amount', 'amount'],
    [7, 'amount', 'amount'],
    [8, 'amount', 'amount'],
    [9, 'address', 'address'],
  ])('business code %i lands on the %s field', (code, wireField, formField) => {
    const mapped = mapServerError(business(code, wireField, 'exchange words'));
    expect(Object.keys(mapped.fields)).toEqual([formField]);
    expect(mapped.fields[formField as 'amount']).toContain('exchange words');
    expect(mapped.general).toBeNull();
  });
  it('a business code without field errors still lands on its field', () => {
    expect(mapServerError({ kind: 'validation', status: 422, code: 5, message: 'Inner validation failed' }).fields).toEqual({ amount: expect.stringMatching(/not enough balance/) });
  });
  it('request-shape errors keep the exchange words on their field, labelled as its words', () => {
    const mapped = mapServerError({ kind: 'validation', status: 400, code: 0, message: 'x', fields: { memo: ['The memo field is required.'], provider: ['Provider is required for fiat currency'] } });
    expect(mapped.fields).toEqual({ memo: 'The exchange said: “The memo field is required.”', provider: expect.stringMatching(/Choose the payment provider/) });
  });
  it('2FA, throttling and key problems are general messages in plain words', () => {
    expect(mapServerError({ kind: 'validation', status: 412, code: 1, message: 'x', reason: 'two_factor_off' }).general).toMatch(/Two-factor authentication is off/);
    expect(mapServerError({ kind: 'rate_limited', status: 400, message: 'x', reason: 'withdraw_throttled', retryAfterMs: 30_000 }).general).toBe(
      'The exchange is limiting withdrawal attempts right now. Wait about 30 s, then try again; nothing was sent.',
    );
    expect(mapServerError({ kind: 'rate_limited', status: 429, message: 'x', reason: 'rate_limited' }).general).toMatch(/limiting how often the app may ask/);
    expect(mapServerError({ kind: 'permission', status: 401, code: 4, message: 'x' }).general).toMatch(/not allowed to withdraw/);
  });
});

describe('address format, asset and network choices', () => {
  it('checks the address against the chosen network; an unchecked network passes with a note', () => {
    const onErc20 = checkForm(form({ ticker: 'USDT', network: 'ERC20', amount: '25', address: TRON }), data);
    expect(onErc20.errors.address).toMatch(/not a valid ERC20 address.*looks like a Tron address/);
    expect(checkForm(form({ ticker: 'USDT', network: 'TRC20', amount: '25', address: TRON }), data).errors.address).toBeUndefined();
    const unknown = checkForm(form({ ticker: 'USDT', network: 'TRC20', amount: '25', address: TRON }), { ...data, assets: { ...data.assets, USDT: { ...data.assets.USDT!, networks: { withdraws: ['TRC20', 'NEWCHAIN'], default: 'TRC20' } } } });
    expect(unknown.addressNote).toBeNull();
    const note = checkForm(form({ ticker: 'USDT', network: 'NEWCHAIN', amount: '25', address: 'anything-goes-here' }), { ...data, assets: { ...data.assets, USDT: { ...data.assets.USDT!, networks: { withdraws: ['TRC20', 'NEWCHAIN'], default: 'TRC20' } } } });
    expect(note.errors.address).toBeUndefined();
    expect(note.addressNote).toMatch(/does not know the NEWCHAIN address format/);
  });

  it('lists held assets first, then the other withdrawable ones', () => {
    const choices = assetChoices(data.assets, { ...data.balance, XRP: { main_balance: '0' } });
    const held = choices.filter((c) => c.held).map((c) => c.ticker);
    expect(choices.slice(0, held.length).every((c) => c.held)).toBe(true);
    expect(choices.some((c) => !c.held && c.ticker === 'XRP')).toBe(true);
  });

  it('networks come with their fee, minimum and whether they are on', () => {
    const fees = { items: { ...data.fees.items, 'USDT (SOL)': { ticker: 'USDT', name: 'Tether', is_withdrawal: false, is_api_withdrawal: true, withdraw: { min_amount: '1', max_amount: '0', fixed: '0.5', flex: null }, withdrawByProvider: {} } } };
    const options = networkOptions('USDT', data.assets.USDT, fees);
    expect(options.find((o) => o.network === 'TRC20')).toMatchObject({ enabled: true, fee: expect.stringMatching(/USDT$/) });
    expect(options.find((o) => o.network === 'SOL')).toEqual({ network: 'SOL', enabled: false, fee: '0.5 USDT', min: '1' });
  });
});
