/** The alerts.* channels: what the main-process position watcher raised, and its state. */
import type { HandlersOf } from '../../router';
import type { AlertsService } from './service';

export function alertsHandlers(alerts: AlertsService): HandlersOf<'alerts'> {
  return {
    'alerts.log': async () => ({ alerts: alerts.log(), status: alerts.status() }),
  };
}
