/**
 * One payment per destination, whatever its spelling: an address written in another case (EVM hex,
 * bech32) is the same destination for the twin rule and the known-destinations book. Real simulator
 * over HTTP, real SQLite file; the simulator's ledger counts the debits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BTC_BECH32, EVM } from '../../../shared/addresses/test/sampleAddresses';
import { AppFailure } from '../../../shared/errors';
import { startHarness, WITHDRAW_PATH, type Harness } from './test/harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ simulator: { withdrawalSettleMs: 60_000 } });
  await h.admin('POST', 'balances', { apiKey: h.apiKey, ticker: 'USDT', amount: '1000' });
});
afterEach(async () => {
  await h.close();
});

async function reasonOf(promise: Promise<unknown>): Promise<string | undefined> {
  const outcome = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(AppFailure);
  return (outcome as AppFailure).error.reason;
}

const lower = EVM.toLowerCase();
const upper = `0x${EVM.slice(2).toUpperCase()}`;
const usdt = (address: string) => ({ accountId: h.accountId, ticker: 'USDT', amount: '50', address, network: 'ERC20' });

describe('an ERC20 address in lower case, checksum capitals and upper case is one destination', () => {
  it('while the first payment’s outcome is open, the other spellings are refused where money leaves: one debit', async () => {
    const service = h.service();
    // All three drafts exist before anything is sent, so only the check at send can stop them.
    const first = await service.prepare(usdt(lower));
    const checksummed = await service.prepare(usdt(EVM));
    const shouted = await service.prepare(usdt(upper));
    h.lagHistory();
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    expect((await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true })).state).toBe('not_found');

    expect(await reasonOf(service.send({ uniqueId: checksummed.uniqueId, acceptNewDestination: true }))).toBe('twin_open');
    expect(await reasonOf(service.send({ uniqueId: shouted.uniqueId, acceptNewDestination: true }))).toBe('twin_open');
    // And a new draft in yet another spelling is refused at once.
    expect(await reasonOf(service.prepare(usdt(EVM)))).toBe('twin_open');
    expect(h.withdrawPayCalls()).toBe(1);
    expect(await h.debits()).toHaveLength(1);
  });

  it('the book knows the address in every spelling: no first-payment step, one row that keeps the first spelling', async () => {
    const service = h.service();
    const first = await service.prepare(usdt(lower));
    expect(first.newDestination).toBe(true);
    await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });

    const again = await service.prepare({ ...usdt(EVM), amount: '20' });
    expect(again.newDestination).toBe(false);
    // Sent without the new-destination confirmation: the book, read in the send's transaction, knows it.
    expect((await service.send({ uniqueId: again.uniqueId })).state).toBe('sent');
    const book = await service.destinations({ accountId: h.accountId });
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ address: lower, uses: 2 });
    // The record keeps what the person typed; that is what was sent.
    expect(h.withdrawPayRequests.map((r) => r.address)).toEqual([lower, EVM]);
  });
});

describe('a bech32 address in upper and lower case is one destination', () => {
  it('the upper-case spelling of a BTC address with an open outcome is refused: one debit', async () => {
    const service = h.service();
    const btc = (address: string) => ({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address });
    const first = await service.prepare(btc(BTC_BECH32));
    const shouted = await service.prepare(btc(BTC_BECH32.toUpperCase()));
    h.lagHistory();
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    expect((await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true })).state).toBe('not_found');
    expect(await reasonOf(service.send({ uniqueId: shouted.uniqueId, acceptNewDestination: true }))).toBe('twin_open');
    expect(await h.debits()).toHaveLength(1);
  });
});

describe('the same payment already sent within a day needs a confirmation naming it', () => {
  it('a second draft after the first is sent (another window, another spelling) is refused until that payment is named; then it goes', async () => {
    let clock = Date.now();
    const service = h.service({ now: () => clock });
    const first = await service.prepare(usdt(lower));
    // The second window prepared its draft before the first was sent: only the send can see it.
    const second = await service.prepare(usdt(EVM));
    expect(second.recentTwin).toBeNull();
    const sent = await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });
    expect(sent.state).toBe('sent');

    const refused = await service.send({ uniqueId: second.uniqueId }).then(
      () => null,
      (e: unknown) => e as AppFailure,
    );
    expect(refused?.error).toMatchObject({ reason: 'recent_twin_unconfirmed', values: { twinId: first.uniqueId, amount: '50', ticker: 'USDT', sentAt: sent.lastSentAt } });
    // Naming another payment is not naming this one.
    expect(await reasonOf(service.send({ uniqueId: second.uniqueId, acceptRecentTwin: second.uniqueId }))).toBe('recent_twin_unconfirmed');
    expect(await h.debits()).toHaveLength(1);

    // A draft prepared now carries the payment it repeats, so the page asks before the send.
    clock += 60_000;
    const third = await service.prepare(usdt(upper));
    expect(third.recentTwin).toEqual({ uniqueId: first.uniqueId, amount: '50', ticker: 'USDT', sentAt: sent.lastSentAt });
    await service.discard({ uniqueId: third.uniqueId });

    expect((await service.send({ uniqueId: second.uniqueId, acceptRecentTwin: first.uniqueId })).state).toBe('sent');
    expect(await h.debits()).toHaveLength(2);
  });

  it('the confirmed repeat, its answer lost and absent from history, is sent again with the same id without asking again', async () => {
    const service = h.service();
    const first = await service.prepare(usdt(lower));
    await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });
    const repeat = await service.prepare(usdt(lower));
    expect(repeat.recentTwin?.uniqueId).toBe(first.uniqueId);
    await h.fault({ kind: 'reset_before_commit', path: WITHDRAW_PATH, count: 1 });
    expect((await service.send({ uniqueId: repeat.uniqueId, acceptRecentTwin: first.uniqueId })).state).toBe('not_found');
    expect((await service.send({ uniqueId: repeat.uniqueId })).state).toBe('sent');
    expect(await h.debits()).toHaveLength(2);
  });

  it('after a day, or for another amount, no confirmation is asked', async () => {
    let clock = Date.now();
    const service = h.service({ now: () => clock });
    const first = await service.prepare(usdt(lower));
    await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });
    expect((await service.prepare({ ...usdt(lower), amount: '51' })).recentTwin).toBeNull();
    clock += 24 * 60 * 60_000;
    expect((await service.prepare(usdt(lower))).recentTwin).toBeNull();
  });
});
