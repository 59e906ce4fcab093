import { describe, expect, it } from 'vitest';
import { add, sub } from '../../shared/money/decimal';
import { routeFor, withdrawalFee } from './fees';
import { startSimulator, type RunningSimulator } from './index';
import { PATHS } from './paths';
import { admin, clientFor, type SimClient } from './test/admin-client';
import { WITHDRAW_ATTEMPTS_PER_MINUTE, type LedgerView } from './accountState';
import { simulatorForFile } from './test/perFile';

const WITHDRAW = PATHS.withdrawPay;
const HISTORY = PATHS.history;
const SETTLE_MS = 300;
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH_ADDRESS = '0x0964A6B8F794A4B8d61b62652dB27ddC9844FB4c';

let sim: RunningSimulator;
let main: SimClient;
let uid = 0;
const uniqueId = (prefix = 'wd') => `${prefix}-${Date.now().toString(36)}-${++uid}`;

simulatorForFile({ seed: 42, withdrawalSettleMs: SETTLE_MS, rateLimits: false }, (started) => ({ sim, main } = started));

const ledger = () => sim.state.ledger(main.account.apiKey);
const balance = (ticker: string) => sim.state.balanceOf(main.account.apiKey, ticker);

function expectedFee(ticker: string, amount: string, network?: string, provider?: string): string {
  const spec = sim.state.catalogue.specs.get(ticker)!;
  const route = routeFor(spec, network ?? null, provider ?? null);
  if (!route) throw new Error(`no fee for ${ticker}`);
  return withdrawalFee(route.fee, amount, spec.precision);
}

/** History records of one withdrawal, raw (the documented snake_case ids). */
async function historyOf(id: string): Promise<Record<string, unknown>[]> {
  const res = await main.post(HISTORY, { transactionMethod: 2, uniqueId: id, limit: 100, offset: 0 });
  expect(res.status).toBe(201);
  return (res.body as { records: Record<string, unknown>[] }).records;
}

describe('withdraw-pay success and the ledger', () => {
  it('answers 201 [] and debits amount + fee exactly once; the duplicate is refused', async () => {
    const id = uniqueId();
    const before = balance('BTC');
    const debitsBefore = ledger().debits.length;
    const res = await main.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: id });
    expect(res.status).toBe(201);
    expect(res.body).toEqual([]);
    const fee = expectedFee('BTC', '0.01');
    expect(fee).toBe('0.0004');
    expect(balance('BTC')).toBe(sub(before, add('0.01', fee)));

    const again = await main.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: id });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 0, message: 'Validation failed', errors: { uniqueId: ['The unique id has already been taken.'] } });
    expect(balance('BTC')).toBe(sub(before, '0.0104'));
    const debits = ledger().debits.filter((d) => d.uniqueId === id);
    expect(debits).toEqual([{ kind: 'withdrawal', uniqueId: id, ticker: 'BTC', amount: '0.01', fee: '0.0004', total: '0.0104', at: expect.any(Number) }]);
    expect(ledger().debits.length).toBe(debitsBefore + 1);
  });

  it('accepts the seed spelling unique_id too', async () => {
    const id = uniqueId('snake');
    const res = await main.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, unique_id: id });
    expect(res.status).toBe(201);
    const dup = await main.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, unique_id: id });
    expect(dup.body).toMatchObject({ errors: { unique_id: ['The unique id has already been taken.'] } });
    expect(ledger().debits.filter((d) => d.uniqueId === id)).toHaveLength(1);
  });

  it('debits exactly once under concurrent duplicates', async () => {
    const id = uniqueId('race');
    const before = balance('ETH');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => main.post(WITHDRAW, { ticker: 'ETH', amount: '0.05', address: ETH_ADDRESS, uniqueId: id })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(7);
    expect(balance('ETH')).toBe(sub(before, add('0.05', expectedFee('ETH', '0.05'))));
  });

  const feeCases: [string, Record<string, unknown>, string][] = [
    ['USDT without network uses the default ERC20 fee', { ticker: 'USDT', amount: '100' }, '5'],
    ['USDT on TRC20 uses the TRC20 entry', { ticker: 'USDT', amount: '100', network: 'TRC20' }, '1'],
    ['DAI percentage fee clamps up to min_fee', { ticker: 'DAI', amount: '10' }, '1'],
    ['DAI percentage fee clamps down to max_fee', { ticker: 'DAI', amount: '50000' }, '20'],
    [
      'EUR via VISAMASTER: fixed + uncapped percentage',
      { ticker: 'EUR', amount: '1000', provider: 'VISAMASTER', address: '4111111111111111', customerIp: '203.0.113.42', beneficiary: { firstName: 'A', lastName: 'B' } },
      '15.5',
    ],
    [
      'EUR via SEPA: percentage clamped up to the documented min_fee 3',
      { ticker: 'EUR', amount: '1000', provider: 'SEPA', address: 'DE89370400440532013000', bankBic: 'DEUTDEFF', beneficiary: { firstName: 'A', lastName: 'B' } },
      '3',
    ],
    ['UAH via MONOBANK: fixed + percentage within the clamps', { ticker: 'UAH', amount: '1000', provider: 'MONOBANK', address: '4111111111111111' }, '12'],
    ['SHIB has no fee', { ticker: 'SHIB', amount: '200000' }, '0'],
  ];
  it.each(feeCases)('%s', async (_name, params, fee) => {
    await admin(sim, 'POST', 'balances', { apiKey: main.account.apiKey, ticker: 'DAI', amount: '1000000' });
    const { ticker, amount, network, provider } = params as { ticker: string; amount: string; network?: string; provider?: string };
    expect(expectedFee(ticker, amount, network ?? (ticker === 'USDT' ? 'ERC20' : undefined), provider)).toBe(fee);
    const before = balance(ticker);
    const id = uniqueId('fee');
    const res = await main.post(WITHDRAW, { address: ETH_ADDRESS, ...params, uniqueId: id });
    expect(res.status).toBe(201);
    expect(balance(ticker)).toBe(sub(before, add(amount, fee)));
    expect(ledger().debits.find((d) => d.uniqueId === id)).toMatchObject({ fee, total: add(amount, fee) });
  });
});

describe('withdraw-pay request-shape errors (400, code 0)', () => {
  const cases: [string, Record<string, unknown>, Record<string, string[]>][] = [
    [
      'all required fields missing',
      {},
      {
        ticker: ['The ticker field is required.'],
        amount: ['The amount field is required.'],
        address: ['The address field is required.'],
        uniqueId: ['The unique id field is required.'],
      },
    ],
    ['unknown ticker', { ticker: 'NOPE', amount: '1', address: ETH_ADDRESS, uniqueId: 'shape-0001' }, { ticker: ['The selected ticker is invalid.'] }],
    ['a ticker that cannot be deposited', { ticker: 'LUNC', amount: '5000', address: ETH_ADDRESS, uniqueId: 'shape-0002' }, { ticker: ['The selected ticker is invalid.'] }],
    ['fiat without provider', { ticker: 'UAH', amount: '500', address: '4111111111111111', uniqueId: 'shape-0003' }, { provider: ['Provider is required for fiat currency'] }],
    ['fiat with an unknown provider', { ticker: 'UAH', amount: '500', address: '4111111111111111', uniqueId: 'shape-0004', provider: 'PAYPAL' }, { provider: ['The selected provider is invalid.'] }],
    ['memo asset without memo', { ticker: 'XRP', amount: '50', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', uniqueId: 'shape-0005' }, { memo: ['The memo field is required.'] }],
    ['unknown network', { ticker: 'USDT', amount: '50', address: ETH_ADDRESS, uniqueId: 'shape-0006', network: 'OMNI' }, { network: ['The selected network is invalid.'] }],
    ['amount not a number', { ticker: 'BTC', amount: '1e5', address: BTC_ADDRESS, uniqueId: 'shape-0007' }, { amount: ['The amount must be a number.'] }],
    ['amount of a wrong type', { ticker: 'BTC', amount: { v: 1 }, address: BTC_ADDRESS, uniqueId: 'shape-0008' }, { amount: ['The amount must be a number.'] }],
    ['negative amount', { ticker: 'BTC', amount: '-1', address: BTC_ADDRESS, uniqueId: 'shape-0009' }, { amount: ['The amount must be at least 0.'] }],
    ['ticker of a wrong type', { ticker: 5, amount: '1', address: BTC_ADDRESS, uniqueId: 'shape-0010' }, { ticker: ['The ticker must be a string.'] }],
    ['too many decimals', { ticker: 'BTC', amount: '0.123456789', address: BTC_ADDRESS, uniqueId: 'shape-0011' }, { amount: ['The amount must have no more than 8 decimal places.'] }],
    ['above the provider maximum', { ticker: 'UAH', amount: '30000', address: '4111111111111111', uniqueId: 'shape-0012', provider: 'GEOPAY' }, { amount: ['The amount may not be greater than 29999.'] }],
  ];
  it.each(cases)('%s', async (_name, params, errors) => {
    const before = ledger().debits.length;
    const res = await main.post(WITHDRAW, params);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 0, message: 'Validation failed', errors });
    expect(ledger().debits.length).toBe(before);
  });
});

describe('withdraw-pay business errors (422 "Inner validation failed")', () => {
  it.each([
    [1, 'currency not withdrawable', { ticker: 'BSV', amount: '1', address: BTC_ADDRESS }, { ticker: ['Currency is not withdrawable'] }],
    [1, 'not withdrawable through the API', { ticker: 'XMR', amount: '1', address: '4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx' }, { ticker: ['Currency is not withdrawable'] }],
    [2, 'address invalid', { ticker: 'BTC', amount: '0.01', address: 'short' }, { address: ['The address is invalid'] }],
    [2, 'address marked invalid', { ticker: 'ETH', amount: '0.1', address: '0xinvalid0000000000000000000000000000000' }, { address: ['The address is invalid'] }],
    [3, 'below the minimum', { ticker: 'BTC', amount: '0.0005', address: BTC_ADDRESS }, null],
    [4, 'below the payment system minimum', { ticker: 'UAH', amount: '60', address: '4111111111111111', provider: 'VISAMASTER' }, null],
    [5, 'not enough balance', { ticker: 'ETH', amount: '20', address: ETH_ADDRESS }, null],
    [6, 'amount not above the fee', { ticker: 'DOGE', amount: '3', address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' }, null],
    [7, 'fraction of a whole-unit asset', { ticker: 'BTT', amount: '1000.5', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }, { amount: ['Amount should be integer'] }],
    [8, 'zero amount', { ticker: 'BTC', amount: '0', address: BTC_ADDRESS }, { amount: ['Target withdraw amount without fee equals zero'] }],
  ] as const)('code %i: %s', async (code, _name, params, errors) => {
    const before = ledger().debits.length;
    const res = await main.post(WITHDRAW, { ...params, uniqueId: uniqueId('biz') });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code, message: 'Inner validation failed' });
    if (errors) expect((res.body as { errors: unknown }).errors).toEqual(errors);
    expect(ledger().debits.length).toBe(before);
  });

  it('code 5 names the currency and the balance', async () => {
    const res = await main.post(WITHDRAW, { ticker: 'ETH', amount: '20', address: ETH_ADDRESS, uniqueId: uniqueId('biz') });
    expect(res.body).toEqual({ code: 5, message: 'Inner validation failed', errors: { amount: [`Not enough money, Ethereum balance = ${balance('ETH')}`] } });
  });

  it('code 9: the account\'s own deposit address', async () => {
    const own = sim.state.depositAddress(main.account.apiKey, 'BTC')!;
    const res = await main.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: own.address, uniqueId: uniqueId('own') });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 9, message: 'Inner validation failed', errors: { address: [expect.any(String)] } });
  });

  it('a refused uniqueId stays free for a corrected request', async () => {
    const id = uniqueId('retry');
    expect((await main.post(WITHDRAW, { ticker: 'BTC', amount: '0.0005', address: BTC_ADDRESS, uniqueId: id })).status).toBe(422);
    expect((await main.post(WITHDRAW, { ticker: 'BTC', amount: '0.005', address: BTC_ADDRESS, uniqueId: id })).status).toBe(201);
  });

  it('412 when two-factor authentication is off', async () => {
    const trader = clientFor(sim, 'Trader');
    await admin(sim, 'POST', 'account', { apiKey: trader.account.apiKey, twoFactor: false });
    const res = await trader.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: uniqueId('2fa') });
    expect(res.status).toBe(412);
    expect(res.body).toEqual({ code: 1, message: 'This action is unauthorized. Please, enable Two-Factor authentication.', errors: {} });
    await admin(sim, 'POST', 'account', { apiKey: trader.account.apiKey, twoFactor: true });
    expect((await trader.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: uniqueId('2fa') })).status).toBe(201);
  });
});

describe('withdrawals in history', () => {
  it('appear at once as pending and become successful after the settle time', async () => {
    const id = uniqueId('hist');
    await main.post(WITHDRAW, { ticker: 'USDT', amount: '25', network: 'TRC20', address: 'TJYeasTPa6gpEEfYqN9ebzQ6NhDzGdqNnb', uniqueId: id });
    const [pending] = await historyOf(id);
    expect(pending).toMatchObject({ unique_id: id, status: 1, amount: '25', fee: '1', network: 'TRC20', ticker: 'USDT', method: 2, transactionHash: null });
    expect(pending?.transaction_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(pending?.confirmations).toEqual({ actual: 0, required: 20 });
    await expect.poll(async () => (await historyOf(id))[0]?.status).toBe(3);
    const [done] = await historyOf(id);
    expect(done?.transactionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(done?.confirmations).toEqual({ actual: 20, required: 20 });
  });

  it('special addresses end canceled (refunded), unconfirmed, partial (half refunded), AML-frozen or stuck', async () => {
    const start = balance('ETH');
    const ids: Record<string, string> = {};
    for (const marker of ['cancel', 'unconfirmed', 'partial', 'amlfreeze', 'stuck']) {
      ids[marker] = uniqueId(marker);
      const address = `0x${marker}${'0'.repeat(40 - marker.length)}`;
      expect((await main.post(WITHDRAW, { ticker: 'ETH', amount: '0.1', address, uniqueId: ids[marker] })).status).toBe(201);
    }
    const fee = expectedFee('ETH', '0.1');
    for (const id of Object.values(ids)) expect((await historyOf(id))[0]?.status).toBe(1);
    const statusOf = async (marker: string) => (await historyOf(ids[marker] as string))[0];
    await expect.poll(async () => (await statusOf('cancel'))?.status).toBe(4);
    await expect.poll(async () => (await statusOf('unconfirmed'))?.status).toBe(5);
    await expect.poll(async () => (await statusOf('amlfreeze'))?.status).toBe(21);
    // Sent last, settled with the others: still pending once they have ended.
    expect((await statusOf('stuck'))?.status).toBe(1);
    const partialRaw = (await main.post(HISTORY, { transactionMethod: 2, uniqueId: ids.partial, limit: 1, offset: 0 })).body as { records: Record<string, unknown>[] };
    expect(partialRaw.records[0]).toMatchObject({ status: 18, details: { partial: { requestAmount: '0.1', processedAmount: '0.05', processedFee: fee } } });

    // Five debits of 0.1 + fee; the canceled one is refunded in full, the partial one by half its amount.
    const debited = sub(start, add('0.5', add(add(fee, fee), add(fee, add(fee, fee)))));
    expect(balance('ETH')).toBe(add(debited, add(add('0.1', fee), '0.05')));
    const view: LedgerView = ledger();
    expect(view.refunds.map((r) => [r.uniqueId, r.reason, r.amount])).toEqual(
      expect.arrayContaining([
        [ids.cancel, 'canceled', add('0.1', fee)],
        [ids.partial, 'partially_successful', '0.05'],
      ]),
    );
  });
});

describe('withdrawal throttling', () => {
  it(`answers "Too Many Attempts." under 400 (as documented) after ${WITHDRAW_ATTEMPTS_PER_MINUTE} attempts a minute`, async () => {
    const limited = await startSimulator({ seed: 42 });
    try {
      const trader = clientFor(limited, 'Trader');
      for (let i = 0; i < WITHDRAW_ATTEMPTS_PER_MINUTE; i++) {
        expect((await trader.post(WITHDRAW, {})).status).toBe(400);
      }
      const res = await trader.post(WITHDRAW, { ticker: 'BTC', amount: '0.01', address: BTC_ADDRESS, uniqueId: 'throttled-0001' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Too Many Attempts.', code: 0 });
      expect(limited.state.ledger(trader.account.apiKey).debits).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
