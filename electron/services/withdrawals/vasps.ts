/**
 * The Travel Rule VASP list for the form's picker. Where the exchange keeps no list for the account
 * (answered "disabled for your region", or a server without the endpoint) the person types the
 * platform's name instead (docs/exchange-api.md, "Withdraw-pay request").
 */
import { toAppError } from '../../../shared/errors';
import type { ResponseOf } from '../../../shared/ipc';
import type { WithdrawalExchangeClient } from './service';

export async function listVasps(client: Pick<WithdrawalExchangeClient, 'travelRuleVasps'>): Promise<ResponseOf<'withdrawals.vasps'>> {
  try {
    const answer = await client.travelRuleVasps();
    return { available: true, vasps: answer.data.vasps.items, unreadable: answer.data.vasps.unreadable.length, regionUnavailable: false };
  } catch (thrown) {
    const error = toAppError(thrown);
    if (error.reason === 'region_unavailable' || error.kind === 'not_found') {
      return { available: false, vasps: [], unreadable: 0, regionUnavailable: error.reason === 'region_unavailable' };
    }
    throw thrown;
  }
}
