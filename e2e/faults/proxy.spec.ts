/**
 * The fault proxy does what the harness's verdicts rely on: a fault "before commit" leaves the
 * ledger alone, one "after commit" debits it and still fails the call, a hang is a timeout, a
 * lagging history hides a debited withdrawal until it catches up. Real exchange client, real
 * simulator; no app and no browser.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { TRON } from '../../shared/addresses/test/sampleAddresses';
import { historyLookupById, recordHasId } from '../../shared/api/withdrawRequest';
import { isAppFailure } from '../../shared/errors';
import { createExchangeClient, createExchangeRuntime } from '../../electron/services/exchange';
import { startSimulator } from '../../electron/simulator';
import { BODY_FORMATS, startFaultProxy, type Fault } from './proxy';

// eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern
test('each fault fails the send, and debits exactly when it says it commits', async ({}, testInfo) => {
  test.skip(testInfo.project.name !== 'browser', 'no app involved: run once');
  const sim = await startSimulator({ port: 0, rateLimits: false, priceTickMs: 0 });
  const proxy = await startFaultProxy(sim.url);
  const account = sim.accounts.find((a) => a.name === 'Main (B2B)')!;
  const runtime = createExchangeRuntime();
  const client = createExchangeClient({ baseUrl: proxy.url, credentials: { apiKey: account.apiKey, apiSecret: account.apiSecret }, timeoutMs: 1_000, rateLimit: false, runtime });
  const debits = () => sim.state.ledger(account.apiKey).debits.filter((d) => d.kind === 'withdrawal').map((d) => d.uniqueId);
  const send = (uniqueId: string) => client.withdrawPay({ ticker: 'USDT', amount: '5', address: TRON, network: 'TRC20', uniqueId });
  try {
    const faults: Fault[] = [
      { kind: 'reset', commit: false },
      { kind: 'reset', commit: true },
      ...BODY_FORMATS.flatMap((format) => [false, true].map((commit): Fault => ({ kind: 'status', status: 502, format, commit }))),
      { kind: 'hang', commit: false },
      { kind: 'hang', commit: true },
    ];
    for (const fault of faults) {
      const uniqueId = randomUUID();
      proxy.arm(fault);
      const failure = await send(uniqueId).then(() => null, (e: unknown) => e);
      const what = JSON.stringify(fault);
      expect(isAppFailure(failure) ? failure.error.kind : failure, what).toEqual(fault.kind === 'hang' ? 'timeout' : expect.any(String));
      expect(debits().includes(uniqueId), what).toBe(fault.commit);
    }

    // Unarmed, the proxy passes the send through; a lagging history hides it until it catches up.
    proxy.lagHistory(60_000);
    const uniqueId = randomUUID();
    await send(uniqueId);
    const listed = async () => (await client.history(historyLookupById(uniqueId))).records.some((r) => recordHasId(r, uniqueId));
    expect(debits()).toContain(uniqueId);
    expect(await listed()).toBe(false);
    proxy.lagHistory(0);
    expect(await listed()).toBe(true);

    // The fee table as edited while a draft is made, and as the exchange has it otherwise.
    const tronFee = async () => (await client.fees()).items['USDT (TRC20)']?.withdraw?.fixed;
    proxy.editFees((fees) => {
      fees['USDT (TRC20)']!.withdraw.fixed = '0.2';
    });
    expect(await tronFee()).toBe('0.2');
    proxy.editFees(null);
    expect(await tronFee()).toBe('1');
  } finally {
    runtime.close();
    await proxy.close();
    await sim.close();
  }
});
