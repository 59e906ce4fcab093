/**
 * POST /collateral-account/positions/history: events of the account's positions, newest first,
 * filtered by market, position and a window of event times (seconds). A malformed filter or a window
 * that breaks startDate <= endDate <= now + 1 s is answered 422 code 30, as the other collateral
 * endpoints answer their validation failures.
 */
import { privateError, type Reply } from '../http';
import { SUCCESS_STATUS } from '../paths';
import { Validator } from '../validation';
import type { PrivateContext } from './context';

const MARKET = /^[A-Z0-9]{1,16}_[A-Z0-9]{1,16}$/;

export function positionsHistory(ctx: PrivateContext): Reply {
  const v = new Validator(ctx.body);
  const market = v.string('market', { max: 40 });
  const positionId = v.integer('positionId', { min: 0 });
  const startDate = v.integer('startDate', { min: 0 });
  const endDate = v.integer('endDate', { min: 0 });
  if (market !== undefined && !MARKET.test(market)) v.add('market', 'The selected market is invalid.');
  if (startDate !== undefined && endDate !== undefined && startDate > endDate) v.add('startDate', 'The start date must be a date before or equal to end date.');
  if (endDate !== undefined && endDate > ctx.nowMs / 1000 + 1) v.add('endDate', 'The end date must be a date before or equal to now.');
  if (v.failed) return privateError(422, 30, 'Validation failed', v.errors);
  const records = ctx.account.positionsHistory.filter(
    (r) =>
      (market === undefined || r.market === market) &&
      (positionId === undefined || r.positionId === positionId) &&
      (startDate === undefined || r.modifyDate >= startDate) &&
      (endDate === undefined || r.modifyDate <= endDate),
  );
  return { status: SUCCESS_STATUS.ok, body: records };
}
