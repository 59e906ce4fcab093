/**
 * POST /api/v4/travel-rule/vasps: the VASPs a Travel Rule withdrawal can name by `vaspId`. Only EEA
 * accounts may use it; others get the documented 422 "This endpoint is disabled for your region".
 */
import { privateError, type Reply } from '../http';
import { SUCCESS_STATUS } from '../paths';
import { VASPS } from '../travelRule';
import type { PrivateContext } from './context';

export function travelRuleVasps(ctx: PrivateContext): Reply {
  if (!ctx.account.eea) return privateError(422, 0, 'Something went wrong', { error: ['This endpoint is disabled for your region'] });
  return { status: SUCCESS_STATUS.ok, body: { data: { vasps: VASPS.map(({ vaspId, name }) => ({ vaspId, name })) } } };
}
