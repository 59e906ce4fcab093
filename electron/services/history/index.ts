export { createHistoryService, snapshotOf, SNAPSHOT_INTERVAL_MS, type HistoryService, type HistoryServiceOptions, type HistoryTimers } from './service';
export { createHistoryStore, type HistoryStore } from './store';
export { RETENTION, type RetentionRule } from './retention';
export { historyHandlers } from './handlers';
