/** The demo accounts' open positions, including the awkward shapes the exchange documents. */
import type { PositionRecord } from '../model';
import { DATA_EPOCH_SECONDS } from './epoch';

interface PositionInput {
  amount: string;
  basePrice: string;
  liquidationPrice: string | null;
  liquidationState: PositionRecord['liquidationState'];
  side: PositionRecord['positionSide'] | 'omit';
  /** 'omit': no tpsl key at all. */
  tpsl: PositionRecord['tpsl'] | 'omit';
  leverage?: number;
  unrealizedPnl?: string;
  pnl?: string;
  pnlPercent?: string;
  margin?: string;
  freeMargin?: string;
  unrealizedFunding?: string;
  funding?: string;
}

export function position(positionId: number, market: string, input: PositionInput): PositionRecord {
  const perp = market.endsWith('_PERP');
  const openDate = DATA_EPOCH_SECONDS - 86_400 * (positionId % 9) - 0.217 * (positionId % 7) - 1234.567891;
  const record: PositionRecord = {
    positionId,
    market,
    openDate: Number(openDate.toFixed(6)),
    modifyDate: Number((openDate + 3600.25 + (positionId % 5)).toFixed(6)),
    amount: input.amount,
    basePrice: input.basePrice,
    liquidationPrice: input.liquidationPrice,
    liquidationState: input.liquidationState,
    pnl: input.pnl ?? '0',
    pnlPercent: input.pnlPercent ?? '0.42',
    margin: input.margin ?? '250.5',
    freeMargin: input.freeMargin ?? '1180.25',
    // Futures settle funding through balance updates, never per position (seed 2.2).
    funding: perp ? '0' : (input.funding ?? '0.35'),
    unrealizedFunding: perp ? '0' : (input.unrealizedFunding ?? '0.0121'),
  };
  if (input.unrealizedPnl !== undefined) record.unrealizedPnl = input.unrealizedPnl;
  if (input.leverage !== undefined) record.leverage = input.leverage;
  if (input.tpsl !== 'omit') record.tpsl = input.tpsl;
  if (input.side !== 'omit') record.positionSide = input.side;
  return record;
}

/**
 * A position opened by a trigger or limit order that has not filled: amount, basePrice,
 * liquidationPrice, pnl and pnlPercent are null (docs/exchange-api.md "Shapes that break naive parsers"); no tpsl, no positionSide.
 */
function pendingPosition(positionId: number, market: string, margin: string): PositionRecord {
  const record = position(positionId, market, { amount: '0', basePrice: '0', liquidationPrice: null, liquidationState: null, side: 'omit', tpsl: 'omit', margin, funding: '0', unrealizedFunding: '0' });
  return { ...record, amount: null, basePrice: null, pnl: null, pnlPercent: null };
}

export function mainPositions(id: number): PositionRecord[] {
  return [
    position(id, 'BTC_USDT', {
      amount: '0.25',
      basePrice: '63250.5',
      liquidationPrice: '48211.37',
      liquidationState: null,
      side: 'LONG',
      tpsl: { takeProfitId: 9101, takeProfit: '72000', stopLossId: 9102, stopLoss: '58000' },
      pnlPercent: '3.81',
      leverage: 5,
      unrealizedPnl: '812.44',
    }),
    position(id + 1, 'ETH_USDT', {
      amount: '-4',
      basePrice: '2410.75',
      liquidationPrice: '2575.1',
      liquidationState: 'margin_call',
      side: 'SHORT',
      tpsl: null,
      pnlPercent: '-11.4',
      margin: '964.3',
      freeMargin: '12.04',
    }),
    position(id + 2, 'BTC_PERP', {
      amount: '0.8',
      basePrice: '64010',
      liquidationPrice: '63100.5',
      liquidationState: 'liquidation',
      side: 'BOTH',
      tpsl: null,
      pnlPercent: '-27.93',
      margin: '5120.8',
      freeMargin: '0',
    }),
    position(id + 3, 'SOL_USDT', {
      amount: '120',
      basePrice: '142.315',
      liquidationPrice: '97.02',
      liquidationState: null,
      side: 'omit',
      tpsl: 'omit',
    }),
    position(id + 4, 'ETH_PERP', {
      amount: '2.5',
      basePrice: '2388.4',
      liquidationPrice: '1905',
      liquidationState: null,
      side: 'LONG',
      tpsl: { takeProfitId: 9103, takeProfit: '2800', stopLossId: 9105, stopLoss: '2150' },
      leverage: 10,
      unrealizedPnl: '-120.5',
    }),
    position(id + 5, 'XRP_USDT', {
      amount: '-15000',
      basePrice: '0.5231',
      liquidationPrice: null,
      liquidationState: null,
      side: 'SHORT',
      tpsl: { takeProfitId: 9106, takeProfit: '0.45', stopLossId: 9104, stopLoss: '0.61' },
    }),
    position(id + 6, 'DOGE_PERP', {
      amount: '-50000',
      basePrice: '0.1187',
      liquidationPrice: '0.1235',
      liquidationState: 'liquidation',
      side: 'omit',
      tpsl: null,
      pnlPercent: '-31.2',
    }),
    position(id + 7, 'LTC_BTC', {
      amount: '12',
      basePrice: '0.001294',
      liquidationPrice: '0.00091',
      liquidationState: 'margin_call',
      side: 'LONG',
      tpsl: null,
      pnl: '-0.00042',
      pnlPercent: '-8.77',
      margin: '0.0031',
      freeMargin: '0.00008',
    }),
    position(id + 8, 'TON_USDT', {
      amount: '350.5',
      basePrice: '5.4471',
      liquidationPrice: '3.1',
      liquidationState: null,
      side: 'BOTH',
      tpsl: 'omit',
      pnl: '12.4471',
      pnlPercent: '1.05',
      leverage: 3,
      unrealizedPnl: '18.07',
    }),
    pendingPosition(id + 9, 'ADA_USDT', '150'),
  ];
}

export function traderPositions(id: number): PositionRecord[] {
  return [
    position(id, 'ETH_USDT', { amount: '1', basePrice: '2500', liquidationPrice: '2010', liquidationState: null, side: 'LONG', tpsl: null }),
    position(id + 1, 'BTC_PERP', { amount: '-0.05', basePrice: '61500', liquidationPrice: '63900', liquidationState: 'margin_call', side: 'SHORT', tpsl: null }),
    position(id + 2, 'ADA_USDT', { amount: '5000', basePrice: '0.3511', liquidationPrice: '0.22', liquidationState: null, side: 'omit', tpsl: 'omit', leverage: 2, unrealizedPnl: '-35.5' }),
    pendingPosition(id + 3, 'SOL_USDT', '80'),
  ];
}
