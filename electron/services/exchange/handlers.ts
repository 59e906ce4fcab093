/**
 * The exchange.* channels: one account's client per call. Reads take the caller's abort signal (a
 * page that gave up stops its request); flexInvest moves money and is never cut off half-way.
 */
import type { HandlersOf } from '../../router';
import type { ExchangeClient } from './client';
import { readFeeSchedule } from './feeSchedule';

/** Drops `accountId` from a payload: the rest is the endpoint's own request. */
function withoutAccount<T extends { accountId: string }>(payload: T): Omit<T, 'accountId'> {
  const { accountId: _accountId, ...rest } = payload;
  return rest;
}

export function exchangeHandlers(clientFor: (accountId: string) => Promise<ExchangeClient>): HandlersOf<'exchange'> {
  const client = (payload: { accountId: string }) => clientFor(payload.accountId);
  return {
    // One call whose outcome is the connection state (the silence ping itself runs in main,
    // connection/silenceWatch.ts); the nonce clock measures the exchange's time itself (nonce.ts).
    'exchange.ping': async (p, _s, { signal }) => (await client(p)).ping({ signal }),
    'exchange.assets': async (p, _s, { signal }) => (await client(p)).assets({ signal }),
    'exchange.fees': async (p, _s, { signal }) => readFeeSchedule(await client(p), { signal }),
    'exchange.balance': async (p, _s, { signal }) => (await client(p)).balance({}, { signal }),
    'exchange.codes': async (p, _s, { signal }) => (await client(p)).codes(withoutAccount(p), { signal }),
    'exchange.positions': async (p, _s, { signal }) => (await client(p)).positions(withoutAccount(p), { signal }),
    'exchange.flexPlans': async (p, _s, { signal }) => (await client(p)).flexPlans(withoutAccount(p), { signal }),
    'exchange.flexInvestments': async (p, _s, { signal }) => (await client(p)).flexInvestments(withoutAccount(p), { signal }),
    'exchange.flexInvest': async (p) => (await client(p)).flexInvest(withoutAccount(p)),
  };
}
