/**
 * The withdrawal service, by job: service.ts (prepare/send state machine; the life of a withdrawal
 * is told there), tracker.ts (outcomes from history), twins.ts (one open payment per intent),
 * vasps.ts (Travel Rule list), upgrades.ts (older records), destinations.ts (the known-destinations book).
 */
export { createWithdrawalService, type WithdrawalExchangeClient, type WithdrawalService, type WithdrawalServiceOptions } from './service';
export { classifySendFailure } from './sendOutcome';
export { DISCARDED_CHECK_EVERY_MS, DISCARDED_WATCH_MS, isFinished } from './tracker';
export { NOT_FOUND_WATCH_MS } from './twins';
