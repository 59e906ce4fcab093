import { existsSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS, WITHDRAW_UNIQUE_ID } from '../../../shared/api/endpoints';
import { add, sub } from '../../../shared/money/decimal';
import { JOURNAL_FILE } from './store';
import { logWrites, storedRecords } from './test/storedRecords';
import { cryptoAddress, eventually, startHarness, WITHDRAW_PATH, type Harness, refusal } from './test/harness';

let h: Harness;

beforeEach(async () => {
  h = await startHarness({ simulator: { withdrawalSettleMs: 400 } });
});
afterEach(async () => {
  await h.close();
});


describe('prepare', () => {
  it('records the withdrawal with a fresh uniqueId and the exact fee, on disk, before anything is sent', async () => {
    const service = h.service();
    const record = await service.prepare({ accountId: h.accountId, ticker: 'USDT', amount: '10.5', address: cryptoAddress('', 'TRC20'), network: 'TRC20' });
    expect(record).toMatchObject({ state: 'prepared', ticker: 'USDT', network: 'TRC20', amount: '10.5', fee: '1', totalDebit: '11.5', phase: null, lastError: null });
    expect(record.uniqueId).toMatch(WITHDRAW_UNIQUE_ID);
    expect(h.withdrawPayCalls()).toBe(0);
    expect(await h.debits()).toEqual([]);
    // Read back through a connection of its own: committed, not just in the store's memory.
    expect(storedRecords(h.dataDir)).toEqual([record]);
    // A second prepare never reuses an id.
    const other = await service.prepare({ accountId: h.accountId, ticker: 'USDT', amount: '10.5', address: cryptoAddress('', 'TRC20'), network: 'TRC20' });
    expect(other.uniqueId).not.toBe(record.uniqueId);
  });

  it('resolves the default network when none is chosen, and prices it', async () => {
    const record = await h.service().prepare({ accountId: h.accountId, ticker: 'USDT', amount: '20', address: cryptoAddress('', 'ERC20') });
    expect(record).toMatchObject({ network: 'ERC20', fee: '5', totalDebit: '25' });
  });

  it('prices a fiat withdrawal with its provider and checks the provider limits', async () => {
    const service = h.service();
    const record = await service.prepare({ accountId: h.accountId, ticker: 'UAH', amount: '1000', address: '4111111111111111', provider: 'MONOBANK' });
    expect(record).toMatchObject({ provider: 'MONOBANK', network: null, fee: '12', totalDebit: '1012' });
    const belowGeopay = await refusal(service.prepare({ accountId: h.accountId, ticker: 'UAH', amount: '150', address: '4111111111111111', provider: 'GEOPAY' }));
    expect(belowGeopay.error).toMatchObject({ reason: 'amount_below_min', values: { ticker: 'UAH', min: '200' }, fields: { amount: ['amount_below_min'] } });
  });

  it.each([
    { name: 'unknown asset', req: { ticker: 'NOPE', amount: '1', address: cryptoAddress() }, field: 'ticker', reason: 'asset_unknown', values: { ticker: 'NOPE' } },
    { name: 'withdrawals switched off', req: { ticker: 'BSV', amount: '1', address: cryptoAddress() }, field: 'ticker', reason: 'asset_not_withdrawable', values: { ticker: 'BSV' } },
    { name: 'not withdrawable through the API', req: { ticker: 'XMR', amount: '1', address: cryptoAddress() }, field: 'ticker', reason: 'asset_website_only', values: { ticker: 'XMR' } },
    { name: 'network of another asset', req: { ticker: 'USDT', amount: '20', address: cryptoAddress(), network: 'SOL' }, field: 'network', reason: 'network_not_offered', values: { network: 'SOL', choices: expect.stringMatching(/ERC20, TRC20, BEP20/) } },
    { name: 'fiat without provider', req: { ticker: 'UAH', amount: '1000', address: '4111111111111111' }, field: 'provider', reason: 'provider_not_chosen', values: { ticker: 'UAH' } },
    { name: 'provider not offered', req: { ticker: 'UAH', amount: '1000', address: '4111111111111111', provider: 'SEPA' }, field: 'provider', reason: 'provider_not_offered', values: { provider: 'SEPA' } },
    { name: 'provider on a crypto asset', req: { ticker: 'BTC', amount: '0.01', address: cryptoAddress(), provider: 'SEPA' }, field: 'provider', reason: 'provider_not_used', values: { ticker: 'BTC' } },
    { name: 'memo missing', req: { ticker: 'XRP', amount: '25', address: cryptoAddress('', 'XRP') }, field: 'memo', reason: 'memo_required', values: { ticker: 'XRP' } },
    { name: 'below minimum', req: { ticker: 'BTC', amount: '0.0001', address: cryptoAddress() }, field: 'amount', reason: 'amount_below_min', values: { min: '0.001', ticker: 'BTC' } },
    { name: 'too many decimals', req: { ticker: 'BTC', amount: '0.123456789', address: cryptoAddress() }, field: 'amount', reason: 'amount_too_precise', values: { precision: 8 } },
    { name: 'not enough balance for amount + fee', req: { ticker: 'BTC', amount: '0.5', address: cryptoAddress() }, field: 'amount', reason: 'balance_short', values: { needed: '0.5004' } },
  ])('refuses $name on the field it concerns', async ({ req, field, reason, values }) => {
    const failure = await refusal(h.service().prepare({ accountId: h.accountId, ...req }));
    // A code and values, no sentence: the page words it (shared/failures.ts).
    expect(failure.error).toMatchObject({ kind: 'validation', reason, message: reason, values: { field, ...values }, fields: { [field]: [reason] } });
    expect(await h.service().list({})).toEqual([]);
  });
});

describe('send', () => {
  it('sends once with the recorded id; the ledger shows one debit of amount + fee', async () => {
    const service = h.service();
    await service.list({});
    const writes = logWrites(h.dataDir);
    const before = await h.balance('USDT');
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'USDT', amount: '100.123456', address: cryptoAddress('', 'TRC20'), network: 'TRC20' });
    const sent = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(sent).toMatchObject({ uniqueId: prepared.uniqueId, state: 'sent', lastError: null });
    expect(h.withdrawPayCalls()).toBe(1);
    expect(await h.debits()).toEqual([expect.objectContaining({ uniqueId: prepared.uniqueId, amount: '100.123456', fee: '1', total: '101.123456' })]);
    expect(await h.balance('USDT')).toBe(sub(before, add('100.123456', '1')));
    // The database saw `sending` before `sent`: the intent was durable before the request left.
    const states = writes().filter((r) => r.uniqueId === prepared.uniqueId).map((r) => r.state);
    expect(states).toEqual(['prepared', 'sending', 'sent']);
    // A sent withdrawal cannot be sent again.
    const again = await refusal(service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true }));
    expect(again.error).toMatchObject({ reason: 'withdrawal_state', values: { state: 'sent' } });
    expect(h.withdrawPayCalls()).toBe(1);
  });

  it('five concurrent sends of one id make exactly one request and one debit', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    expect(h.withdrawPayCalls()).toBe(1);
    expect(await h.debits()).toHaveLength(1);
  });

  it('a business refusal becomes `rejected` with the exchange code; nothing is debited', async () => {
    const service = h.service();
    // Valid in form (the app checks that first); the simulator refuses any address containing "invalid".
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress('invalid') });
    const rejected = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(rejected.state).toBe('rejected');
    expect(rejected.lastError).toMatchObject({ kind: 'validation', code: 2, status: 422 });
    expect(rejected.lastError?.fields?.address).toBeDefined();
    expect(await h.debits()).toEqual([]);
    expect((await refusal(service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true }))).error).toMatchObject({ reason: 'withdrawal_state', values: { state: 'rejected' } });
  });

  it('2FA off (412) is a refusal in plain words', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    await h.admin('POST', 'account', { apiKey: h.apiKey, twoFactor: false });
    const rejected = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(rejected).toMatchObject({ state: 'rejected', lastError: { kind: 'validation', status: 412 } });
    expect(rejected.lastError?.message).toMatch(/Two-factor/);
  });

  it('throttling (429) sends nothing and leaves the record sendable with the same id', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    await h.fault({ kind: 'rate_limit', path: WITHDRAW_PATH, count: 1, retryAfterSeconds: 0 });
    const throttled = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(throttled).toMatchObject({ state: 'prepared', lastError: { kind: 'rate_limited' } });
    expect(await h.debits()).toEqual([]);
    const sent = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(sent.state).toBe('sent');
    expect(await h.debits()).toEqual([expect.objectContaining({ uniqueId: prepared.uniqueId })]);
  });

  it('reset after commit: outcome unknown, looked up in history, found -> sent; one debit', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') });
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    const result = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(result).toMatchObject({ state: 'sent', phase: 'pending', historyStatus: 1 });
    expect(h.events.map((e) => e.state)).toEqual(['prepared', 'sending', 'unknown', 'sent']);
    expect(await h.debits()).toHaveLength(1);
    expect(h.withdrawPayCalls()).toBe(1);
  });

  it('reset before commit: absent from history -> not_found; the user re-sends with the SAME id; one debit', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') });
    await h.fault({ kind: 'reset_before_commit', path: WITHDRAW_PATH, count: 1 });
    const absent = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(absent.state).toBe('not_found');
    expect(absent.lastError?.kind).toBe('network');
    expect(await h.debits()).toEqual([]);
    const checked = await service.reconcile({ uniqueId: prepared.uniqueId });
    expect(checked.state).toBe('not_found');
    const resent = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(resent.state).toBe('sent');
    const debits = await h.debits();
    expect(debits).toEqual([expect.objectContaining({ uniqueId: prepared.uniqueId })]);
  });

  it('re-sending an id the exchange already has is recognised as sent, not paid twice', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') });
    // The first attempt landed but its answer was lost and (say) history lagged: simulate by sending
    // the very same request directly, then letting the service send it.
    await h.client.withdrawPay({ ticker: 'ETH', amount: '0.5', address: prepared.address, uniqueId: prepared.uniqueId, network: 'ETH' });
    const result = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(result.state).toBe('sent');
    expect(await h.debits()).toHaveLength(1);
  });

  it('a timeout (answer slower than the client allows) is unknown, then resolved by lookup', async () => {
    const service = h.service({ sendTimeoutMs: 150 });
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') });
    await h.fault({ kind: 'latency', path: WITHDRAW_PATH, count: 1, latencyMs: 600 });
    const result = await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    expect(result.lastError?.kind).toBe('timeout');
    // The simulator drops a request whose client gave up during the delay, so it is absent.
    expect(result.state).toBe('not_found');
    expect(await h.debits()).toEqual([]);
  });
});

describe('tracking and restart', () => {
  it('follows a sent withdrawal in history until its final phase, emitting each change', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    const done = await eventually(() => h.events.find((e) => e.uniqueId === prepared.uniqueId && e.phase === 'successful'));
    expect(done).toMatchObject({ state: 'sent', historyStatus: 3 });
    expect(h.events.some((e) => e.phase === 'pending')).toBe(true);
  });

  it('reports canceled withdrawals in words (phase) as history reports them', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress('cancel') });
    await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    const done = await eventually(() => h.events.find((e) => e.uniqueId === prepared.uniqueId && e.phase === 'canceled'));
    expect(done.historyStatus).toBe(4);
  });

  it('a new service over the same data dir keeps the records and resumes tracking', async () => {
    const first = h.service({ trackIntervalMs: 60_000 });
    const prepared = await first.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    const sent = await first.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    const draft = await first.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.1', address: cryptoAddress('', 'ETH') });
    await first.close();

    const second = h.service();
    const listed = await second.list({ accountId: h.accountId });
    expect(listed.map((r) => r.uniqueId).sort()).toEqual([sent.uniqueId, draft.uniqueId].sort());
    expect(listed.find((r) => r.uniqueId === draft.uniqueId)?.state).toBe('prepared');
    await eventually(async () => ((await second.list({})).find((r) => r.uniqueId === sent.uniqueId)?.phase === 'successful' ? true : undefined));
    expect(await h.debits()).toHaveLength(1);
  });

  it('a crash while `sending` (request landed) becomes unknown, then sent after the lookup', async () => {
    const first = h.service();
    const prepared = await first.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    await first.close();
    // What a crash leaves behind: the journal says `sending`, the request reached the exchange, no answer was recorded.
    await appendFile(join(h.dataDir, JOURNAL_FILE), `${JSON.stringify({ record: { ...prepared, state: 'sending' } })}\n`);
    await h.client.withdrawPay({ ticker: 'BTC', amount: '0.01', address: prepared.address, uniqueId: prepared.uniqueId, network: 'BTC' });

    const second = h.service();
    const record = await eventually(async () => {
      const r = (await second.list({})).find((x) => x.uniqueId === prepared.uniqueId);
      return r?.state === 'sent' ? r : undefined;
    });
    expect(record.phase).not.toBeNull();
    expect(h.events.filter((e) => e.uniqueId === prepared.uniqueId).map((e) => e.state)).toContain('sent');
    expect(await h.debits()).toHaveLength(1);
  });

  it('a crash while `sending` (request lost) becomes not_found; never re-sent by itself', async () => {
    const first = h.service();
    const prepared = await first.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    await first.close();
    await appendFile(join(h.dataDir, JOURNAL_FILE), `${JSON.stringify({ record: { ...prepared, state: 'sending' } })}\n{"record":{"uniq`);

    const second = h.service();
    const record = await eventually(async () => {
      const r = (await second.list({})).find((x) => x.uniqueId === prepared.uniqueId);
      return r?.state === 'not_found' ? r : undefined;
    });
    expect(record.uniqueId).toBe(prepared.uniqueId);
    // It is still watched for (it may yet appear): two more rounds of lookups, and nothing sent.
    const calls = h.historyCalls();
    await eventually(() => (h.historyCalls() >= calls + 2 ? true : undefined));
    expect(h.withdrawPayCalls()).toBe(0);
    expect(await h.debits()).toEqual([]);
  });
});

describe('discard and list', () => {
  it('discards a prepared draft (durably) but never a sent withdrawal', async () => {
    const service = h.service();
    const draft = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    const other = await service.prepare({ accountId: 'acc-2', ticker: 'BTC', amount: '0.02', address: cryptoAddress() });
    await service.send({ uniqueId: other.uniqueId, acceptNewDestination: true });
    expect(await service.discard({ uniqueId: draft.uniqueId })).toEqual({ discarded: true, stillWatched: false });
    expect((await refusal(service.discard({ uniqueId: other.uniqueId }))).error.kind).toBe('validation');
    expect((await service.list({ accountId: h.accountId })).map((r) => r.uniqueId)).toEqual([]);
    expect((await service.list({})).map((r) => r.uniqueId)).toEqual([other.uniqueId]);
    await service.close();
    expect((await h.service().list({})).map((r) => r.uniqueId)).toEqual([other.uniqueId]);
  });

  it('never discards a withdrawal that may have been sent: outcome unknown, or absent while history may lag', async () => {
    const service = h.service();
    const unknown = await service.prepare({ accountId: h.accountId, ticker: 'ETH', amount: '0.5', address: cryptoAddress('', 'ETH') });
    await h.fault({ kind: 'reset_after_commit', path: WITHDRAW_PATH, count: 1 });
    await h.fault({ kind: 'server_error', path: ENDPOINTS.history.path, count: 0 });
    expect(await service.send({ uniqueId: unknown.uniqueId, acceptNewDestination: true })).toMatchObject({ state: 'unknown' });
    expect((await refusal(service.discard({ uniqueId: unknown.uniqueId }))).error).toMatchObject({ reason: 'withdrawal_state', values: { state: 'unknown', action: 'discard' } });
    await h.admin('DELETE', 'faults');
    const absent = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    await h.fault({ kind: 'reset_before_commit', path: WITHDRAW_PATH, count: 1 });
    expect(await service.send({ uniqueId: absent.uniqueId, acceptNewDestination: true })).toMatchObject({ state: 'not_found' });
    expect((await refusal(service.discard({ uniqueId: absent.uniqueId }))).error.reason).toBe('discard_too_early');
    // Both are still listed, untouched.
    expect((await service.list({ accountId: h.accountId })).map((r) => [r.uniqueId, r.discardedAt])).toEqual(expect.arrayContaining([[unknown.uniqueId, null], [absent.uniqueId, null]]));
  });

  it('refuses an address of the wrong format for the network before anything is sent', async () => {
    const service = h.service();
    const wrong = await refusal(service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress('', 'TRC20') }));
    expect(wrong.error).toMatchObject({ kind: 'validation', reason: 'address_invalid', values: { network: 'BTC', lookalikeName: 'Tron' }, fields: { address: ['address_invalid'] } });
    const evmOnTron = await refusal(service.prepare({ accountId: h.accountId, ticker: 'USDT', network: 'TRC20', amount: '20', address: cryptoAddress('', 'ERC20') }));
    expect(evmOnTron.error).toMatchObject({ reason: 'address_invalid', values: { network: 'TRC20' } });
    expect(await service.list({ accountId: h.accountId })).toEqual([]);
    expect(h.withdrawPayCalls()).toBe(0);
  });

  it('stores no secrets', async () => {
    const service = h.service();
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'BTC', amount: '0.01', address: cryptoAddress() });
    await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true });
    await service.close();
    const text = ['desk.sqlite3', 'desk.sqlite3-wal']
      .map((name) => join(h.dataDir, name))
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path, 'latin1'))
      .join('');
    expect(text).toContain(prepared.uniqueId);
    const secret = h.sim.accounts.find((a) => a.apiKey === h.apiKey)!.apiSecret;
    expect(text).not.toContain(secret);
    expect(text).not.toContain(h.apiKey);
  });
});
