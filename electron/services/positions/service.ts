/**
 * Open positions as risk, read from REST: the parts (parts.ts) worked out by the one overview
 * function (overview.ts) the live model uses too. Only the positions themselves are essential:
 * without them the call fails. A ticker, futures list (451 where the region has no futures) or
 * summary that cannot be read becomes a note.
 */
import type { PositionsOverview } from '../../../shared/model/balances';
import type { CallOptions } from '../exchange';
import { computeOverview } from './overview';
import { partNotes, readParts, valueOr, type PositionsClient } from './parts';

export { byRisk } from './overview';
export type { PositionsClient } from './parts';

export function createPositionsService(options: { clientFor: (accountId: string) => Promise<PositionsClient> }) {
  async function overview(request: { accountId: string }, o: CallOptions = {}): Promise<PositionsOverview> {
    const client = await options.clientFor(request.accountId);
    const read = await readParts(client, o);
    if (read.positions.status === 'rejected') throw read.positions.reason;
    const { items, unreadable } = read.positions.value;
    return computeOverview({
      accountId: request.accountId,
      positions: items,
      unreadable,
      summary: valueOr(read.summary, null),
      lastPrices: valueOr(read.lastPrices, new Map<string, string>()),
      indexPrices: valueOr(read.indexPrices, new Map<string, string>()),
      lastPricesKnown: read.lastPrices.status === 'fulfilled',
      notes: partNotes(read, items),
    });
  }
  return { overview };
}

export type PositionsService = ReturnType<typeof createPositionsService>;
