export { createHistoryService, snapshotOf, SNAPSHOT_INTERVAL_MS, type HistoryService, type HistoryServiceOptions, type HistoryTimers } from './service';
export { createHistoryStore, RETENTION, type HistoryStore } from './store';
export { historyHandlers } from './handlers';
