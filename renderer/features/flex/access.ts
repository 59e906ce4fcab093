import type { AppError } from '../../../shared/errors';

/**
 * The exchange refuses every flex endpoint with 403 for accounts without B2B lending access: a
 * normal state of the account, explained as such. A key that lacks a permission (code 4) is a
 * different, fixable problem and keeps the ordinary error panel.
 */
export function isB2bRefusal(error: Pick<AppError, 'kind' | 'code'>): boolean {
  return error.kind === 'permission' && error.code !== 4;
}
