import { describe, expect, it } from 'vitest';
import { availableBalance, checkInvestAmount } from './investCheck';
import { investmentStatusWords, maxRatePercent } from './rate';

const plan = { ticker: 'USDT', minInvestment: '10', maxInvestment: '1000.5' };

describe('checkInvestAmount', () => {
  it('accepts an amount inside the bounds and the balance, normalised', () => {
    expect(checkInvestAmount(' 010.50 ', plan, '500')).toEqual({ ok: true, amount: '10.5' });
    expect(checkInvestAmount('1000.5', plan, '1000.5')).toEqual({ ok: true, amount: '1000.5' });
  });

  it('refuses empty, non-decimal, exponent and zero input', () => {
    expect(checkInvestAmount('', plan, '500')).toEqual({ ok: false, message: 'Enter an amount.' });
    for (const bad of ['abc', '1e3', '-5', '0', '0.000', '1,5', 'NaN']) {
      expect(checkInvestAmount(bad, plan, '5000').ok, bad).toBe(false);
    }
  });

  it('compares with decimal precision at the edges', () => {
    expect(checkInvestAmount('9.99999999999999999999', plan, '500')).toEqual({ ok: false, message: 'The minimum for this plan is 10 USDT.' });
    expect(checkInvestAmount('1000.50000000000000000001', plan, '5000')).toEqual({ ok: false, message: 'The maximum for this plan is 1000.5 USDT.' });
    expect(checkInvestAmount('100.00000000000000000001', plan, '100')).toEqual({ ok: false, message: 'Not enough USDT in the main balance: 100 available.' });
  });

  it('refuses more decimals than the currency has, when its precision is known', () => {
    expect(checkInvestAmount('10.1234567', plan, '500', 6)).toEqual({ ok: false, message: 'USDT allows at most 6 decimal places.' });
    expect(checkInvestAmount('10.123456000', plan, '500', 6)).toEqual({ ok: true, amount: '10.123456' });
    expect(checkInvestAmount('10.5', plan, '500', 0)).toEqual({ ok: false, message: 'USDT amounts must be whole numbers.' });
  });

  it('treats a zero maximum as no maximum', () => {
    expect(checkInvestAmount('99999', { ...plan, maxInvestment: '0' }, '100000').ok).toBe(true);
  });
});

describe('availableBalance', () => {
  it('reads the main balance and treats an omitted ticker as zero', () => {
    expect(availableBalance({ items: { USDT: { main_balance: '12.5' } }, unreadable: [] }, 'USDT')).toBe('12.5');
    expect(availableBalance({ items: { USDT: { main_balance: '12.5' } }, unreadable: [] }, 'BTC')).toBe('0');
    expect(availableBalance(undefined, 'BTC')).toBe('0');
  });
});

describe('maxRatePercent and investment status words', () => {
  it('shows the fraction as an exact percent', () => {
    expect(maxRatePercent('0.15')).toBe('15');
    expect(maxRatePercent('0.12')).toBe('12');
    expect(maxRatePercent('0.0030')).toBe('0.3');
    expect(maxRatePercent('0.123456789012345678901')).toBe('12.3456789012345678901');
    expect(maxRatePercent('abc')).toBeNull();
  });
  it('names the documented statuses and shows others by number', () => {
    expect(investmentStatusWords(1).label).toBe('Active');
    expect(investmentStatusWords(0).label).toBe('Closed');
    expect(investmentStatusWords(7).label).toBe('Status 7');
  });
});
