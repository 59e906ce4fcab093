import { describe, expect, it } from 'vitest';
import { SubAccountBalancesResponse, SubAccountListResponse } from './subAccounts';

describe('sub-account answers', () => {
  it('keeps the readable tickers of a balances answer and names the odd one', () => {
    const parsed = SubAccountBalancesResponse.parse({
      USDC: [{ main: '42', spot: '10', collateral: '14' }],
      BTC: [{ main: '0.1' }, { main: '0.2', spot: '0', collateral: '0' }],
      BAD: { main: '1' },
      NEG: [{ main: '-1', spot: '0', collateral: '0' }],
    });
    expect(parsed.items.USDC).toEqual([{ main: '42', spot: '10', collateral: '14' }]);
    expect(parsed.items.BTC).toHaveLength(2);
    expect(parsed.unreadable.map((u) => u.where).sort()).toEqual(['BAD', 'NEG']);
  });

  it('keeps the readable sub-accounts of a list page and names the odd one by alias', () => {
    const parsed = SubAccountListResponse.parse({ offset: 0, limit: 30, data: [{ id: 'a', alias: 'one' }, { alias: 'no id' }] });
    expect(parsed.data.items.map((s) => s.alias)).toEqual(['one']);
    expect(parsed.data.unreadable).toHaveLength(1);
    expect(parsed.data.unreadable[0]!.where).toContain('no id');
  });
});
