/**
 * Sub-accounts of a master key: the paged, searchable list and each one's balances. Balances map
 * each ticker to an ARRAY of {main, spot, collateral} rows, as documented; a sub-account that is not
 * confirmed answers 422 "Account is not confirmed".
 */
import { privateError, validationFailed, type Reply } from '../http';
import { SUCCESS_STATUS } from '../paths';
import { Validator } from '../validation';
import type { PrivateContext } from './context';

/** Documented bounds of /sub-account/list. */
const LIST_LIMIT = { min: 1, max: 100, default: 30 } as const;
const LIST_OFFSET = { min: 0, max: 10_000, default: 0 } as const;

const NOT_CONFIRMED = 'Account is not confirmed';

export function subAccountList(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const limit = v.integer('limit', { min: LIST_LIMIT.min, max: LIST_LIMIT.max, default: LIST_LIMIT.default });
  const offset = v.integer('offset', { min: LIST_OFFSET.min, max: LIST_OFFSET.max, default: LIST_OFFSET.default });
  const search = v.string('search', { max: 64 });
  if (v.failed || limit === undefined || offset === undefined) return validationFailed(v.errors);
  const needle = search?.toLowerCase();
  const found = ctx.account.subAccounts
    .map((s) => s.record)
    .filter((r) => needle === undefined || r.alias.toLowerCase().includes(needle) || r.email.toLowerCase().includes(needle));
  return { status: SUCCESS_STATUS.ok, body: { offset, limit, data: found.slice(offset, offset + limit) } };
}

export function subAccountBalances(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const id = v.string('id', { required: true, max: 64 });
  const ticker = v.string('ticker', { max: 32 });
  if (v.failed || id === undefined) return validationFailed(v.errors, 422);
  const sub = ctx.account.subAccounts.find((s) => s.record.id === id);
  if (!sub) return validationFailed({ id: ['The selected id is invalid.'] }, 422);
  if (!sub.confirmed) return privateError(422, 0, NOT_CONFIRMED);
  if (ticker !== undefined) {
    const rows = sub.balances[ticker];
    return { status: SUCCESS_STATUS.ok, body: rows ? { [ticker]: rows } : {} };
  }
  return { status: SUCCESS_STATUS.ok, body: sub.balances };
}
