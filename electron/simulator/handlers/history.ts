/**
 * Deposit/withdraw history. Filters: transactionMethod (1 deposits, 2 withdrawals, absent both),
 * ticker, uniqueId, address, status[]; `limit` and `offset` are required as on the exchange.
 * Newest first. Withdrawals made through withdraw-pay appear here at once as pending (1) and reach
 * their final status after the simulator's settle time (see withdraw.ts).
 */
import { ENDPOINTS, HISTORY_LIMIT, HISTORY_OFFSET } from '../../../shared/api/endpoints';
import { validationFailed, type Reply } from '../http';
import type { HistoryEntry } from '../model';
import { Validator } from '../validation';
import { INVALID_TICKER } from './account';
import type { PrivateContext } from './context';

/** The wire form of a record: bookkeeping removed, id fields in the record's spelling. */
export function historyRecordWire(entry: HistoryEntry): Record<string, unknown> {
  const ids = entry.snakeCaseIds
    ? { unique_id: entry.uniqueId, transaction_id: entry.transactionId }
    : { uniqueId: entry.uniqueId, transactionId: entry.transactionId };
  const out: Record<string, unknown> = {
    address: entry.address,
    ...ids,
    createdAt: entry.createdAt,
    currency: entry.currency,
    ticker: entry.ticker,
    method: entry.method,
    amount: entry.amount,
    description: entry.description,
    memo: entry.memo,
    fee: entry.fee,
    status: entry.status,
    network: entry.network,
    transactionHash: entry.transactionHash,
  };
  if (entry.confirmations) out.confirmations = entry.confirmations;
  if (entry.details) out.details = entry.details;
  return out;
}

/**
 * Serialised records, reused across requests: history is the heaviest answer (up to 100 records)
 * and most records never change. A record's JSON is rebuilt when its status moves on.
 */
const wireCache = new WeakMap<HistoryEntry, { status: number; json: string }>();

function recordJson(entry: HistoryEntry): string {
  const cached = wireCache.get(entry);
  if (cached && cached.status === entry.status) return cached.json;
  const json = JSON.stringify(historyRecordWire(entry));
  wireCache.set(entry, { status: entry.status, json });
  return json;
}

function parseMethod(v: Validator): 1 | 2 | undefined {
  const raw = v.body.transactionMethod;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (raw === 1 || raw === '1') return 1;
  if (raw === 2 || raw === '2') return 2;
  v.add('transactionMethod', 'The selected transaction method is invalid.');
  return undefined;
}

function parseStatuses(v: Validator): Set<number> | undefined {
  const raw = v.body.status;
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || raw.length > 50 || !raw.every((s) => Number.isInteger(s) && (s as number) >= 0 && (s as number) <= 100)) {
    v.add('status', 'The selected status is invalid.');
    return undefined;
  }
  return new Set(raw as number[]);
}

export function history(ctx: PrivateContext): Reply {
  const { account, state, body, nowMs } = ctx;
  const v = new Validator(body);
  const method = parseMethod(v);
  const ticker = v.string('ticker', { max: 32 });
  if (ticker !== undefined && !state.catalogue.specs.has(ticker)) v.add('ticker', INVALID_TICKER);
  const uniqueId = v.string('uniqueId', { max: 255 });
  const address = v.string('address', { max: 512 });
  const statuses = parseStatuses(v);
  const limit = v.integer('limit', { required: true, min: HISTORY_LIMIT.min, max: HISTORY_LIMIT.max });
  const offset = v.integer('offset', { required: true, min: HISTORY_OFFSET.min, max: HISTORY_OFFSET.max });
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);

  account.settle(nowMs);
  const matches = (e: HistoryEntry) =>
    (method === undefined || e.method === method) &&
    (ticker === undefined || e.ticker === ticker) &&
    (address === undefined || e.address === address || e.memo === address) &&
    (statuses === undefined || statuses.has(e.status));

  const records: string[] = [];
  let total = 0;
  if (uniqueId !== undefined) {
    // Looked up by index: the client polls one withdrawal by its uniqueId after sending it.
    const found = account.historyByUnique(uniqueId);
    for (let i = found.length - 1; i >= 0; i--) {
      const e = found[i] as HistoryEntry;
      if (!matches(e)) continue;
      if (total >= offset && records.length < limit) records.push(recordJson(e));
      total++;
    }
  } else {
    const all = account.history;
    for (let i = all.length - 1; i >= 0; i--) {
      const e = all[i] as HistoryEntry;
      if (!matches(e)) continue;
      if (total >= offset && records.length < limit) records.push(recordJson(e));
      total++;
    }
  }
  const json = `{"limit":${limit},"offset":${offset},"total":${total},"records":[${records.join(',')}]}`;
  return { status: ENDPOINTS.history.successStatus, raw: { text: json, contentType: 'application/json' } };
}
