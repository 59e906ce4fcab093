/**
 * The position watcher of the main process: while any account has alerts on (notifyPositions), it
 * reads each such account's positions overview on its own schedule, whether or not a window is
 * open, and raises `alerts.fired` per crossing (rules in transitions.ts). What fired is kept in a
 * bounded in-memory log for the `alerts.log` channel; `alerts.status` says the worst risk now.
 *
 * A refresh that fails keeps the account's earlier state and risk (nothing is raised or cleared on
 * a failure); the account is listed in `failedAccounts` until a refresh succeeds. Timers and the
 * clock are injectable; the schedule stops when no account has alerts on, and close() stops it.
 */
import type { AlertRisk, AlertsStatus, PositionAlert } from '../../../shared/model/alerts';
import type { PositionRisk, PositionsOverview } from '../../../shared/model/balances';
import { compare } from '../../../shared/money/decimal';
import { evaluatePositions, type AccountWatch, type AlertDraft } from './transitions';

export interface WatchedAccount {
  id: string;
  name: string;
  notifyPositions: boolean;
  alertThresholdPercent: string | null;
}

export interface AlertTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AlertsServiceOptions {
  accounts: () => Promise<WatchedAccount[]>;
  overview: (accountId: string, options: { signal: AbortSignal }) => Promise<PositionsOverview>;
  /** Time between the end of one refresh and the start of the next. */
  intervalMs: () => number;
  onAlert: (alert: PositionAlert) => void;
  onStatus: (status: AlertsStatus) => void;
  /** Price alerts that can still fire (the Alerts view's service counts them); none when absent. */
  priceAlertsArmed?: () => number;
  onRefreshFailed?: (accountId: string, error: unknown) => void;
  timers?: AlertTimers;
  now?: () => number;
  /** How many alerts the log keeps (newest); default 100. */
  logSize?: number;
}

export const DEFAULT_ALERT_LOG_SIZE = 100;
export const DEFAULT_ALERT_INTERVAL_MS = 30_000;

const RISK_ORDER: AlertRisk[] = ['liquidation', 'margin_call', 'near', 'none', 'unknown'];

function riskOf(position: PositionRisk, threshold: string | null): AlertRisk {
  if (position.liquidationState !== null) return position.liquidationState;
  if (threshold !== null && position.distancePercent !== null && compare(position.distancePercent, threshold) < 0) return 'near';
  return 'none';
}

interface AtRisk {
  account: WatchedAccount;
  liquidation: number;
  marginCall: number;
}

export function createAlertsService(options: AlertsServiceOptions) {
  const timers: AlertTimers = options.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  const now = options.now ?? Date.now;
  const logSize = options.logSize ?? DEFAULT_ALERT_LOG_SIZE;

  const watches = new Map<string, AccountWatch>();
  const lastRisk = new Map<string, { risk: AlertRisk; count: number }>();
  const failed = new Set<string>();
  const log: PositionAlert[] = [];
  let nextId = 1;
  let watching = false;
  let checkedAt: number | null = null;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let abort: AbortController | null = null;
  let closed = false;
  /** Accounts changed during a refresh: run again right after it, with what they say now. */
  let rerun = false;
  /** The accounts with alerts on as the last pass read them: what a pushed overview is judged by. */
  let known = new Map<string, WatchedAccount>();

  function status(): AlertsStatus {
    let worst: AlertRisk = watching && lastRisk.size > 0 ? 'none' : 'unknown';
    let count = 0;
    for (const { risk, count: n } of lastRisk.values()) {
      const order = RISK_ORDER.indexOf(risk) - RISK_ORDER.indexOf(worst);
      if (order < 0) [worst, count] = [risk, n];
      else if (order === 0) count += n;
    }
    if (worst === 'none' || worst === 'unknown') count = 0;
    return { watching, worst, count, checkedAt, failedAccounts: [...failed], priceAlertsArmed: options.priceAlertsArmed?.() ?? 0 };
  }

  function record(draft: AlertDraft, account: WatchedAccount): void {
    const alert: PositionAlert = {
      id: `alert-${nextId++}`,
      kind: draft.kind,
      accountId: account.id,
      accountName: account.name,
      positionId: draft.position.positionId,
      market: draft.position.market,
      distancePercent: draft.position.distancePercent,
      thresholdPercent: draft.kind === 'threshold' ? account.alertThresholdPercent : null,
      at: now(),
    };
    log.unshift(alert);
    log.length = Math.min(log.length, logSize);
    options.onAlert(alert);
  }

  /**
   * Positions already in liquidation or margin call when an account is first watched (start, alerts
   * switched on, account added): the baseline raises no alert per position (transitions.ts), so
   * the pass raises one summary for all such accounts instead, and the person hears of them.
   */
  function raiseAtRisk(found: AtRisk[]): void {
    const risky = found.filter((f) => f.liquidation + f.marginCall > 0);
    if (risky.length === 0) return;
    const first = risky[0]!.account;
    const alert: PositionAlert = {
      id: `alert-${nextId++}`,
      kind: 'at_risk',
      accountId: first.id,
      accountName: first.name,
      positionId: 0,
      market: '',
      distancePercent: null,
      thresholdPercent: null,
      at: now(),
      atRisk: {
        liquidation: risky.reduce((n, f) => n + f.liquidation, 0),
        marginCall: risky.reduce((n, f) => n + f.marginCall, 0),
        accounts: risky.map((f) => f.account.name),
      },
    };
    log.unshift(alert);
    log.length = Math.min(log.length, logSize);
    options.onAlert(alert);
  }

  /** Resolves to the account's positions at risk when this was its first read (its baseline), else null. */
  async function refreshAccount(account: WatchedAccount, signal: AbortSignal): Promise<AtRisk | null> {
    let overview: PositionsOverview;
    try {
      overview = await options.overview(account.id, { signal });
    } catch (error) {
      if (signal.aborted) return null;
      failed.add(account.id);
      options.onRefreshFailed?.(account.id, error);
      return null;
    }
    if (signal.aborted) return null;
    return applyOverview(account, overview);
  }

  /** Evaluates one overview of the account: raises its crossings; its positions at risk when this was its baseline. */
  function applyOverview(account: WatchedAccount, overview: PositionsOverview): AtRisk | null {
    failed.delete(account.id);
    const baseline = !watches.has(account.id);
    const { next, alerts } = evaluatePositions(watches.get(account.id), overview, account.alertThresholdPercent);
    watches.set(account.id, next);
    let risk: AlertRisk = 'none';
    let count = 0;
    for (const position of overview.positions) {
      const r = riskOf(position, account.alertThresholdPercent);
      const order = RISK_ORDER.indexOf(r) - RISK_ORDER.indexOf(risk);
      if (order < 0) [risk, count] = [r, 1];
      else if (order === 0) count++;
    }
    lastRisk.set(account.id, { risk, count });
    for (const draft of alerts) record(draft, account);
    if (!baseline) return null;
    const liquidation = overview.positions.filter((p) => p.liquidationState === 'liquidation').length;
    const marginCall = overview.positions.filter((p) => p.liquidationState === 'margin_call').length;
    return { account, liquidation, marginCall };
  }

  /** One pass over every account with alerts on; forgets accounts that switched them off. */
  async function refresh(): Promise<void> {
    const all = await options.accounts();
    const on = all.filter((a) => a.notifyPositions);
    known = new Map(on.map((a) => [a.id, a]));
    for (const id of [...watches.keys(), ...lastRisk.keys(), ...failed]) {
      if (!on.some((a) => a.id === id)) {
        watches.delete(id);
        lastRisk.delete(id);
        failed.delete(id);
      }
    }
    watching = on.length > 0;
    if (!watching || closed) return;
    abort = new AbortController();
    const signal = abort.signal;
    const firstSeen = await Promise.all(on.map((account) => refreshAccount(account, signal)));
    if (signal.aborted) return;
    raiseAtRisk(firstSeen.filter((f) => f !== null));
    checkedAt = now();
  }

  function schedule(delayMs: number): void {
    if (closed || timer !== null) return;
    timer = timers.setTimeout(() => {
      timer = null;
      void runOnce();
    }, delayMs);
  }

  /** Runs a refresh unless one is running; then schedules the next one if alerts are still on. */
  function runOnce(): Promise<void> {
    running ??= (async () => {
      try {
        await refresh();
      } catch (error) {
        // The account list itself could not be read (settings); try again on the next round.
        options.onRefreshFailed?.('*', error);
      } finally {
        running = null;
      }
      if (closed) return;
      options.onStatus(status());
      if (rerun) {
        rerun = false;
        schedule(0);
      } else if (watching) schedule(options.intervalMs());
    })();
    return running;
  }

  return {
    /**
     * Call at start and whenever accounts change: starts the schedule (refreshing now) when an
     * account has alerts on and it is not running; a pass that finds none lets it stop.
     */
    sync(): Promise<void> {
      if (closed) return Promise.resolve();
      if (timer !== null) {
        timers.clearTimeout(timer);
        timer = null;
      }
      if (running) {
        rerun = true;
        return running;
      }
      return runOnce();
    },
    /**
     * An overview computed from the live stream for one account: judged at once, between the
     * scheduled passes, so a crossing is raised within the push that brought it. Ignored for an
     * account the last pass did not find with alerts on. The status is announced when the
     * account's risk changed.
     */
    evaluate(overview: PositionsOverview): void {
      const account = known.get(overview.accountId);
      if (closed || account === undefined || running) return;
      const before = lastRisk.get(account.id);
      const first = applyOverview(account, overview);
      if (first !== null) raiseAtRisk([first]);
      const after = lastRisk.get(account.id);
      if (before?.risk !== after?.risk || before?.count !== after?.count) options.onStatus(status());
    },
    /** Newest first. */
    log: (): PositionAlert[] => log.map((a) => ({ ...a })),
    /** An alert raised elsewhere (the Alerts view's price alerts): logged and announced like the watcher's own. */
    raise(alert: Omit<PositionAlert, 'id' | 'at'> & { at?: number }): PositionAlert {
      const raised: PositionAlert = { ...alert, id: `alert-${nextId++}`, at: alert.at ?? now() };
      log.unshift(raised);
      log.length = Math.min(log.length, logSize);
      options.onAlert(raised);
      return raised;
    },
    status,
    /** Something the status counts changed outside the watcher (price alerts): it is told now. */
    statusChanged(): void {
      if (!closed) options.onStatus(status());
    },
    /** True while a refresh is due or running. */
    get scheduled(): boolean {
      return timer !== null || running !== null;
    },
    async close(): Promise<void> {
      closed = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      abort?.abort();
      await running;
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
