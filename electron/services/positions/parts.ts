/**
 * The REST reads behind a positions overview, side by side: open positions, the collateral
 * summary, the ticker (last prices) and the futures list (index prices). Each may fail on its own;
 * only the positions are essential to a REST overview, the rest becomes a note.
 */
import type { CollateralSummary, OverviewNote } from '../../../shared/model/balances';
import type { Position } from '../../../shared/api/schemas';
import type { CallOptions, ExchangeClient } from '../exchange';
import { noteOf } from '../balances/service';

export type PositionsClient = Pick<ExchangeClient, 'positions' | 'collateralSummary' | 'ticker' | 'futures'>;

export interface PartsRead {
  positions: PromiseSettledResult<{ items: Position[]; unreadable: number }>;
  summary: PromiseSettledResult<CollateralSummary>;
  lastPrices: PromiseSettledResult<Map<string, string>>;
  indexPrices: PromiseSettledResult<Map<string, string>>;
}

export async function readParts(client: PositionsClient, o: CallOptions = {}): Promise<PartsRead> {
  const [positions, summary, lastPrices, indexPrices] = await Promise.allSettled([
    client.positions({}, o).then((answer) => ({ items: answer.items, unreadable: answer.unreadable.length })),
    client.collateralSummary(o),
    client.ticker(o).then((answer) => new Map(Object.entries(answer.items).map(([market, a]) => [market, a.last_price]))),
    client.futures(o).then((answer) => new Map(answer.items.map((f) => [f.ticker_id, f.index_price]))),
  ]);
  return { positions, summary, lastPrices, indexPrices };
}

/**
 * What the page is told about parts that failed: the ticker only matters with positions open, the
 * futures list only with a _PERP position (a 451 there is the region saying it has none).
 */
export function partNotes(read: Omit<PartsRead, 'positions'>, positions: readonly Position[]): OverviewNote[] {
  const notes: OverviewNote[] = [];
  if (read.lastPrices.status === 'rejected' && positions.length > 0) notes.push(noteOf(read.lastPrices.reason, {}));
  if (read.indexPrices.status === 'rejected' && positions.some((p) => p.market.endsWith('_PERP'))) notes.push(noteOf(read.indexPrices.reason, { part: 'futures' }));
  if (read.summary.status === 'rejected') notes.push(noteOf(read.summary.reason, { part: 'summary' }));
  return notes;
}

export const valueOr = <T>(settled: PromiseSettledResult<T>, fallback: T): T => (settled.status === 'fulfilled' ? settled.value : fallback);
