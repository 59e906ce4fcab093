import type { ClosedPosition } from '../../../shared/model/closedPositions';
import type { CsvCell } from '../../csv/csv';
import { isoFromUnixSeconds } from '../../format/format';

/** The side in the words the app shows (in English, as the CSV's headers are). */
const SIDE_WORDS = { LONG: 'Long', SHORT: 'Short', BOTH: 'One-way' } as const;

/** Closed positions as CSV rows: every position of the answer, amounts exact, dates in UTC. */
export function closedPositionsCsvRows(positions: readonly ClosedPosition[]): CsvCell[][] {
  return [
    ['Position ID', 'Market', 'Side', 'Opened (UTC)', 'Closed (UTC)', 'Size', 'Entry price', 'Close price', 'Realized P&L', 'Funding', 'Fees', 'Liquidated'],
    ...positions.map((p) => [
      p.positionId,
      p.market,
      p.side === null ? '' : SIDE_WORDS[p.side],
      isoFromUnixSeconds(p.openDate),
      p.closeDate === null ? '' : isoFromUnixSeconds(p.closeDate),
      p.size,
      p.entryPrice,
      p.closePrice,
      p.realizedPnl,
      p.funding,
      p.fees,
      p.liquidated ? 'yes' : 'no',
    ]),
  ];
}
