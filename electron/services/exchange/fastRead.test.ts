import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { JsonNumber } from '../../../shared/api/jsonNumber';
import { ENDPOINTS } from '../../../shared/api/endpoints';
import { BalanceResponse, CollateralBalanceResponse, PositionsResponse, TickerResponse, TradeBalanceResponse } from '../../../shared/api/schemas';
import { interpretAnswer, parseAnswerText } from './classify';
import { NOT_READ, readBalance, readCollateralBalance, readFast, readPositions, readTicker, readTradeBalance } from './fastRead';

/** Positions in the shapes the exchange documents (API.md) and the simulator sends. */
const BASE: Record<string, unknown>[] = [
  {
    positionId: 1001,
    market: 'BTC_USDT',
    openDate: 1759825965.432109,
    modifyDate: 1759829566.682109,
    amount: '0.25',
    basePrice: '63250.5',
    liquidationPrice: '48211.37',
    liquidationState: null,
    pnl: '-312.625',
    pnlPercent: '-124.8',
    margin: '250.5',
    freeMargin: '1180.25',
    funding: '0.35',
    unrealizedFunding: '0.0121',
    unrealizedPnl: '-312.625',
    leverage: 5,
    tpsl: { takeProfitId: 9101, takeProfit: '72000', stopLossId: 9102, stopLoss: '58000' },
    positionSide: 'LONG',
  },
  {
    positionId: 1002,
    market: 'ETH_USDT',
    openDate: 1759739565.215109,
    modifyDate: 1759743167.465109,
    amount: '-4',
    basePrice: '2410.75',
    liquidationPrice: '2575.1',
    liquidationState: 'margin_call',
    pnl: '-357',
    pnlPercent: '-37.02',
    margin: '964.3',
    freeMargin: '12.04',
    funding: '0.35',
    unrealizedFunding: '0.0121',
    tpsl: null,
    positionSide: 'SHORT',
  },
  {
    positionId: 1004,
    market: 'SOL_USDT',
    openDate: 1759566764,
    modifyDate: 1759570369.031109,
    amount: null,
    basePrice: null,
    liquidationPrice: null,
    liquidationState: null,
    pnl: null,
    pnlPercent: null,
    margin: '0',
    freeMargin: '0',
    funding: '0',
    unrealizedFunding: '0',
    extraField: { anything: [1, 2] },
  },
];

/** Values tried in every field: the right kinds, the edge of each rule, and wrong kinds. */
const CANDIDATES: unknown[] = [
  undefined,
  null,
  0,
  -0,
  7,
  -3,
  1.5,
  -1.5,
  -0.5,
  2 ** 53,
  2 ** 53 - 1,
  1e21,
  1e-7,
  1759825965.432109,
  '',
  '0',
  '12',
  '-12',
  '007',
  '1.50',
  '.5',
  '5.',
  '-',
  '-.5',
  '1e5',
  ' 1',
  '1 ',
  'abc',
  '123456789012',
  '1234567890123',
  '123456789012345',
  '1234567890123456',
  '1759825965.432109',
  '+1',
  '9'.repeat(80),
  '9'.repeat(81),
  'x'.repeat(32),
  'x'.repeat(33),
  'x'.repeat(64),
  'x'.repeat(65),
  'LONG',
  'SHORT',
  'BOTH',
  'long',
  'liquidation',
  true,
  false,
  {},
  [],
  { takeProfit: '1' },
  { takeProfitId: null, stopLoss: null },
  { takeProfit: null, stopLossId: 5 },
  { takeProfitId: '12', takeProfit: 3, stopLossId: 1.5 },
  { stopLossId: '-4', stopLoss: '2.50', extra: 1 },
  { takeProfitId: new JsonNumber('12'), takeProfit: new JsonNumber('0.10') },
  new JsonNumber('1001'),
  new JsonNumber('1.0'),
  new JsonNumber('1000.123456789012345678'),
  new JsonNumber('1e3'),
  new JsonNumber('-0'),
];

const FIELDS = [...new Set(BASE.flatMap((p) => Object.keys(p))), 'positionSide', 'leverage', 'unrealizedPnl', 'tpsl'];

function withField(position: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const copy = { ...position };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

/** A small deterministic generator, so a failure names a reproducible case, and a picker on it. */
function seeded(seed: number): { random: () => number; pick: <T>(list: readonly T[]) => T } {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { random, pick: (list) => list[Math.floor(random() * list.length)]! };
}

/** How many answers a reader took and how many it declined; `check` compares each with the schema. */
function tally(answers: readonly unknown[], check: (answer: unknown) => boolean): { read: number; declined: number } {
  const read = answers.filter(check).length;
  return { read, declined: answers.length - read };
}

/** The reader either declines or returns exactly the schema's output, down to key order. */
function expectSameAsSchema(answer: unknown): boolean {
  const quick = readPositions(answer);
  if (quick === NOT_READ) return false;
  const checked = PositionsResponse.safeParse(answer);
  expect(checked.success, JSON.stringify(answer)).toBe(true);
  if (!checked.success) return true;
  expect(checked.data.unreadable).toEqual([]);
  expect(quick).toStrictEqual(checked.data);
  expect(JSON.stringify(quick)).toBe(JSON.stringify(checked.data));
  return true;
}

describe('readPositions: an exact shortcut for the positions schema', () => {
  it('reads the documented shapes exactly as the schema does', () => {
    expect(expectSameAsSchema(BASE)).toBe(true);
    expect(expectSameAsSchema([])).toBe(true);
  });

  it('never differs from the schema when one field takes any candidate value', () => {
    const { read, declined } = tally(BASE.flatMap((base) => FIELDS.flatMap((field) => CANDIDATES.map((value) => [withField(base, field, value)]))), expectSameAsSchema);
    // It must take the many valid variants, not decline its way through the test.
    expect(read).toBeGreaterThan(250);
    expect(declined).toBeGreaterThan(250);
  });

  it('never differs from the schema on answers with many fields changed at once', () => {
    const { random, pick } = seeded(20_260_114);
    const answers = Array.from({ length: 3_000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
        let position = pick(BASE);
        const changes = 1 + Math.floor(random() * 3);
        for (let c = 0; c < changes; c++) position = withField(position, pick(FIELDS), pick(CANDIDATES));
        return position;
      }),
    );
    expect(tally(answers, expectSameAsSchema).read).toBeGreaterThan(100);
  });

  it('leaves every answer with an unreadable element, and every wrong container, to the schema', () => {
    expect(readPositions([BASE[0], { ...BASE[1], margin: 'lots' }])).toBe(NOT_READ);
    expect(readPositions({ 0: BASE[0] })).toBe(NOT_READ);
    expect(readPositions(null)).toBe(NOT_READ);
    expect(readPositions([null])).toBe(NOT_READ);
    expect(readPositions([[]])).toBe(NOT_READ);
  });

  it('is the reader the client uses for the positions endpoint', () => {
    // The readers are found by schema identity: a wrapped schema here would silently lose the shortcut.
    expect(readFast(ENDPOINTS.positions.response, BASE)).not.toBe(NOT_READ);
  });

  it('has no reader for other schemas', () => {
    expect(readFast(PositionsResponse.optional(), BASE)).toBe(NOT_READ);
  });

  it('gives the same interpretation as the schema for a whole answer text, lossless numbers included', () => {
    const texts = [
      JSON.stringify(BASE),
      // Numbers a float would change go through the lossless reader and keep their text.
      JSON.stringify([{ ...BASE[0], leverage: 0 }]).replace('"leverage":0', '"leverage":10.50'),
      JSON.stringify([{ ...BASE[0], positionId: 0 }]).replace('"positionId":0', '"positionId":1001.0'),
    ];
    for (const text of texts) {
      const parsed = parseAnswerText(text);
      if (!parsed.ok) throw new Error('not parsed');
      const viaSchema = PositionsResponse.safeParse(parsed.value);
      const viaClient = interpretAnswer({ status: 200, contentType: 'application/json', retryAfter: undefined, text }, PositionsResponse, 0);
      expect(viaClient.ok).toBe(true);
      if (viaClient.ok && viaSchema.success) expect(viaClient.data).toStrictEqual(viaSchema.data);
    }
  });
});

/**
 * The overview's answers, keyed by market or ticker: each reader against its schema, entry fields
 * taking every candidate value, as above. Entries in the documented shapes (API.md) and the
 * simulator's, JSON numbers as the lossless reader leaves them included.
 */
interface RecordReaderCase {
  name: string;
  endpoint: z.ZodType;
  schema: z.ZodType<{ unreadable: unknown[] }>;
  read: (value: unknown) => unknown;
  entries: readonly unknown[];
  fields: readonly string[];
}

const RECORD_READERS: RecordReaderCase[] = [
  {
    name: 'readTicker',
    endpoint: ENDPOINTS.ticker.response,
    schema: TickerResponse,
    read: readTicker,
    entries: [
      { base_id: 1, quote_id: 825, last_price: '63250.5', quote_volume: '1250000.12', base_volume: '19.76', isFrozen: false, change: '-1.25' },
      { last_price: '0.00000123', quote_volume: '0', base_volume: '0', change: '0' },
      { base_id: new JsonNumber('4'), last_price: new JsonNumber('2410.750'), quote_volume: '9', base_volume: '1', isFrozen: true, change: new JsonNumber('3.10'), extra: 'x' },
    ],
    fields: ['base_id', 'quote_id', 'last_price', 'quote_volume', 'base_volume', 'isFrozen', 'change'],
  },
  {
    name: 'readBalance',
    endpoint: ENDPOINTS.balance.response,
    schema: BalanceResponse,
    read: readBalance,
    entries: [{ main_balance: '0' }, { main_balance: '1000.123456789012345678' }, { main_balance: new JsonNumber('0.50'), other: 1 }],
    fields: ['main_balance'],
  },
  {
    name: 'readTradeBalance',
    endpoint: ENDPOINTS.tradeBalance.response,
    schema: TradeBalanceResponse,
    read: readTradeBalance,
    entries: [{ available: '0', freeze: '0' }, { available: '12.5', freeze: '0.25' }, { available: new JsonNumber('1.0'), freeze: '3', x: null }],
    fields: ['available', 'freeze'],
  },
  {
    name: 'readCollateralBalance',
    endpoint: ENDPOINTS.collateralBalance.response,
    schema: CollateralBalanceResponse,
    read: readCollateralBalance,
    // Collateral balances are plain amounts (documented as JSON numbers: {"USDT":1000}).
    entries: ['1000', '-3.5', new JsonNumber('1000.10')],
    fields: [],
  },
];

describe.each(RECORD_READERS)('$name: an exact shortcut for its schema', ({ endpoint, schema, read, entries, fields }) => {
  function sameAsSchema(answer: unknown): boolean {
    const quick = read(answer);
    if (quick === NOT_READ) return false;
    const checked = schema.safeParse(answer);
    expect(checked.success, String(answer)).toBe(true);
    if (!checked.success) return true;
    expect(checked.data.unreadable).toEqual([]);
    expect(quick).toStrictEqual(checked.data);
    expect(JSON.stringify(quick)).toBe(JSON.stringify(checked.data));
    return true;
  }
  const answerOf = (list: readonly unknown[]) => Object.fromEntries(list.map((entry, i) => [i === 0 ? 'BTC_USDT' : `A${i}`, entry]));
  const vary = (entry: unknown, field: string | undefined, value: unknown) =>
    field === undefined ? value : withField(entry as Record<string, unknown>, field, value);

  it('reads the documented shapes exactly as the schema does', () => {
    expect(sameAsSchema(answerOf(entries))).toBe(true);
    expect(sameAsSchema({})).toBe(true);
    // Keys that look like array indices come first in an object's key order, in both readers.
    expect(sameAsSchema({ USDT: entries[0], '10': entries[1], '2': entries[2] })).toBe(true);
  });

  it('never differs from the schema when one field of an entry takes any candidate value', () => {
    const slots = fields.length > 0 ? fields : [undefined];
    const { read, declined } = tally(entries.flatMap((entry) => slots.flatMap((field) => CANDIDATES.map((value) => answerOf([entries[0], vary(entry, field, value)])))), sameAsSchema);
    expect(read).toBeGreaterThan(20);
    expect(declined).toBeGreaterThan(20);
  });

  it('never differs from the schema on answers with many entries and fields changed at once', () => {
    const { random, pick } = seeded(20_261_126);
    const answers = Array.from({ length: 1_500 }, () =>
      answerOf(
        Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
          const entry = pick(entries);
          return random() < 0.5 ? vary(entry, fields.length > 0 ? pick(fields) : undefined, pick(CANDIDATES)) : entry;
        }),
      ),
    );
    expect(tally(answers, sameAsSchema).read).toBeGreaterThan(100);
  });

  it('leaves an unreadable entry, a wrong container and a "__proto__" key to the schema', () => {
    expect(read(answerOf([entries[0], { nothing: true }]))).toBe(NOT_READ);
    for (const container of [null, [], [entries[0]], 'x', 5, new JsonNumber('1')]) expect(read(container)).toBe(NOT_READ);
    expect(read(JSON.parse(`{"__proto__": ${JSON.stringify(entries[0])}}`))).toBe(NOT_READ);
  });

  it('is the reader the client uses for its endpoint', () => {
    expect(readFast(endpoint, answerOf(entries))).not.toBe(NOT_READ);
  });
});
