/** The priceAlerts.* channels: the alerts a person sets in the Alerts view. */
import type { HandlersOf } from '../../router';
import type { PriceAlertsService } from './service';

export function priceAlertsHandlers(service: PriceAlertsService): HandlersOf<'priceAlerts'> {
  return {
    'priceAlerts.list': async () => service.list(),
    'priceAlerts.markets': async (p) => ({ markets: await service.markets(p.accountId) }),
    'priceAlerts.create': async (p) => service.create(p),
    'priceAlerts.update': async (p) => service.update(p),
    'priceAlerts.delete': async (p) => service.remove(p.id),
    'priceAlerts.rearm': async (p) => service.rearm(p.id),
  };
}
