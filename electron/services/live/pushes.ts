/**
 * What the live model reads from pushed frames (docs/exchange-api.md "WebSocket", the asyncapi
 * files): the `positionsMargin` snapshot, a `positionsAccountMargin` event and a `lastprice`
 * update. Every record is read on its own: one unreadable record is counted and skipped, never
 * the snapshot.
 */
import { z } from 'zod';
import type { Position } from '../../../shared/api/schemas';
import { DecimalString, IntLike, UnixSeconds } from '../../../shared/api/schemas/common';
import { isUsablePrice } from '../priceAlerts/pushedPrice';

/**
 * One pushed position. Here `pnl` is the unrealized P&L and `realized_pnl` what partial closes
 * realized (the REST record's `pnl`). A liquidation price of "0" means none is known.
 */
const PushedPosition = z
  .object({
    id: IntLike,
    market: z.string().max(64),
    ctime: UnixSeconds,
    mtime: UnixSeconds,
    amount: DecimalString,
    base_price: DecimalString,
    pnl: DecimalString.nullable().optional(),
    liq_price: DecimalString.nullable().optional(),
    liq_stage: z.string().max(32).nullable().optional(),
    unrealized_funding: DecimalString,
    funding: DecimalString,
    margin: DecimalString,
    free_margin: DecimalString,
    realized_pnl: DecimalString.nullable().optional(),
    position_side: z.enum(['LONG', 'SHORT', 'BOTH']).nullable().optional(),
  })
  .transform(
    (r): Position => ({
      positionId: Number(r.id),
      market: r.market,
      openDate: r.ctime,
      modifyDate: r.mtime,
      amount: r.amount,
      basePrice: r.base_price,
      liquidationPrice: r.liq_price === undefined || r.liq_price === null || isZeroText(r.liq_price) ? null : r.liq_price,
      liquidationState: r.liq_stage ?? null,
      pnl: r.realized_pnl ?? null,
      pnlPercent: null,
      margin: r.margin,
      freeMargin: r.free_margin,
      funding: r.funding,
      unrealizedFunding: r.unrealized_funding,
      tpsl: null,
      positionSide: r.position_side ?? null,
      leverage: null,
      unrealizedPnl: r.pnl ?? null,
    }),
  );

const isZeroText = (value: string) => /^[-+]?0*\.?0*$/.test(value);

const Snapshot = z.object({ records: z.array(z.unknown()).max(10_000) });
const AccountEvent = z.tuple([z.union([z.literal(1), z.literal(2)]), z.unknown()]);
const LastPrice = z.tuple([z.string().max(64), z.unknown()]);

export interface ReadSnapshot {
  positions: Position[];
  unreadable: number;
}

/** Null when the frame is not a snapshot at all (it then changes nothing). */
export function readSnapshot(params: unknown): ReadSnapshot | null {
  const snapshot = Snapshot.safeParse(params);
  if (!snapshot.success) return null;
  const positions: Position[] = [];
  let unreadable = 0;
  for (const raw of snapshot.data.records) {
    const record = PushedPosition.safeParse(raw);
    if (record.success && Number.isSafeInteger(record.data.positionId)) positions.push(record.data);
    else unreadable++;
  }
  return { positions, unreadable };
}

/** A margin call (1) or liquidation (2) of one position; null when unreadable. */
export function readAccountEvent(params: unknown): { state: 'margin_call' | 'liquidation'; position: Position | null } | null {
  const event = AccountEvent.safeParse(params);
  if (!event.success) return null;
  const position = PushedPosition.safeParse(event.data[1]);
  return { state: event.data[0] === 1 ? 'margin_call' : 'liquidation', position: position.success ? position.data : null };
}

/**
 * A pushed last price: `{market, price}` when usable, `{market, price: null}` when the market is
 * readable but the price is not (zero, negative, not a plain decimal): counted, never applied.
 */
export function readLastPrice(params: unknown): { market: string; price: string | null } | null {
  const update = LastPrice.safeParse(params);
  if (!update.success) return null;
  return { market: update.data[0], price: isUsablePrice(update.data[1]) ? update.data[1] : null };
}
