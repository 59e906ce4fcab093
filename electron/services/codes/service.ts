/**
 * The account's exchange codes (`/main-account/codes/my`) and its codes history
 * (`/main-account/codes/history`), one page at a time, filtered by status, asset and dates.
 *
 * Both endpoints take `limit` and `offset` only (the docs: no date or any other filter field), so
 * an unfiltered page is one request, and a filtered one comes from reading the whole list the
 * exchange serves (at most 10 000 records, 100 a request, from the codes bucket of 1000 per 10 s),
 * keeping what matches, and holding that result briefly so paging and export do not read it again
 * (services/scan/heldScan.ts). Both lists are newest first; while they stay so, reading stops once
 * codes are older than the start date.
 */
import type { ExchangeClient } from '../exchange/client';
import { heldScansFor, type HeldScanPageRequest, type HeldScanServiceOptions } from '../scan/heldScan';
import { CODES_LIMIT } from '../../../shared/api/endpoints';
import type { CodeRecord, CodesResponse } from '../../../shared/api/schemas';
import { CODES_WINDOW, codeStatusGroup, isFilteredCodes, type CodeList, type CodePage, type ParsedCodeFilter } from '../../../shared/model/codes';

export type CodesClient = Pick<ExchangeClient, 'codes' | 'codesHistory'>;

export type CodeServiceOptions = HeldScanServiceOptions<CodesClient>;

export interface CodePageRequest extends HeldScanPageRequest<ParsedCodeFilter> {
  list: CodeList;
}

function matches(code: CodeRecord, filter: ParsedCodeFilter): boolean {
  if (filter.ticker !== undefined && code.ticker.toUpperCase() !== filter.ticker) return false;
  if (filter.status !== undefined && codeStatusGroup(code.status) !== filter.status) return false;
  if (filter.since !== undefined && code.date < filter.since) return false;
  if (filter.until !== undefined && code.date >= filter.until) return false;
  return true;
}

export function createCodeService(options: CodeServiceOptions) {
  const scans = heldScansFor<CodeRecord>(options);

  const read = (client: CodesClient, list: CodeList, limit: number, offset: number, signal?: AbortSignal): Promise<CodesResponse> =>
    list === 'my' ? client.codes({ limit, offset }, { signal }) : client.codesHistory({ limit, offset }, { signal });

  return {
    async page(req: CodePageRequest, signal?: AbortSignal): Promise<CodePage> {
      const client = await options.clientFor(req.accountId);
      const { list, filter, limit, offset } = req;
      if (!isFilteredCodes(filter)) {
        const page = await read(client, list, limit, offset, signal);
        return { rows: page.data, total: Math.min(page.total, CODES_WINDOW), offset, limit, windowLimited: page.total > CODES_WINDOW, unreadable: page.unreadable };
      }
      const scan = await scans.get(
        JSON.stringify([req.accountId, list, filter]),
        () => ({
          window: CODES_WINDOW,
          pageLimit: CODES_LIMIT.max,
          read: async (pageLimit, pageOffset) => {
            const page = await read(client, list, pageLimit, pageOffset);
            return { records: page.data, unreadable: page.unreadable, total: page.total };
          },
          keep: (code) => matches(code, filter),
          timeOf: (code) => code.date,
          ...(filter.since !== undefined ? { since: filter.since } : {}),
        }),
        signal,
      );
      return {
        rows: scan.records.slice(offset, offset + limit),
        total: scan.records.length,
        offset,
        limit,
        windowLimited: scan.windowLimited,
        unreadable: scan.unreadable,
      };
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
