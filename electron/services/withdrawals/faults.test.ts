/**
 * The money-safety test: many withdrawals, each hit by a randomly chosen and randomly timed fault
 * (connection reset after or before the exchange committed, answers slower than the client waits,
 * 5xx, cut-off JSON, history hiccups, double clicks). The person behind the app behaves as the UI lets
 * them: "Check again" on an unknown outcome, "Send again (same id)" on not_found. At the end the
 * simulator's ledger must show exactly one debit per withdrawal, and every debit must be known to
 * the app as `sent`. The counts are printed so they can be quoted.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { cryptoAddress, startHarness, WITHDRAW_PATH, type Harness } from './test/harness';
import { Random } from '../../simulator/random';

const RUNS = Number(process.env.WITHDRAW_FAULT_RUNS ?? 60);
const SEND_TIMEOUT_MS = 150;
const HISTORY_PATH = ENDPOINTS.history.path;

type Scenario = 'reset_after_commit' | 'reset_before_commit' | 'latency_beyond_timeout' | 'latency_within_timeout' | 'server_error' | 'truncated_json';
const SCENARIOS: Scenario[] = ['reset_after_commit', 'reset_before_commit', 'latency_beyond_timeout', 'reset_after_commit', 'reset_before_commit', 'latency_beyond_timeout', 'latency_within_timeout', 'server_error', 'truncated_json'];

let h: Harness;
beforeAll(async () => {
  // Throttling off: 60+ withdrawals a minute would otherwise meet "Too Many Attempts.".
  h = await startHarness({ accountName: 'Main (B2B)', simulator: { rateLimits: false, withdrawalSettleMs: 200 } });
});
afterAll(async () => {
  await h.close();
});

it(`${RUNS} withdrawals under random faults: no double debit, no lost record`, async () => {
  const seed = Number(process.env.WITHDRAW_FAULT_SEED ?? Date.now() % 1_000_000);
  const rng = new Random(seed);
  const service = h.service({ sendTimeoutMs: SEND_TIMEOUT_MS, trackIntervalMs: 100 });
  const ids: string[] = [];
  const debitsBefore = (await h.debits()).length;
  const byScenario: Record<string, { runs: number; resends: number; checks: number }> = {};

  for (let run = 0; run < RUNS; run++) {
    const scenario = rng.pick(SCENARIOS);
    const stats = (byScenario[scenario] ??= { runs: 0, resends: 0, checks: 0 });
    stats.runs++;
    const amount = `${rng.int(2, 40)}.${String(rng.int(0, 999_999)).padStart(6, '0')}`;
    const network = rng.pick(['TRC20', 'BEP20']);
    const prepared = await service.prepare({ accountId: h.accountId, ticker: 'USDT', amount, address: cryptoAddress('', network), network });
    ids.push(prepared.uniqueId);

    // Random timing: the fault may hit the first attempt only, or the re-send as well.
    const count = rng.next() < 0.25 ? 2 : 1;
    switch (scenario) {
      case 'latency_beyond_timeout':
        await h.fault({ kind: 'latency', path: WITHDRAW_PATH, count, latencyMs: rng.int(SEND_TIMEOUT_MS + 40, SEND_TIMEOUT_MS * 3) });
        break;
      case 'latency_within_timeout':
        await h.fault({ kind: 'latency', path: WITHDRAW_PATH, count, latencyMs: rng.int(0, SEND_TIMEOUT_MS / 2) });
        break;
      case 'server_error':
        await h.fault({ kind: 'server_error', path: WITHDRAW_PATH, count, status: rng.pick([500, 502, 503]) });
        break;
      default:
        await h.fault({ kind: scenario, path: WITHDRAW_PATH, count });
    }
    // Sometimes the history lookup itself stumbles: once (the client's retry hides it) or twice (the
    // outcome stays unknown and the person has to "Check again").
    if (rng.next() < 0.3) await h.fault({ kind: 'server_error', path: HISTORY_PATH, count: rng.int(1, 2) });

    // Sometimes a double click: two sends of the same id at once.
    const attempts = rng.next() < 0.2 ? 2 : 1;
    const first = await Promise.allSettled(Array.from({ length: attempts }, () => service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true })));
    expect(first.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // What the person sees next is the record as the app holds it (the UI gets it live).
    const latest = async () => (await service.list({})).find((r) => r.uniqueId === prepared.uniqueId)!;
    for (let step = 0; step < 8; step++) {
      const current = await latest();
      if (current.state === 'sent' || current.state === 'rejected') break;
      if (current.state === 'not_found' || current.state === 'prepared') {
        stats.resends++;
        await service.send({ uniqueId: prepared.uniqueId, acceptNewDestination: true }).catch(() => undefined);
      } else {
        stats.checks++;
        await service.reconcile({ uniqueId: prepared.uniqueId }).catch(() => undefined);
      }
    }
    await h.admin('DELETE', 'faults');
  }

  // Let late answers land, then compare the app's records with the exchange's ledger.
  await new Promise((r) => setTimeout(r, SEND_TIMEOUT_MS * 4));
  // Judge what is on disk: a fresh service over the same data directory, as after a restart.
  await service.close();
  const records = new Map((await h.service({ trackIntervalMs: 60_000 }).list({})).map((r) => [r.uniqueId, r]));
  const debits = (await h.debits()).slice(debitsBefore);
  // A debit under an id the app never created would be money sent twice under a new id.
  const strangers = debits.filter((d) => !ids.includes(d.uniqueId)).length;
  const debitCount = new Map<string, number>();
  for (const d of debits) debitCount.set(d.uniqueId, (debitCount.get(d.uniqueId) ?? 0) + 1);

  const doubleDebits = strangers + [...debitCount.values()].filter((n) => n > 1).reduce((sum, n) => sum + (n - 1), 0);
  // Lost: money left but the app does not know it as sent, or the app thinks it sent what never left.
  const lostRecords = ids.filter((id) => {
    const debited = (debitCount.get(id) ?? 0) > 0;
    const sent = records.get(id)?.state === 'sent';
    return debited !== sent;
  }).length;
  const notSent = ids.filter((id) => records.get(id)?.state !== 'sent').length;
  const wrongTotals = debits.filter((d) => records.get(d.uniqueId)?.totalDebit !== d.total).length;

  console.log(
    `[withdraw-faults] seed=${seed} runs=${RUNS} debits=${debits.length} doubleDebits=${doubleDebits} lostRecords=${lostRecords} ` +
      `notSentAtEnd=${notSent} wrongTotals=${wrongTotals} byScenario=${JSON.stringify(byScenario)} withdrawPayCalls=${h.withdrawPayCalls()}`,
  );
  expect(doubleDebits).toBe(0);
  expect(lostRecords).toBe(0);
  expect(notSent).toBe(0);
  expect(wrongTotals).toBe(0);
  expect(debits).toHaveLength(RUNS);
});
