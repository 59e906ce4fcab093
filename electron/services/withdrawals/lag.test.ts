/**
 * Discarding a `not_found` withdrawal while history lags, then preparing the
 * same withdrawal again, paid twice. Real simulator over HTTP; the answer to the first request is
 * lost after the exchange committed it (reset_after_commit) and history does not show it yet.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/errors';
import { paidAfterDiscard } from '../../../shared/model/withdrawals';
import { DISCARDED_CHECK_EVERY_MS, NOT_FOUND_WATCH_MS } from './index';
import { cryptoAddress, eventually, startHarness, WITHDRAW_PATH, type Harness } from './test/harness';

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ simulator: { withdrawalSettleMs: 60_000 } });
});
afterEach(async () => {
  await h.close();
});

const failureOf = (promise: Promise<unknown>): Promise<AppFailure | null> =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof AppFailure ? e : Promise.reject(e)),
  );

describe('lagging history: no second payment under a new id', () => {
  it('refuses the discard and the twin while history may lag; one debit, and the same-id re-send stays safe', async () => {
    const service = h.service();
    const withdrawal = { accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') };
    h.lagHistory();
    const first = await service.prepare(withdrawal);
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    const absent = await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });
    // The exchange debited it; its history does not show it yet.
    expect(absent.state).toBe('not_found');
    expect(await h.debits()).toHaveLength(1);

    // What the person did in the audit: discard it, prepare the same withdrawal again, send that.
    const discardRefusal = await failureOf(service.discard({ uniqueId: first.uniqueId }));
    const twin = await service.prepare(withdrawal).catch((e: unknown) => e);
    if (!(twin instanceof AppFailure)) await service.send({ uniqueId: (twin as { uniqueId: string }).uniqueId, acceptNewDestination: true });

    expect(await h.debits()).toHaveLength(1);
    const sentAt = absent.lastSentAt!;
    expect(discardRefusal?.error).toMatchObject({ reason: 'discard_too_early', values: { uniqueId: first.uniqueId, sentAt, discardableAt: sentAt + NOT_FOUND_WATCH_MS } });
    expect(twin).toBeInstanceOf(AppFailure);
    expect((twin as AppFailure).error).toMatchObject({
      reason: 'twin_open',
      values: { twinId: first.uniqueId, twinState: 'not_found', amount: '0.5', ticker: 'ETH', sentAt, newAllowedAt: sentAt + NOT_FOUND_WATCH_MS },
    });
    expect((await service.list({})).map((r) => r.uniqueId)).toEqual([first.uniqueId]);

    // The safe path: the same id again. The exchange refuses the duplicate, the app records it as sent.
    const resent = await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });
    expect(resent.state).toBe('sent');
    expect(await h.debits()).toHaveLength(1);
  });

  it('after the window: discarding keeps the id under watch, a twin may be prepared, and a late debit is reported', async () => {
    let clockMs = Date.now();
    const service = h.service({ now: () => clockMs, trackIntervalMs: 50 });
    const withdrawal = { accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') };
    h.lagHistory();
    const first = await service.prepare(withdrawal);
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    expect((await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true })).state).toBe('not_found');

    clockMs += NOT_FOUND_WATCH_MS + 1_000;
    expect(await service.discard({ uniqueId: first.uniqueId })).toEqual({ discarded: true, stillWatched: true });
    const kept = (await service.list({})).find((r) => r.uniqueId === first.uniqueId);
    expect(kept).toMatchObject({ state: 'not_found', discardedAt: clockMs });
    // A discarded id is never sent again; a new withdrawal is the person's explicit choice now.
    expect((await failureOf(service.send({ uniqueId: first.uniqueId, acceptNewDestination: true })))?.error).toMatchObject({ reason: 'withdrawal_state', values: { state: 'discarded' } });
    expect((await service.prepare(withdrawal)).state).toBe('prepared');

    // History catches up: the background lookup finds the debit and says so.
    h.catchUpHistory();
    clockMs += DISCARDED_CHECK_EVERY_MS;
    const late = await eventually(() => h.events.find((e) => e.uniqueId === first.uniqueId && paidAfterDiscard(e)));
    expect(late).toMatchObject({ state: 'sent', phase: 'pending', historyStatus: 1 });
    expect(await h.debits()).toHaveLength(1);
    await service.close();
    // Durable: after a restart the record still says it was paid after it was discarded.
    const reopened = (await h.service({ now: () => clockMs }).list({})).find((r) => r.uniqueId === first.uniqueId);
    expect(reopened && paidAfterDiscard(reopened)).toBe(true);
  });

  it('a discarded id is looked up only every few minutes, not every round', async () => {
    let clockMs = Date.now();
    const service = h.service({ now: () => clockMs, trackIntervalMs: 20 });
    h.lagHistory();
    const first = await service.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') });
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    await service.send({ uniqueId: first.uniqueId, acceptNewDestination: true });
    clockMs += NOT_FOUND_WATCH_MS + 1_000;
    await service.discard({ uniqueId: first.uniqueId });
    const discarded = h.historyRequests.length;
    // A second withdrawal, kept out of history by the lag, is looked up every round: the witness
    // that rounds pass without the discarded one.
    const second = await service.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.25', address: cryptoAddress('', 'ETH') });
    await service.send({ uniqueId: second.uniqueId, acceptNewDestination: true });
    const askedSince = (from: number) => h.historyRequests.slice(from).map((r) => r.uniqueId);
    await eventually(() => (askedSince(discarded).filter((id) => id === second.uniqueId).length >= 3 ? true : undefined));
    expect(askedSince(discarded)).not.toContain(first.uniqueId);
    clockMs += DISCARDED_CHECK_EVERY_MS;
    const due = h.historyRequests.length;
    await eventually(() => (askedSince(due).includes(first.uniqueId) ? true : undefined));
  });
});
