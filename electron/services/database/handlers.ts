/** `database.status`: whether the app's database opened at start, and if not, why (a code). */
import type { Handlers } from '../../router';
import type { DatabaseStatus } from '../../../shared/model/database';

export function databaseHandlers(status: () => DatabaseStatus): Pick<Handlers, 'database.status'> {
  return { 'database.status': async () => status() };
}
