/** The history.* channels: the account over time and the balances as of a date. */
import type { HandlersOf } from '../../router';
import type { HistoryService } from './service';

export function historyHandlers(history: HistoryService): HandlersOf<'history'> {
  return {
    'history.series': async (p) => history.series(p),
    'history.asOf': async (p) => history.asOf(p),
    'history.changes': async (p) => history.changes(p),
    'history.space': async () => history.space(),
    'history.thin': async () => history.thinNow(),
  };
}
