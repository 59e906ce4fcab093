/**
 * Where money leaves: one open payment per intent (checked in the transaction that moves a record to
 * `sending`), the debit re-checked against what was confirmed, drafts that expire, destinations a
 * person can check by eye, and the known-destinations book. Real simulator over HTTP, real SQLite file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVM } from '../../../shared/addresses/test/sampleAddresses';
import { debitDiffers, DRAFT_LIFETIME_MS } from '../../../shared/model/withdrawals';
import { storedRecords } from './test/storedRecords';
import { cryptoAddress, eventually, startHarness, WITHDRAW_PATH, type Harness, refusal } from './test/harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ simulator: { withdrawalSettleMs: 60_000 } });
  await h.admin('POST', 'balances', { apiKey: h.apiKey, ticker: 'USDC', amount: '100' });
});
afterEach(async () => {
  await h.close();
});

const usdcOverPolygon = () => ({ accountId: h.accountId, ticker: 'USDC', amount: '50', address: EVM, network: 'POLYGON' });

describe('one open payment per intent, checked where money leaves', () => {
  // Enough for two: the balance must not be what stops the second payment.
  beforeEach(async () => {
    await h.admin('POST', 'balances', { apiKey: h.apiKey, ticker: 'USDC', amount: '1000' });
  });

  it('two drafts of one form: the first sent with its answer lost and history lagging, the second is refused at send', async () => {
    const service = h.service();
    const first = await service.prepare(usdcOverPolygon());
    // The second draft exists before the first is sent, so the check at prepare cannot see the twin.
    const second = await service.prepare(usdcOverPolygon());
    h.lagHistory();
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    expect((await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true })).state).toBe('not_found');
    expect(await h.debits()).toHaveLength(1);

    const refused = await refusal(service.send({ uniqueId: second.uniqueId, acceptNewDestination: true }));
    expect(refused.error).toMatchObject({
      kind: 'validation',
      reason: 'twin_open',
      values: { twinId: first.uniqueId, twinState: 'not_found', amount: '50', ticker: 'USDC', network: 'POLYGON', address: EVM },
    });
    expect(refused.error.message).not.toMatch(/ /);
    expect(h.withdrawPayCalls()).toBe(1);
    expect(await h.debits()).toHaveLength(1);
    // Refused in the transaction: the second draft is still a draft, on disk too.
    expect(storedRecords(h.dataDir).find((r) => r.uniqueId === second.uniqueId)?.state).toBe('prepared');

    // The safe path stays open: the same id again; the exchange refuses the duplicate.
    expect((await service.send({ uniqueId: first.uniqueId })).state).toBe('sent');
    expect(await h.debits()).toHaveLength(1);
  });

  it('a twin is refused across two services on one data folder (two windows or processes)', async () => {
    const one = h.service();
    const draftOne = await one.prepare(usdcOverPolygon());
    const other = h.service();
    const draftOther = await other.prepare(usdcOverPolygon());
    h.lagHistory();
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    // The history lookup after the lost answer fails too: the outcome stays unknown.
    await h.fault({ kind: 'server_error', path: '/api/v4/main-account/history', count: 10 });
    expect((await one.send({ uniqueId: draftOne.uniqueId, acceptNewDestination: true })).state).toBe('unknown');
    const refused = await refusal(other.send({ uniqueId: draftOther.uniqueId, acceptNewDestination: true }));
    expect(refused.error).toMatchObject({ reason: 'twin_open', values: { twinId: draftOne.uniqueId, twinState: 'unknown', newAllowedAt: null } });
    expect(await h.debits()).toHaveLength(1);
  });

  it('a different memo, amount or network is a different intent', async () => {
    const service = h.service();
    const first = await service.prepare(usdcOverPolygon());
    const otherAmount = await service.prepare({ ...usdcOverPolygon(), amount: '10' });
    h.lagHistory();
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });
    expect((await service.send({ uniqueId: otherAmount.uniqueId })).state).toBe('sent');
    expect(await h.debits()).toHaveLength(2);
  });
});

describe('confirmed means confirmed', () => {
  it('prepared at fee 0.2, the fee changed to 1 before send: refused with the new figures, nothing debited', async () => {
    const service = h.service();
    const draft = await service.prepare(usdcOverPolygon());
    expect(draft).toMatchObject({ fee: '0.2', totalDebit: '50.2' });
    await h.admin('POST', 'fees', { ticker: 'USDC', network: 'POLYGON', fixed: '1' });

    const refused = await refusal(service.send({ uniqueId: draft.uniqueId, confirmedTotal: '50.2', acceptNewDestination: true }));
    expect(refused.error).toMatchObject({ reason: 'debit_changed', values: { confirmedFee: '0.2', confirmedTotal: '50.2', fee: '1', total: '51', ticker: 'USDC' } });
    expect(h.withdrawPayCalls()).toBe(0);
    expect(await h.debits()).toEqual([]);
    expect(await h.balance('USDC')).toBe('100');
    // The draft now carries the new figures, for the person to confirm again.
    const requoted = (await service.list({})).find((r) => r.uniqueId === draft.uniqueId);
    expect(requoted).toMatchObject({ state: 'prepared', fee: '1', totalDebit: '51' });
    // A page still showing the old total is refused again.
    expect((await refusal(service.send({ uniqueId: draft.uniqueId, confirmedTotal: '50.2', acceptNewDestination: true }))).error.reason).toBe('debit_changed');

    // Confirmed at the new figures: sent, and the record keeps what the exchange debited beside it.
    const sent = await service.send({ uniqueId: draft.uniqueId, confirmedTotal: '51', acceptNewDestination: true });
    expect(sent.state).toBe('sent');
    expect(await h.debits()).toMatchObject([{ uniqueId: draft.uniqueId, amount: '50', fee: '1', total: '51' }]);
    const tracked = await eventually(() => h.events.find((e) => e.uniqueId === draft.uniqueId && e.debitedAmount !== null));
    expect(tracked).toMatchObject({ fee: '1', totalDebit: '51', debitedAmount: '50', debitedFee: '1' });
    expect(debitDiffers(tracked)).toBe(false);
  });

  it('a balance that no longer covers the debit refuses the send', async () => {
    const service = h.service();
    const draft = await service.prepare(usdcOverPolygon());
    await h.admin('POST', 'balances', { apiKey: h.apiKey, ticker: 'USDC', amount: '50.1' });
    const refused = await refusal(service.send({ uniqueId: draft.uniqueId, acceptNewDestination: true }));
    expect(refused.error.fields?.amount).toBeDefined();
    expect(h.withdrawPayCalls()).toBe(0);
  });

  it('a draft older than its lifetime is not sent', async () => {
    let clock = Date.now();
    const service = h.service({ now: () => clock });
    const draft = await service.prepare(usdcOverPolygon());
    clock += DRAFT_LIFETIME_MS + 1;
    const refused = await refusal(service.send({ uniqueId: draft.uniqueId, acceptNewDestination: true }));
    expect(refused.error).toMatchObject({ reason: 'draft_expired', values: { quotedAt: draft.quotedAt, expiredAt: draft.quotedAt + DRAFT_LIFETIME_MS } });
    expect(h.withdrawPayCalls()).toBe(0);
  });
});

describe('destinations a person can check', () => {
  it.each([
    ['address', { ticker: 'ADA', amount: '10', address: 'addr1qx2fxv2umyhttkxyxp8x\u202Egcqj5c9vqqz' }, 'bidi', 'U+202E'],
    ['address', { ticker: 'ADA', amount: '10', address: 'addr1qx2fxv2umyh\u200Bttkxyxp8x' }, 'zero_width', 'U+200B'],
    ['address', { ticker: 'ADA', amount: '10', address: 'addr1qx2fxv2umyh\u0000ttkxyxp8x' }, 'control', 'U+0000'],
    ['address', { ticker: 'ADA', amount: '10', address: 'addr1qx2fxv2umyhаttkxyxp8x' }, 'not_ascii', 'U+0430'],
    ['memo', { ticker: 'XRP', amount: '25', address: cryptoAddress('', 'XRP'), memo: '1234\u202E5678' }, 'bidi', 'U+202E'],
  ])('refuses an %s with %j', async (field, request, problem, codePoint) => {
    await h.admin('POST', 'balances', { apiKey: h.apiKey, ticker: request.ticker, amount: '1000' });
    const service = h.service();
    const refused = await refusal(service.prepare({ accountId: h.accountId, ...request }));
    expect(refused.error).toMatchObject({ reason: 'destination_unreadable', values: { field, problem, codePoint }, fields: { [field]: ['destination_unreadable'] } });
    expect(await service.list({})).toEqual([]);
  });
});

describe('the known-destinations book', () => {
  it('a first payment needs the extra step; the address is remembered, labelled, and no longer new', async () => {
    let clock = Date.now();
    const service = h.service({ now: () => clock });
    const first = await service.prepare(usdcOverPolygon());
    expect(first.newDestination).toBe(true);
    const unconfirmed = await refusal(service.send({ uniqueId: first.uniqueId }));
    expect(unconfirmed.error).toMatchObject({ reason: 'new_destination_unconfirmed', values: { address: EVM, network: 'POLYGON' } });
    expect(h.withdrawPayCalls()).toBe(0);
    expect(await service.destinations({ accountId: h.accountId })).toEqual([]);

    const sentAt = clock;
    expect((await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true })).state).toBe('sent');
    clock += 60_000;
    const again = await service.prepare({ ...usdcOverPolygon(), amount: '5' });
    expect(again.newDestination).toBe(false);
    expect((await service.send({ uniqueId: again.uniqueId })).state).toBe('sent');

    await service.labelDestination({ accountId: h.accountId, ticker: 'USDC', network: 'POLYGON', address: EVM, label: '=Savings, "cold"' });
    expect(await service.destinations({ accountId: h.accountId })).toEqual([
      { accountId: h.accountId, ticker: 'USDC', network: 'POLYGON', provider: null, address: EVM, memo: null, label: '=Savings, "cold"', firstUsedAt: sentAt, lastUsedAt: clock, uses: 2 },
    ]);
    // Another account's book is its own.
    expect(await service.destinations({ accountId: 'acc-other' })).toEqual([]);
  });
});
