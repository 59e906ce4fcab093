export { createAlertsService, DEFAULT_ALERT_INTERVAL_MS, DEFAULT_ALERT_LOG_SIZE, type AlertsService, type AlertsServiceOptions, type AlertTimers, type WatchedAccount } from './service';
export { alertsHandlers } from './handlers';
export { evaluatePositions, type AccountWatch, type AlertDraft, type PositionWatch } from './transitions';
export { createNotificationGate, NOTIFICATION_LIMITS, type NotificationGate } from './notificationGate';
