/** The deposits.* channels: where to send a deposit. */
import type { HandlersOf } from '../../router';
import type { DepositsService } from './service';

export function depositsHandlers(service: DepositsService): HandlersOf<'deposits'> {
  return {
    'deposits.address': async (p, _s, { signal }) => service.address(p, { signal }),
  };
}
