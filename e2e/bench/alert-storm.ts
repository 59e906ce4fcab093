/**
 * `npm run bench:alerts`: price alerts in a storm, through the real core (database file, router,
 * alerts watcher, notification gate) against the simulator's WebSocket in this same process.
 * Prints figures; it never fails on speed.
 *   - 300 "every crossing" alerts and 20 alternating prices: alerts fired and notifications shown;
 *   - 5,000 alerts (kept in the database before start, as a store from an older build could hold,
 *     so beyond the per-account ceiling) and 40 crossings: the longest wait of a trivial call
 *     (`app.info`, asked every 20 ms) and the process's largest RSS, simulator included.
 * Each `priceAlerts.changed` is answered by a read of the list, as the Alerts view does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCore, type Core } from '../../electron/core';
import { openDatabase } from '../../electron/services/database';
import { createPriceAlertStore } from '../../electron/services/priceAlerts';
import { startSimulator } from '../../electron/simulator';
import { admin } from '../../electron/simulator/test/admin-client';
import type { EventName } from '../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../shared/model/accounts';

const LIVE_TICK_MS = 200;
/** Both sides of every line below by more than the re-arm band (0.1 %). */
const LOW = '59000';
const HIGH = '61000';
const direct = { transport: 'direct' } as const;

async function storm(alerts: number, crossings: number): Promise<void> {
  // The core closes its Demo exchange with itself: a fresh simulator per storm.
  const sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0, live: { tickMs: LIVE_TICK_MS } });
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-alerts-'));
  const database = openDatabase(dir);
  const store = createPriceAlertStore(database.connection);
  database.connection.transaction(() => {
    for (let i = 0; i < alerts; i++) {
      const id = `bench-${String(i).padStart(8, '0')}`;
      store.insert({ id, rule: { kind: 'price', accountId: DEMO_ACCOUNT_ID, market: 'BTC_USDT', direction: 'above', threshold: String(60_000 + (i % 500)) }, rearm: 'every', state: 'armed', createdAt: 1_700_000_000_000 + i, lastFiredAt: null });
    }
  })();
  database.close();

  await admin(sim, 'POST', 'prices', { market: 'BTC_USDT', price: LOW });
  const counts = { fired: 0, notifications: 0, listReads: 0 };
  const core: Core = createCore({
    userDataDir: dir,
    mode: 'browser',
    startSimulator: async () => sim,
    clientOptions: { timeoutMs: 5_000, maxRetries: 0 },
    alerts: { intervalMs: 60_000 },
    live: { backoffBaseMs: 200, backoffMaxMs: 500 },
  });
  core.onEvent((event: EventName) => {
    if (event === 'alerts.fired') counts.fired++;
    if (event === 'alerts.notification') counts.notifications++;
    // As the Alerts view does: each change is a fresh read of the list.
    if (event === 'priceAlerts.changed') {
      counts.listReads++;
      void core.route('priceAlerts.list', {}, direct);
    }
  });

  let longestWaitMs = 0;
  let largestRss = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      // A call that arrives while the process is busy waits until it is free: the time from when
      // the call is due (the end of the pause) to its answer.
      const due = performance.now() + 20;
      await sleep(20);
      await core.route('app.info', {}, direct);
      longestWaitMs = Math.max(longestWaitMs, performance.now() - due);
      largestRss = Math.max(largestRss, process.memoryUsage().rss);
    }
  })();

  // The feed subscribes and learns the low price first; start-up is not part of the storm.
  await sleep(2_000);
  longestWaitMs = 0;
  const started = performance.now();
  for (let i = 0; i < crossings; i++) {
    await admin(sim, 'POST', 'prices', { market: 'BTC_USDT', price: i % 2 === 0 ? HIGH : LOW });
    await sleep(LIVE_TICK_MS * 2);
  }
  const seconds = (performance.now() - started) / 1000;
  // Long enough for the summary of the last burst to be shown.
  await sleep(11_000);
  probing = false;
  await probe;
  console.log(
    `${alerts} alerts, ${crossings} crossings in ${seconds.toFixed(1)} s: ${counts.fired} alerts fired, ${counts.notifications} notifications, ${counts.listReads} list reads; ` +
      `longest wait of a trivial call ${longestWaitMs.toFixed(0)} ms; largest RSS ${(largestRss / 1_048_576).toFixed(0)} MB`,
  );
  await core.close();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
}

await storm(300, 20);
await storm(5_000, 40);
