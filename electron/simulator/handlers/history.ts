/**
 * Deposit/withdraw history, answered 201 as documented. Filters: transactionMethod (1 deposits,
 * 2 withdrawals, absent both), ticker, address, memo, addresses (<= 20), the unique id (as
 * `unique_id`, documented, or `uniqueId`, older docs and SDKs), status[]. `limit` (1..500) and
 * `offset` (0..10000) are required as on the exchange, and `offset + limit` may not pass 10000.
 * Newest first. Withdrawals made through withdraw-pay appear here at once as pending (1) and reach
 * their final status after the simulator's settle time (see withdraw.ts).
 *
 * Records carry `unique_id` / `transaction_id` (documented); a minority of seeded deposits use the
 * older camelCase spelling. `confirmations` and `details` are null where they do not apply.
 */
import { validationFailed, type Reply } from '../http';
import { SUCCESS_STATUS } from '../paths';
import type { HistoryEntry } from '../model';
import { Validator } from '../validation';
import { INVALID_TICKER } from './account';
import type { PrivateContext } from './context';

/** The wire form of a record: bookkeeping removed, id fields in the record's spelling. */
export const HISTORY_LIMIT = { min: 1, max: 500 } as const;
export const HISTORY_OFFSET = { min: 0, max: 10_000 } as const;
/** offset + limit may not pass this (documented); the message naming the largest allowed offset is ours. */
export const HISTORY_WINDOW = 10_000;
const MAX_ADDRESSES = 20;

function historyRecordWire(entry: HistoryEntry): Record<string, unknown> {
  const ids = entry.camelCaseIds
    ? { uniqueId: entry.uniqueId, transactionId: entry.transactionId }
    : { unique_id: entry.uniqueId, transaction_id: entry.transactionId };
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
    details: entry.details ?? null,
    confirmations: entry.confirmations ?? null,
  };
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

/** The unique id filter under either spelling; both must agree when both are sent (the client sends both). */
function uniqueIdFilter(v: Validator): string | undefined {
  const snake = v.string('unique_id', { max: 255 });
  const camel = v.string('uniqueId', { max: 255 });
  if (snake !== undefined && camel !== undefined && snake !== camel) {
    v.add('unique_id', 'The unique id and uniqueId fields must match.');
    return undefined;
  }
  return snake ?? camel;
}

function parseAddresses(v: Validator): Set<string> | undefined {
  const raw = v.body.addresses;
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || !raw.every((a) => typeof a === 'string')) {
    v.add('addresses', 'The addresses must be an array.');
    return undefined;
  }
  if (raw.length > MAX_ADDRESSES) {
    v.add('addresses', `The addresses may not have more than ${MAX_ADDRESSES} items.`);
    return undefined;
  }
  return new Set(raw as string[]);
}

export function history(ctx: PrivateContext): Reply {
  const { account, state, body, nowMs } = ctx;
  const v = new Validator(body);
  const method = parseMethod(v);
  const ticker = v.string('ticker', { max: 32 });
  if (ticker !== undefined && !state.catalogue.specs.has(ticker)) v.add('ticker', INVALID_TICKER);
  const uniqueId = uniqueIdFilter(v);
  const address = v.string('address', { max: 512 });
  const memo = v.string('memo', { max: 256 });
  const addresses = parseAddresses(v);
  const statuses = parseStatuses(v);
  const limit = v.integer('limit', { required: true, min: HISTORY_LIMIT.min, max: HISTORY_LIMIT.max });
  const offset = v.integer('offset', { required: true, min: HISTORY_OFFSET.min, max: HISTORY_OFFSET.max });
  if (limit !== undefined && offset !== undefined && offset + limit > HISTORY_WINDOW) {
    v.add('offset', `The offset may not be greater than ${HISTORY_WINDOW - limit}.`);
  }
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);

  account.settle(nowMs);
  const matches = (e: HistoryEntry) =>
    (method === undefined || e.method === method) &&
    (ticker === undefined || e.ticker === ticker) &&
    (address === undefined || e.address === address) &&
    (memo === undefined || e.memo === memo) &&
    (addresses === undefined || addresses.has(e.address)) &&
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
  return { status: SUCCESS_STATUS.created, raw: { text: json, contentType: 'application/json' } };
}
