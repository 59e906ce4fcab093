export { createPriceAlertsService, type PriceAlertsService, type PriceAlertsServiceOptions } from './service';
export { createPriceAlertStore, type PriceAlertStore } from './store';
export { priceAlertsHandlers } from './handlers';
