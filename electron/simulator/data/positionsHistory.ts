/**
 * Closed collateral positions as /collateral-account/positions/history reports them: one record per
 * event of a position (open, partial close, close or liquidation), each with the order that caused
 * it. Money is computed with decimal.js so realized P&L adds up exactly. The first position of the
 * Main account is a fixed, liquidated long so tests and the demo can rely on it.
 */
import { Decimal, dec, toPlain } from '../../../shared/money/decimal';
import { forkRandom, type Random } from '../random';
import { DATA_EPOCH_SECONDS } from './epoch';

export interface PositionHistoryRecord {
  positionId: number;
  market: string;
  openDate: number;
  modifyDate: number;
  amount: string;
  basePrice: string;
  realizedFunding: string;
  liquidationPrice: string | null;
  liquidationState: 'margin_call' | 'liquidation' | null;
  orderDetail: { id: number; tradeAmount: string; price: string; tradeFee: string; fundingFee: string | null; realizedPnl: string | null };
  side: 'LONG' | 'SHORT' | 'BOTH';
  isHedge: boolean;
}

const MARKETS: readonly [string, number, number][] = [
  // market, centre price, amount places
  ['BTC_USDT', 64_000, 4],
  ['ETH_USDT', 3_100, 3],
  ['BTC_PERP', 64_000, 4],
  ['SOL_USDT', 150, 2],
];

const DAY = 86_400;
const FEE_RATE = '0.0005';

interface Draft {
  positionId: number;
  market: string;
  side: 'LONG' | 'SHORT' | 'BOTH';
  isHedge: boolean;
  amount: string;
  entry: string;
  exits: { amount: string; price: string }[];
  funding: string[];
  openDate: number;
  liquidated: boolean;
  liquidationPrice: string | null;
}

function records(draft: Draft, nextOrderId: () => number): PositionHistoryRecord[] {
  const sign = draft.side === 'SHORT' ? -1 : 1;
  const out: PositionHistoryRecord[] = [];
  const base = {
    positionId: draft.positionId,
    market: draft.market,
    openDate: draft.openDate,
    basePrice: draft.entry,
    side: draft.side,
    isHedge: draft.isHedge,
  };
  const fee = (amount: string, price: string) => toPlain(dec(amount).times(dec(price)).times(dec(FEE_RATE)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP));
  out.push({
    ...base,
    modifyDate: draft.openDate,
    amount: draft.amount,
    realizedFunding: '0',
    liquidationPrice: draft.liquidationPrice,
    liquidationState: null,
    orderDetail: { id: nextOrderId(), tradeAmount: draft.amount, price: draft.entry, tradeFee: fee(draft.amount, draft.entry), fundingFee: null, realizedPnl: null },
  });
  let left = dec(draft.amount);
  let funding = new Decimal(0);
  draft.exits.forEach((exit, i) => {
    left = left.minus(dec(exit.amount));
    const fundingFee = draft.funding[i] ?? '0';
    funding = funding.plus(dec(fundingFee));
    const pnl = dec(exit.price).minus(dec(draft.entry)).times(dec(exit.amount)).times(sign).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
    const last = i === draft.exits.length - 1;
    out.push({
      ...base,
      modifyDate: draft.openDate + (i + 1) * DAY * 0.75 + 0.125,
      amount: toPlain(left),
      realizedFunding: toPlain(funding),
      liquidationPrice: last ? null : draft.liquidationPrice,
      liquidationState: last && draft.liquidated ? 'liquidation' : null,
      orderDetail: { id: nextOrderId(), tradeAmount: exit.amount, price: exit.price, tradeFee: fee(exit.amount, exit.price), fundingFee, realizedPnl: toPlain(pnl) },
    });
  });
  return out;
}

function drawn(rng: Random, positionId: number, openDate: number): Draft {
  const [market, centre, places] = rng.pick(MARKETS);
  const side = rng.pick(['LONG', 'SHORT', 'BOTH'] as const);
  const amount = rng.decimal(1, 20, places);
  const entry = rng.decimal(centre * 0.9, centre * 1.1, 2);
  const partial = rng.chance(0.4);
  const move = () => rng.decimal(centre * 0.85, centre * 1.15, 2);
  const exits = partial
    ? [
        { amount: toPlain(dec(amount).dividedBy(2).toDecimalPlaces(places, Decimal.ROUND_DOWN)), price: move() },
        { amount: '', price: move() },
      ]
    : [{ amount, price: move() }];
  if (partial) exits[1]!.amount = toPlain(dec(amount).minus(dec(exits[0]!.amount)));
  const funding = exits.map(() => (rng.chance(0.5) ? '-' : '') + rng.decimal(0, 3, 4));
  const liq = toPlain(dec(entry).times(side === 'SHORT' ? '1.2' : '0.8').toDecimalPlaces(2, Decimal.ROUND_HALF_UP));
  return { positionId, market, side, isHedge: side !== 'BOTH', amount, entry, exits, funding, openDate, liquidated: false, liquidationPrice: liq };
}

/** Newest event first, as the exchange lists history. */
export function buildPositionsHistory(seed: number, accountName: string, firstId: number, count: number): PositionHistoryRecord[] {
  if (count === 0) return [];
  const rng = forkRandom(seed, `positions-history:${accountName}`);
  let orderId = 97_000_000 + firstId * 100;
  const nextOrderId = () => ++orderId;
  const drafts: Draft[] = [
    {
      positionId: firstId,
      market: 'BTC_USDT',
      side: 'LONG',
      isHedge: false,
      amount: '0.1',
      entry: '45658.349',
      exits: [{ amount: '0.1', price: '41507.59' }],
      funding: ['-1.2345'],
      openDate: DATA_EPOCH_SECONDS - 20 * DAY + 0.882613,
      liquidated: true,
      liquidationPrice: '41507.59',
    },
  ];
  for (let i = 1; i < count; i++) drafts.push(drawn(rng, firstId + i, DATA_EPOCH_SECONDS - (i + 2) * DAY * 1.5 - rng.int(0, 40_000) + 0.5));
  return drafts.flatMap((d) => records(d, nextOrderId)).sort((a, b) => b.modifyDate - a.modifyDate || b.positionId - a.positionId);
}
