import { describe, expect, it } from 'vitest';
import { AppFailure, type Envelope } from '../../shared/errors';
import { CHANNELS, CHANNEL_NAMES, type Channel, type RequestOf } from '../../shared/ipc';
import { createLogger, createSilentLogger } from '../services/logging';
import { createRouter, handlersOf, type Handlers, type ServiceFor } from './router';
import { electronSenderPolicy, type Sender } from './sender';
import { Random } from '../simulator/random';

const direct: Sender = { transport: 'direct' };
const allowAll = () => true;

/** One valid payload per channel; typed, so a new channel cannot be forgotten here. */
const VALID: { [C in Channel]: RequestOf<C> } = {
  'app.info': {},
  'app.bootstrap': {},
  'accounts.list': {},
  'accounts.add': { name: 'Main', region: 'custom', baseUrl: 'http://127.0.0.1:9999', apiKey: 'key-12345678', apiSecret: 'secret-12345678' },
  'accounts.update': { accountId: 'acc-1', name: 'Renamed', notifyPositions: true },
  'accounts.setKey': { accountId: 'acc-1', apiKey: 'key-12345678', apiSecret: 'secret-12345678' },
  'accounts.test': { accountId: 'acc-1' },
  'accounts.remove': { accountId: 'acc-1' },
  'accounts.select': { accountId: 'demo' },
  'settings.get': {},
  'settings.update': { theme: 'dark', refreshIntervalMs: 10_000, hideSmallBelow: '0.5' },
  'connection.get': { accountId: 'demo' },
  'connection.watch': { accountId: 'demo', watcher: '0b8e1c2a-5f3d-4e6a-9b7c-1d2e3f4a5b6c', watching: true, seq: 3 },
  'exchange.ping': { accountId: 'demo' },
  'exchange.assets': { accountId: 'demo' },
  'exchange.fees': { accountId: 'demo' },
  'exchange.balance': { accountId: 'demo' },
  'exchange.codes': { accountId: 'demo', limit: 10, offset: 0 },
  'exchange.positions': { accountId: 'demo', market: 'BTC_USDT' },
  'exchange.flexPlans': { accountId: 'demo', limit: 10 },
  'exchange.flexInvestments': { accountId: 'demo', offset: 5 },
  'exchange.flexInvest': { accountId: 'demo', planId: 'plan-1', amount: '10.5', withReinvest: true },
  'codes.page': { accountId: 'demo', list: 'history', filter: { ticker: 'usdt', status: 'applied', since: 1_700_000_000, until: 1_800_000_000 }, limit: 100, offset: 9_900 },
  'transactions.page': { accountId: 'demo', filter: { kind: 'deposit', ticker: 'btc', phase: 'successful', since: 1_700_000_000, until: 1_800_000_000 }, limit: 50, offset: 100 },
  'withdrawals.prepare': { accountId: 'demo', ticker: 'USDT', amount: '25', address: 'TXabc123', network: 'TRC20' },
  'withdrawals.send': { uniqueId: 'abcdefgh-1234' },
  'withdrawals.reconcile': { uniqueId: 'abcdefgh-1234' },
  'withdrawals.discard': { uniqueId: 'abcdefgh-1234' },
  'withdrawals.list': { accountId: 'demo' },
  'withdrawals.vasps': { accountId: 'demo' },
  'withdrawals.destinations': { accountId: 'demo' },
  'withdrawals.labelDestination': { accountId: 'demo', ticker: 'USDT', network: 'TRC20', address: 'TXabc123', label: 'Savings' },
  'balances.overview': { quote: 'BTC' },
  'balances.holdings': { subAccounts: true },
  'positions.overview': { accountId: 'demo' },
  'positions.closed': { accountId: 'demo', market: 'BTC_USDT', startDate: 0, endDate: 1 },
  'alerts.log': {},
  'live.get': { accountId: 'demo' },
  'priceAlerts.list': {},
  'priceAlerts.markets': { accountId: 'demo' },
  'priceAlerts.create': { rule: { kind: 'price', accountId: 'demo', market: 'BTC_USDT', direction: 'above', threshold: '50000' }, rearm: 'once' },
  'priceAlerts.update': { id: 'alert-0001', rearm: 'every' },
  'priceAlerts.delete': { id: 'alert-0001' },
  'priceAlerts.rearm': { id: 'alert-0001' },
  'history.series': { accountId: 'demo', range: '1w', asset: 'BTC', quote: 'USDT', points: 500 },
  'history.asOf': { accountId: 'demo', at: 1_767_139_200_000 },
  'history.changes': { accountId: 'demo' },
  'history.space': {},
  'history.thin': {},
  'deposits.address': { accountId: 'demo', ticker: 'USDT', network: 'TRC20' },
  'subAccounts.list': { accountId: 'demo', search: 'bot', offset: 30 },
  'subAccounts.balances': { accountId: 'demo', id: '5ab0c1d2-7e3f-4a1b-9c2d-0000000003e9', quote: 'USDT' },
  'subAccounts.total': { accountId: 'demo', quote: 'USDT' },
  'database.status': {},
};

function spyHandlers(onCall: (channel: Channel, payload: unknown) => unknown): Handlers {
  const handlers = {} as Record<Channel, (p: unknown) => Promise<unknown>>;
  for (const channel of CHANNEL_NAMES) handlers[channel] = async (payload) => onCall(channel, payload);
  return handlers as unknown as Handlers;
}

type Rng = Random;

function randomString(rng: Rng, max = 24): string {
  const alphabet = 'abcXYZ019 _-.:/\\"\'{}[]<>\u0000\u202e\u00e9\ud83d\ude00';
  let out = '';
  const length = rng.int(0, max - 1);
  for (let i = 0; i < length; i++) out += alphabet[rng.int(0, alphabet.length - 1)];
  return out;
}

function randomJunk(rng: Rng, depth = 0): unknown {
  const kinds = depth > 3 ? 6 : 9;
  switch (rng.int(0, kinds - 1)) {
    case 0:
      return null;
    case 1:
      return rng.pick([0, -1, 1.5, 2 ** 53, -0, 1e308]);
    case 2:
      return randomString(rng);
    case 3:
      return rng.next() < 0.5;
    case 4:
      return rng.pick([NaN, Infinity, -Infinity]);
    case 5:
      return undefined;
    case 6:
      return Array.from({ length: rng.int(0, 3) }, () => randomJunk(rng, depth + 1));
    case 7: {
      const o: Record<string, unknown> = {};
      for (let i = rng.int(0, 3); i > 0; i--) o[randomString(rng, 8)] = randomJunk(rng, depth + 1);
      return o;
    }
    default:
      return { [randomString(rng, 6)]: randomJunk(rng, depth + 1) };
  }
}

function fieldsOf(channel: Channel): string[] {
  const schema = CHANNELS[channel].request as unknown as { shape?: Record<string, unknown>; def?: { in?: { shape?: Record<string, unknown> } } };
  return Object.keys(VALID[channel] as object).concat(Object.keys(schema.shape ?? {})).filter((v, i, a) => a.indexOf(v) === i);
}

function deepNest(levels: number): unknown {
  let node: unknown = 'leaf';
  for (let i = 0; i < levels; i++) node = { n: node };
  return node;
}

const BAD_CHANNELS: unknown[] = [
  null,
  undefined,
  0,
  42,
  -1,
  NaN,
  true,
  {},
  [],
  ['accounts.list'],
  '',
  ' accounts.list',
  'accounts.list ',
  'ACCOUNTS.LIST',
  'accounts',
  'accounts.list\u0000',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'exchange:invoke',
  'x'.repeat(10_000),
];

/** Builds a payload that no schema in CHANNELS may accept for `channel`, by one of many routes. */
function malformed(rng: Rng, channel: Channel): { payload: unknown; how: string } {
  const valid = VALID[channel] as Record<string, unknown>;
  const fields = fieldsOf(channel);
  const field = fields.length > 0 ? rng.pick(fields) : 'accountId';
  switch (rng.int(0, 13)) {
    case 0:
      return { payload: rng.pick([null, undefined, 0, 1, -5.5, '', 'payload', true, false, NaN, 10n, Symbol('s'), () => 1]), how: 'not an object' };
    case 1:
      return { payload: rng.pick([[], [valid], [1, 2, 3], Object.assign([], valid)]), how: 'array' };
    case 2:
      return { payload: { ...valid, [`extra_${randomString(rng, 6)}`]: randomJunk(rng) }, how: 'unknown field' };
    case 3: {
      const key = rng.pick(['__proto__', 'constructor', 'prototype']);
      const inner = JSON.stringify(valid).slice(1, -1);
      const text = `{"${key}":{"polluted":true,"isAdmin":true}${inner ? ',' + inner : ''}}`;
      return { payload: JSON.parse(text) as unknown, how: `${key} key` };
    }
    case 4: {
      // `{}` is a valid filter where every filter field is optional (transactions, codes): not a wrong type there.
      const schema = CHANNELS[channel].request as unknown as { safeParse(v: unknown): { success: boolean } };
      const wrongs = [null, {}, [], { nested: 'x' }, ['a'], deepNest(3)].filter((w) => !schema.safeParse({ ...valid, [field]: w }).success);
      return { payload: { ...valid, [field]: rng.pick(wrongs) }, how: `wrong type for ${field}` };
    }
    case 5:
      return { payload: { ...valid, [field]: 'A'.repeat(rng.pick([4097, 65_536, 1_000_000])) }, how: `huge string in ${field}` };
    case 6: {
      // Numbers where strings are due and strings where numbers are due.
      const current = valid[field];
      const wrong = typeof current === 'number' ? String(current) : typeof current === 'string' ? rng.pick([1, 0, -1, 3.5]) : 'not-a-boolean';
      if (current === undefined) return { payload: { ...valid, [field]: rng.pick([{}, []]) }, how: `object in ${field}` };
      return { payload: { ...valid, [field]: wrong }, how: `swapped type in ${field}` };
    }
    case 7: {
      // A required field missing; channels without required fields get an unknown field instead.
      const schema = CHANNELS[channel].request as unknown as { safeParse(v: unknown): { success: boolean } };
      const required = Object.keys(valid).filter((k) => {
        const copy = { ...valid };
        delete copy[k];
        return !schema.safeParse(copy).success;
      });
      if (required.length === 0) return { payload: { ...valid, unexpected: 1 }, how: 'unknown field (no required fields)' };
      const copy = { ...valid };
      delete copy[rng.pick(required)];
      return { payload: copy, how: 'missing required field' };
    }
    case 8:
      return { payload: { ...valid, deep: deepNest(rng.pick([7, 50, 500])) }, how: 'deep nesting' };
    case 9: {
      // Valid-looking fields that live on the prototype, not on the object.
      return { payload: Object.create(valid) as unknown, how: 'fields on the prototype chain' };
    }
    case 10: {
      const withGetter = { ...valid };
      Object.defineProperty(withGetter, field, { enumerable: true, get: () => (valid[field] ?? 'x') });
      return { payload: withGetter, how: 'getter field' };
    }
    case 11:
      return { payload: rng.pick([new Date(), new Map(Object.entries(valid)), new Uint8Array(4), Buffer.from('{}'), new Error('x'), /re/]), how: 'non-plain object' };
    case 12: {
      const many: Record<string, unknown> = { ...valid };
      for (let i = 0; i < 100; i++) many[`k${i}`] = i;
      return { payload: many, how: 'too many fields' };
    }
    default: {
      const junk = randomJunk(rng);
      const payload = junk !== null && typeof junk === 'object' && !Array.isArray(junk) ? { ...valid, ...(junk as object), zz_junk: 1 } : junk;
      return { payload, how: 'random junk' };
    }
  }
}

describe('router fuzz', () => {
  it('answers 10 000+ malformed calls with a validation envelope, never reaching a handler', async () => {
    const SEED = 0x5eed_2025;
    const ITERATIONS = 10_500;
    const rng = new Random(SEED);
    let reached = 0;
    const router = createRouter(
      spyHandlers((channel) => {
        reached++;
        throw new Error(`handler for ${channel} must not be reached by malformed input`);
      }),
      { logger: createSilentLogger(), isTrustedSender: allowAll },
    );
    const kinds = new Map<string, number>();
    for (let i = 0; i < ITERATIONS; i++) {
      let channel: unknown;
      let payload: unknown;
      let how: string;
      if (rng.next() < 0.12) {
        channel = rng.pick(BAD_CHANNELS);
        payload = rng.next() < 0.5 ? {} : randomJunk(rng);
        how = 'bad channel';
      } else {
        const c = rng.pick(CHANNEL_NAMES);
        channel = c;
        ({ payload, how } = malformed(rng, c));
      }
      const envelope = await router.route(channel, payload, direct);
      if (envelope.ok || envelope.error.kind !== 'validation') {
        throw new Error(`case ${i} (seed ${SEED}, ${String(channel).slice(0, 30)}, ${how}) answered ${JSON.stringify(envelope).slice(0, 200)}`);
      }
      expect(typeof envelope.error.message).toBe('string');
      kinds.set(how, (kinds.get(how) ?? 0) + 1);
    }
    expect(reached).toBe(0);
    // Every route of malformation was exercised many times.
    expect(kinds.get('bad channel')).toBeGreaterThan(500);
    expect(kinds.size).toBeGreaterThan(15);
    // Nothing leaked into Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('the same valid samples reach their handler (the fuzz above is not vacuous)', async () => {
    const seen: Channel[] = [];
    const router = createRouter(
      spyHandlers((channel) => {
        seen.push(channel);
        return { fine: true };
      }),
      { logger: createSilentLogger(), isTrustedSender: allowAll },
    );
    for (const channel of CHANNEL_NAMES) {
      const envelope = await router.route(channel, structuredClone(VALID[channel]), direct);
      expect(envelope, channel).toEqual({ ok: true, data: { fine: true } });
    }
    expect(seen).toEqual(CHANNEL_NAMES);
  });
});

describe('router', () => {
  const logger = createSilentLogger();

  it('hands the handler the parsed payload (defaults applied)', async () => {
    let received: unknown;
    const router = createRouter(
      spyHandlers((_c, p) => {
        received = p;
        return null;
      }),
      { logger, isTrustedSender: allowAll },
    );
    await router.route('exchange.codes', { accountId: 'demo' }, direct);
    expect(received).toEqual({ accountId: 'demo', limit: 30, offset: 0 });
  });

  it('refuses an http:// base URL for a host other than this computer (signed requests in clear text)', async () => {
    const router = createRouter(spyHandlers(() => null), { logger, isTrustedSender: allowAll });
    const envelope = (await router.route('accounts.add', { name: 'Remote', region: 'custom', baseUrl: 'http://whitebit.com', apiKey: 'key-12345678', apiSecret: 'secret-12345678' }, direct)) as Envelope<never>;
    expect(envelope.ok).toBe(false);
    if (!envelope.ok) {
      expect(envelope.error.kind).toBe('validation');
      expect(envelope.error.fields?.baseUrl).toEqual(['url_not_allowed']);
    }
  });

  it('reports field errors without echoing the values it received', async () => {
    const router = createRouter(spyHandlers(() => null), { logger, isTrustedSender: allowAll });
    const envelope = (await router.route('accounts.add', { name: '', region: 'global', apiKey: 'has space 123', apiSecret: 'sec', extra: 'x' }, direct)) as Envelope<never>;
    expect(envelope.ok).toBe(false);
    if (envelope.ok) return;
    expect(envelope.error.kind).toBe('validation');
    expect(Object.keys(envelope.error.fields ?? {}).sort()).toEqual(['apiKey', 'apiSecret', 'extra', 'name']);
    expect(JSON.stringify(envelope)).not.toContain('has space 123');
  });

  it('passes AppFailure errors through and hides unexpected exceptions behind a generic internal error', async () => {
    const router = createRouter(
      spyHandlers((channel) => {
        if (channel === 'accounts.list') throw new AppFailure({ kind: 'not_found', message: 'gone' });
        throw new TypeError('secret internals: /home/user/.config and stack');
      }),
      { logger, isTrustedSender: allowAll },
    );
    expect(await router.route('accounts.list', {}, direct)).toEqual({ ok: false, error: { kind: 'not_found', message: 'gone' } });
    const hidden = await router.route('settings.get', {}, direct);
    expect(hidden.ok).toBe(false);
    if (!hidden.ok) {
      expect(hidden.error.kind).toBe('internal');
      expect(hidden.error.message).not.toContain('secret internals');
    }
  });

  it('refuses untrusted senders before validating or handling anything', async () => {
    let reached = false;
    const policy = electronSenderPolicy({ trustedWebContentsIds: () => [7], appOrigin: 'app://renderer' });
    const router = createRouter(
      spyHandlers(() => {
        reached = true;
        return null;
      }),
      { logger, isTrustedSender: policy },
    );
    const cases: Sender[] = [
      { transport: 'electron', webContentsId: 8, frameUrl: 'app://renderer/index.html', isMainFrame: true },
      { transport: 'electron', webContentsId: 7, frameUrl: 'https://evil.example/index.html', isMainFrame: true },
      { transport: 'electron', webContentsId: 7, frameUrl: 'app://renderer/index.html', isMainFrame: false },
      { transport: 'electron', webContentsId: 7, frameUrl: 'file:///etc/passwd', isMainFrame: true },
      { transport: 'http' },
    ];
    for (const sender of cases) {
      const envelope = await router.route('accounts.list', {}, sender);
      expect(envelope.ok ? 'ok' : envelope.error.kind, JSON.stringify(sender)).toBe('permission');
    }
    expect(reached).toBe(false);
    const trusted = await router.route('accounts.list', {}, { transport: 'electron', webContentsId: 7, frameUrl: 'app://renderer/index.html#/balances', isMainFrame: true });
    expect(trusted.ok).toBe(true);
  });

  it('withholds a response that contains a registered secret', async () => {
    const guarded = createLogger({ file: null });
    guarded.redactor.registerSecret('the-real-api-secret');
    const router = createRouter(spyHandlers(() => ({ leaked: 'prefix the-real-api-secret' })), { logger: guarded, isTrustedSender: allowAll });
    const envelope = await router.route('accounts.list', {}, direct);
    expect(envelope.ok).toBe(false);
    expect(JSON.stringify(envelope)).not.toContain('the-real-api-secret');
  });
});

describe('handlersOf', () => {
  it("answers every channel of the prefix with the service's method of the same name, the service as `this`", async () => {
    const calls: Array<[string, unknown, boolean]> = [];
    const service: ServiceFor<'withdrawals'> = {
      async prepare(p) { calls.push(['prepare', p, this === service]); return {} as never; },
      async send(p) { calls.push(['send', p, this === service]); return {} as never; },
      async reconcile(p) { calls.push(['reconcile', p, this === service]); return {} as never; },
      async discard(p) { calls.push(['discard', p, this === service]); return { discarded: true, stillWatched: false }; },
      async list(p) { calls.push(['list', p, this === service]); return []; },
      async vasps(p) { calls.push(['vasps', p, this === service]); return { available: false, vasps: [], unreadable: 0, regionUnavailable: false }; },
      async destinations(p) { calls.push(['destinations', p, this === service]); return []; },
      async labelDestination(p) { calls.push(['labelDestination', p, this === service]); return { labelled: true }; },
    };
    const handlers = handlersOf('withdrawals', service);
    expect(Object.keys(handlers).sort()).toEqual(CHANNEL_NAMES.filter((c) => c.startsWith('withdrawals.')).sort());
    const sender = {} as Sender;
    expect(await handlers['withdrawals.discard']({ uniqueId: 'u1' }, sender, {} as never)).toEqual({ discarded: true, stillWatched: false });
    await handlers['withdrawals.list']({}, sender, {} as never);
    expect(calls).toEqual([['discard', { uniqueId: 'u1' }, true], ['list', {}, true]]);
  });
});
