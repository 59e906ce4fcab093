/**
 * The price alerts service with a real SQLite file and a real WebSocket that pushes what a broken
 * feed might: unusable prices are counted and fire nothing, a price pass is one write, and an
 * account's alerts have a ceiling.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAppFailure } from '../../../shared/errors';
import type { PositionAlert } from '../../../shared/model/alerts';
import { MAX_PRICE_ALERTS_PER_ACCOUNT, type PriceAlert, type PriceAlertRule } from '../../../shared/model/priceAlerts';
import { openDatabase, type DeskDatabase } from '../database';
import { createPriceAlertsService, type PriceAlertsService } from './service';
import { createPriceAlertStore, type PriceAlertStore } from './store';
import { startPricePushServer, type PricePushServer } from './test/price-push-server';

let dir: string;
let database: DeskDatabase;
let server: PricePushServer;
let service: PriceAlertsService | null;
let raised: Omit<PositionAlert, 'id'>[];
let writes: { replace: number; replaceMany: number[] };
let store: PriceAlertStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'desk-price-alerts-service-'));
  database = openDatabase(dir);
  server = await startPricePushServer();
  raised = [];
  writes = { replace: 0, replaceMany: [] };
  const real = createPriceAlertStore(database.connection);
  // The real store, counted: how many writes a pass makes.
  store = {
    ...real,
    replace: (alert) => {
      writes.replace++;
      real.replace(alert);
    },
    replaceMany: (changes) => {
      writes.replaceMany.push(changes.length);
      real.replaceMany(changes);
    },
  };
  service = null;
});
afterEach(async () => {
  service?.close();
  await server.close();
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(now?: () => number): Promise<PriceAlertsService> {
  service = createPriceAlertsService({
    store,
    accounts: async () => [
      { id: 'acc-1', name: 'Main' },
      { id: 'acc-2', name: 'Other' },
    ],
    exchangeOf: async () => ({ url: server.url, ticker: async () => ({ BTC_USDT: '5', ETH_USDT: '5' }) }),
    raise: (alert) => raised.push(alert),
    onChanged: () => undefined,
    intervalMs: () => 60_000,
    ...(now ? { now } : {}),
  });
  await service.start();
  return service;
}

const rule = (direction: 'above' | 'below', threshold: string, market = 'BTC_USDT', accountId = 'acc-1'): PriceAlertRule => ({ kind: 'price', accountId, market, direction, threshold });
const currentOf = (id: string) => service!.list().alerts.find((a) => a.id === id)?.current?.value;

describe('prices that are not prices', () => {
  it('"-1", "0", "1e308", "NaN", "Infinity" and a word are counted and fire nothing', async () => {
    const prices = await start();
    const belowOne = await prices.create({ rule: rule('below', '1'), rearm: 'every' });
    const belowTen = await prices.create({ rule: rule('below', '10'), rearm: 'every' });
    const above = await prices.create({ rule: rule('above', '100'), rearm: 'every' });
    await server.subscribed();
    server.push('BTC_USDT', '20');
    await expect.poll(() => currentOf(belowOne.id)).toBe('20');

    const broken = ['-1', '0', '1e308', 'NaN', 'Infinity', 'lots', 1000];
    for (const price of broken) server.push('BTC_USDT', price);
    // Every one was counted, so every pass is over; a wrong raise would also break the exact list below.
    await expect.poll(() => prices.ignoredPrices()).toBe(broken.length);
    expect(raised).toEqual([]);
    expect(service!.list().alerts.every((a) => a.state === 'armed')).toBe(true);
    expect(currentOf(above.id)).toBe('20');

    // A real price still crosses.
    server.push('BTC_USDT', '0.5');
    await expect.poll(() => raised.map((a) => a.watch?.ruleId).sort()).toEqual([belowOne.id, belowTen.id].sort());
  });
});

describe('a price pass', () => {
  it('writes every alert it changed in one transaction', async () => {
    const prices = await start();
    const made: PriceAlert[] = [];
    for (let i = 0; i < 20; i++) made.push(await prices.create({ rule: rule('above', String(100 + i)), rearm: 'every' }));
    await prices.create({ rule: rule('above', '100', 'ETH_USDT'), rearm: 'every' });
    await server.subscribed();
    server.push('BTC_USDT', '50');
    await expect.poll(() => currentOf(made[0]!.id)).toBe('50');
    server.push('BTC_USDT', '200');
    await expect.poll(() => raised.length).toBe(20);
    expect(writes.replaceMany).toEqual([20]);
    expect(writes.replace).toBe(0);
    // Every one was kept.
    expect(service!.list().alerts.filter((a) => a.state === 'fired').map((a) => a.id).sort()).toEqual(made.map((a) => a.id).sort());
  });

  it('an alert made while the price stands still learns that price', async () => {
    const prices = await start();
    await prices.create({ rule: rule('above', '1000'), rearm: 'every' });
    await server.subscribed();
    server.push('BTC_USDT', '50');
    const later = await prices.create({ rule: rule('above', '100'), rearm: 'every' });
    server.push('BTC_USDT', '50');
    await expect.poll(() => currentOf(later.id)).toBe('50');
    server.push('BTC_USDT', '150');
    await expect.poll(() => raised.map((a) => a.watch?.ruleId)).toEqual([later.id]);
  });
});

describe('the ceiling per account', () => {
  it(`refuses alert ${MAX_PRICE_ALERTS_PER_ACCOUNT + 1} of an account with a code, and still takes another account’s`, async () => {
    const real = createPriceAlertStore(database.connection);
    database.connection.transaction(() => {
      for (let i = 0; i < MAX_PRICE_ALERTS_PER_ACCOUNT; i++) {
        const id = `kept-${String(i).padStart(6, '0')}`;
        real.insert({ id, rule: rule('above', String(100 + i)), rearm: 'once', state: 'armed', createdAt: 1_700_000_000_000 + i, lastFiredAt: null });
      }
    })();
    const prices = await start();
    const refused = await prices.create({ rule: rule('above', '1'), rearm: 'once' }).catch((error: unknown) => error);
    expect(isAppFailure(refused) && refused.error).toMatchObject({ kind: 'validation', fields: { accountId: ['too_many_alerts'] } });
    expect(await prices.create({ rule: rule('above', '1', 'BTC_USDT', 'acc-2'), rearm: 'once' })).toMatchObject({ state: 'armed' });
    // Moving an alert to the full account is refused too.
    const other = service!.list().alerts.find((a) => a.rule.accountId === 'acc-2')!;
    await expect(prices.update({ id: other.id, rule: rule('above', '2') })).rejects.toSatisfy((e) => isAppFailure(e));
  });
});

describe('re-arming', () => {
  it('follows the value back past the band, never the clock: with time standing still an every-crossing alert fires again', async () => {
    const prices = await start(() => 1_700_000_000_000);
    const alert = await prices.create({ rule: rule('above', '100'), rearm: 'every' });
    await server.subscribed();
    const stateAfter = async (price: string) => {
      server.push('BTC_USDT', price);
      await expect.poll(() => currentOf(alert.id)).toBe(price);
      return service!.list().alerts.find((a) => a.id === alert.id)!.state;
    };
    expect(await stateAfter('90')).toBe('armed');
    expect(await stateAfter('101')).toBe('fired');
    // Inside the band (0.1 % of 100): still fired, however long it stays there.
    expect(await stateAfter('99.95')).toBe('fired');
    expect(await stateAfter('100.5')).toBe('fired');
    // Past the band: armed by that value, and the next crossing fires.
    expect(await stateAfter('99.9')).toBe('armed');
    expect(await stateAfter('102')).toBe('fired');
    expect(raised.map((a) => a.watch?.value)).toEqual(['101', '102']);
  });
});
