/**
 * The composition root of the main process: settings, keychain, accounts, the demo simulator, the
 * exchange client, withdrawals and the router, wired to every channel of shared/ipc.ts.
 * Electron-free, so Electron IPC (main.ts), the browser-mode HTTP server and tests run the same core.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { EventName, EventPayloads } from '../shared/ipc';
import { version as appVersion } from '../package.json';
import { createRouter, httpSenderPolicy, type CallContext, type Handlers, type Sender, type SenderPolicy } from './router';
import { createAccountIdentities, createAccountService } from './services/accounts';
import { createBalancesService } from './services/balances/service';
import { balancesHandlers } from './services/balances/handlers';
import { createHoldingsService } from './services/balances/holdings';
import { createLanding } from './services/startup/landing';
import { startupHandlers } from './services/startup/handlers';
import { createPositionsService } from './services/positions/service';
import { positionsHandlers } from './services/positions/handlers';
import { createClosedPositionsService } from './services/positions/closed';
import { createSubAccountsService } from './services/subAccounts/service';
import { subAccountsHandlers } from './services/subAccounts/handlers';
import { createDepositsService } from './services/deposits/service';
import { depositsHandlers } from './services/deposits/handlers';
import { accountHandlers } from './services/accounts/handlers';
import { alertsHandlers, createAlertsService, createNotificationGate, DEFAULT_ALERT_INTERVAL_MS, type AlertTimers, type NOTIFICATION_LIMITS } from './services/alerts';
import { acquireInstanceLock, DATABASE_FILE, databaseProblemOf, DatabaseTooNewError, openDatabaseUnderLock, type DeskDatabase, type InstanceLock } from './services/database';
import { databaseHandlers } from './services/database/handlers';
import type { DatabaseStatus } from '../shared/model/database';
import { DEMO_ACCOUNT_ID } from '../shared/model/accounts';
import { connectionHandlers } from './services/connection/handlers';
import { createLiveService, liveHandlers, type LiveServiceOptions } from './services/live';
import { createSilenceWatch } from './services/connection/silenceWatch';
import { createDemoProvider, type RunningSimulator } from './services/demo';
import { createExchangeClient, createExchangeRuntime, type ExchangeClient, type ExchangeClientOptions } from './services/exchange';
import { exchangeHandlers } from './services/exchange/handlers';
import { createLogger, logFileIn, type Logger } from './services/logging';
import { createKeytarKeychain, createSecretStore, type Keychain } from './services/secrets';
import { createSettingsStore } from './services/settings';
import { publicSettings, settingsHandlers } from './services/settings/handlers';
import { createWithdrawalService } from './services/withdrawals';
import { withdrawalHandlers } from './services/withdrawals/handlers';
import { codeHandlers, createCodeService } from './services/codes';
import { createTransactionService, transactionHandlers } from './services/transactions';
import { accountIdsWithRecords, importJournal, quarantineNotice } from './services/withdrawals/store';
import { createHistoryService, createHistoryStore, historyHandlers, type HistoryTimers } from './services/history';
import type { BalancesService } from './services/balances/service';
import { catalogsReady, processLanguages, wordsFor } from './services/i18n/catalogs';
import { alertNotification, alertsSummaryNotification } from '../shared/i18n/alertWords';
import type { I18n } from '@lingui/core';
import { createPriceAlertsService, createPriceAlertStore, priceAlertsHandlers } from './services/priceAlerts';

export type CoreMode = 'electron' | 'browser';

export type CoreEventListener = <E extends EventName>(event: E, payload: EventPayloads[E]) => void;

export interface CoreOptions {
  userDataDir: string;
  mode: CoreMode;
  /** Defaults to the OS keychain through keytar. */
  keychain?: Keychain;
  /** Required in Electron mode (which windows may call); browser mode trusts its authenticated HTTP transport. */
  isTrustedSender?: SenderPolicy;
  logger?: Logger;
  /** Starts the Demo account's exchange; defaults to the embedded simulator on 127.0.0.1. */
  startSimulator?: () => Promise<RunningSimulator>;
  /** Extra options for every exchange client (tests shorten timeouts). */
  clientOptions?: Partial<Omit<ExchangeClientOptions, 'baseUrl' | 'credentials'>>;
  platform?: string;
  /** The position watcher's schedule: default the auto-refresh interval (30 s when that is off). */
  /** `notifications`: the storm limits (NOTIFICATION_LIMITS otherwise), for tests that count their own. */
  alerts?: { intervalMs?: number; timers?: AlertTimers; notifications?: Partial<Record<keyof typeof NOTIFICATION_LIMITS, number>> };
  /**
   * The live connections' timings (tests shorten them); the documented defaults otherwise. false:
   * no live connections (tests that drive the alerts watcher's schedule by hand).
   */
  live?: LiveServiceOptions['connection'] | false;
  /** The history snapshot timer (default every 5 minutes; 0: off). */
  history?: { intervalMs?: number; timers?: HistoryTimers };
  /** The OS's preferred languages, for a "system" language choice (default: the process locale). */
  systemLanguages?: () => readonly string[];
  /**
   * Start fetching the landing view's data at once: the app's launchers set it; tests
   * that stage the exchange before their first read leave it off.
   */
  prefetchLanding?: boolean;
}

export interface Core {
  route(channel: unknown, payload: unknown, sender: Sender, context?: CallContext): ReturnType<ReturnType<typeof createRouter>['route']>;
  /** Returns an unsubscribe function. */
  onEvent(listener: CoreEventListener): () => void;
  close(): Promise<void>;
  readonly logger: Logger;
  /**
   * What the user must hear about from start-up (settings that could not be read, a folder that
   * cannot be written), or null. The renderer gets it through settings.get; the launcher prints it.
   */
  readonly notice: string | null;
  /** The catalogs in the picked language, for what the main process words itself (tray, notifications). */
  words(): I18n;
}

async function startEmbeddedSimulator(): Promise<RunningSimulator> {
  // Loaded only when the Demo account is first used: most sessions never need it. The bare
  // simulator: its test harness (admin API, faults) stays out of the app.
  const { startExchangeSimulator } = await import('./simulator/start');
  return startExchangeSimulator({ port: 0, withdrawalSettleMs: msFromEnv(TIMING_ENV.demoWithdrawalSettleMs) });
}

/**
 * Shorter timings for the end-to-end specs (e2e/fixtures.ts sets them), so that a spec does not
 * wait out the Demo exchange's settling, the withdrawal tracker's interval or the alert watcher's
 * schedule: unset, the defaults.
 */
const TIMING_ENV = {
  demoWithdrawalSettleMs: 'DESK_DEMO_WITHDRAWAL_SETTLE_MS',
  withdrawalTrackMs: 'DESK_WITHDRAWAL_TRACK_MS',
  alertCheckMs: 'DESK_ALERT_CHECK_MS',
} as const;

function msFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  const parsed = z.coerce.number().int().min(100).max(3_600_000).safeParse(text);
  if (!parsed.success) throw new Error(`${name} must be a whole number of milliseconds from 100 to 3600000`);
  return parsed.data;
}

/**
 * Throws DataFolderInUseError (before touching any file) when another process holds userDataDir,
 * and DatabaseTooNewError when the database comes from a newer app.
 */
export function createCore(options: CoreOptions): Core {
  // First of all: one process per user-data folder. Released by close().
  const instanceLock = acquireInstanceLock(options.userDataDir, options.mode);
  try {
    return createLockedCore(options, instanceLock);
  } catch (error) {
    instanceLock.release();
    throw error;
  }
}

function createLockedCore(options: CoreOptions, instanceLock: InstanceLock): Core {
  const logger = options.logger ?? createLogger({ file: logFileIn(options.userDataDir) });
  const isTrustedSender = options.isTrustedSender ?? (options.mode === 'browser' ? httpSenderPolicy : undefined);
  if (!isTrustedSender) throw new Error('createCore: Electron mode needs a sender policy');

  const listeners = new Set<CoreEventListener>();
  function emit<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const listener of [...listeners]) {
      try {
        listener(event, payload);
      } catch (error) {
        logger.error('event listener failed', { event, error });
      }
    }
  }

  const keychain =
    options.keychain ??
    createKeytarKeychain({ onFailure: (operation, cause) => logger.warn('keychain call failed', { operation, cause }) });
  const secrets = createSecretStore(keychain, logger.redactor);
  const settings = createSettingsStore({ dir: options.userDataDir, logger });
  const settingsLostAtStart = !existsSync(settings.filePath) || settings.notice !== null;
  if (settings.notice) logger.warn('settings notice for the user', { notice: settings.notice });

  // The app's database; the withdrawal service's store finds this connection by folder. The old
  // journal is imported here (not only when the store opens) so its notice is known at start.
  // When it cannot be opened, nothing opens another one anywhere: withdrawals are off with a typed
  // reason (database.status), and the file is left as it is for when it can be read again.
  const withdrawalsDir = join(options.userDataDir, 'withdrawals');
  let database: DeskDatabase | null = null;
  let databaseNotices: string[] = [];
  let databaseStatus: DatabaseStatus;
  try {
    database = openDatabaseUnderLock(instanceLock);
    importJournal(database, withdrawalsDir);
    databaseNotices = [...database.notices, quarantineNotice(database)].filter((n): n is string => n !== null);
    databaseStatus = { available: true, file: database.file };
  } catch (error) {
    if (error instanceof DatabaseTooNewError) {
      database?.close();
      throw error;
    }
    database?.close();
    database = null;
    const problem = databaseProblemOf(error, options.userDataDir);
    logger.error('database could not be opened; withdrawals are off', { problem, error });
    databaseStatus = { available: false, problem, file: join(options.userDataDir, DATABASE_FILE), folder: options.userDataDir };
  }
  for (const notice of databaseNotices) logger.warn('database notice for the user', { notice });
  /** Everything the user must hear about from start-up, in one text (settings.get carries one notice). */
  const startNotice = (settingsNotice: string | null): string | null => [settingsNotice, ...databaseNotices].filter(Boolean).join(' ') || null;
  /**
   * Settings lost or unreadable at start while the database keeps records of accounts: the page says
   * so and how to bring them back (the same key added again gets its old id: accounts/identities.ts).
   */
  const forgottenAccounts = (): number => {
    if (!database || !settingsLostAtStart) return 0;
    const listed = new Set([DEMO_ACCOUNT_ID, ...settings.read().accounts.map((a) => a.id)]);
    return accountIdsWithRecords(database).filter((id) => !listed.has(id)).length;
  };

  const demo = createDemoProvider({
    start: options.startSimulator ?? startEmbeddedSimulator,
    logger,
    registerSecret: (secret) => logger.redactor.registerSecret(secret),
  });

  // Connections, rate limiters, nonce sequences and connection state of every client of this core;
  // close() releases them.
  const exchangeRuntime = createExchangeRuntime({ onListenerError: (error) => logger.error('connection listener failed', { error }) });
  // Every call's outcome is the connection state; the page hears each change at once.
  exchangeRuntime.connectionStatus.onChange((state) => emit('connection.changed', state));
  const exchangeLogger = { warn: (message: string, meta?: object) => logger.warn(message, meta as Record<string, unknown>) };
  const accounts = createAccountService<ExchangeClient>({
    settings,
    secrets,
    demo,
    logger,
    createClient: ({ accountId, ...config }) =>
      createExchangeClient({
        ...options.clientOptions,
        ...config,
        logger: exchangeLogger,
        runtime: exchangeRuntime,
        observer: accountId === undefined ? undefined : exchangeRuntime.connectionStatus.observerFor(accountId),
      }),
    identities: database ? createAccountIdentities(database.connection) : null,
    assertRemovable: (accountId) => withdrawals.assertNoOpenOutcome({ accountId }),
    onChanged: (activeAccountId) => {
      landing.forget();
      emit('accounts.changed', { activeAccountId });
      // An opt-in or threshold may have changed: the watcher starts, stops or re-reads them now.
      void alerts.sync();
      void live.sync().catch((error: unknown) => logger.warn('live connections: accounts could not be read', { error }));
    },
  });
  // The ping that fills silence, for the accounts a page watches (connection.watch); its outcome
  // reaches the connection state like any call's.
  const silenceWatch = createSilenceWatch({
    monitor: exchangeRuntime.connectionStatus,
    ping: async (accountId) => (await accounts.clientFor(accountId)).ping(),
    // A live account's pushes say the exchange answers: its REST stays quiet while they come.
    heardAt: (accountId) => live.lastPushAt(accountId),
  });

  const withdrawals = createWithdrawalService({
    dataDir: withdrawalsDir,
    trackIntervalMs: msFromEnv(TIMING_ENV.withdrawalTrackMs),
    clientFor: (accountId) => accounts.clientFor(accountId),
    isEea: (accountId) => accounts.isEea(accountId),
    onKeyRefused: (accountId, refusal) => accounts.recordWithdrawRefusal(accountId, refusal),
    emit: (record) => {
      // Balances read before a withdrawal are no longer a page's starting point.
      landing.forget();
      if (record.state === 'sent') history.recordWithdrawal(record);
      emit('withdrawals.updated', record);
    },
  });

  const quoteSetting = () => publicSettings(settings.read()).quote;
  const valuation = createBalancesService({
    accounts: async () => (await accounts.listKnown()).accounts,
    clientFor: (accountId) => accounts.clientFor(accountId),
    quote: quoteSetting,
  });

  // Snapshots of the account over time: every successful refresh is offered (looked at after its
  // answer has left; the snapshot clock decides what is written), and a timer takes one at least
  // every 5 minutes.
  const history = createHistoryService({
    store: database ? createHistoryStore(database.connection) : null,
    // Real accounts with a key; the Demo account only while it is the only one (as the app opens on it).
    accounts: async () => {
      const all = (await accounts.listKnown()).accounts;
      const real = all.filter((a) => !a.isDemo && a.hasSecret);
      return real.length > 0 ? real : all.filter((a) => a.isDemo);
    },
    overview: (accountId) => valuation.overview(accountId === undefined ? {} : { accountId }),
    quote: quoteSetting,
    onError: (what, error) => logger.warn(what, { error }),
    ...options.history,
  });
  const balances: BalancesService = {
    accountsFor: (accountId) => valuation.accountsFor(accountId),
    overview: async (request, o) => {
      const overview = await valuation.overview(request, o);
      history.offer(overview);
      if (request.accountId !== undefined) landing.remember({ accountId: request.accountId, quote: overview.quote }, overview);
      return overview;
    },
  };

  const subAccounts = createSubAccountsService({ clientFor: (accountId) => accounts.clientFor(accountId), quote: quoteSetting });
  // Read side by side as each view reads them; not offered to History (its own refreshes are).
  const holdings = createHoldingsService({
    accounts: (accountId) => valuation.accountsFor(accountId),
    overview: (request, o) => valuation.overview(request, o),
    subAccounts,
    quote: quoteSetting,
  });

  const readPositions = createPositionsService({ clientFor: (accountId) => accounts.clientFor(accountId) });
  // An account whose live model is seeded answers from it (no REST); any other reads REST. Every
  // overview (the watcher's, a page's, the stream's) also feeds the distance and margin-fraction
  // alerts of its account.
  const positions: typeof readPositions = {
    overview: async (request, o) => {
      const overview = live.overview(request.accountId) ?? (await readPositions.overview(request, o));
      priceAlerts.observeOverview(overview);
      return overview;
    },
  };

  const words = () => wordsFor(settings.read().language, options.systemLanguages?.() ?? processLanguages());

  // The watchers check as often as the person's automatic refresh, or on their default schedule when that is off.
  const alertCheckMs = options.alerts?.intervalMs ?? msFromEnv(TIMING_ENV.alertCheckMs);
  const alertIntervalMs = () => alertCheckMs ?? (settings.read().refreshIntervalMs || DEFAULT_ALERT_INTERVAL_MS);
  // Every alert is logged and sent to the page; the desktop gets what the gate lets through, so a
  // storm of crossings becomes a few notifications and one summary.
  let summaries = 0;
  const notifications = createNotificationGate({
    notify: (alert) => void catalogsReady().then(() => emit('alerts.notification', { alertId: alert.id, ...alertNotification(words(), alert) })),
    summarize: (count, latest) =>
      void catalogsReady().then(() => emit('alerts.notification', { alertId: `summary-${++summaries}`, ...alertsSummaryNotification(words(), count, latest) })),
    ...options.alerts?.notifications,
  });
  const alerts = createAlertsService({
    accounts: async () => (await accounts.listKnown()).accounts,
    overview: (accountId, o) => positions.overview({ accountId }, o),
    intervalMs: alertIntervalMs,
    onAlert: (alert) => {
      // A set alert's pass logs once for all it fired (onPass below): a storm is not a line per alert.
      if (!alert.watch) logger.info('position alert', { accountId: alert.accountId, kind: alert.kind, market: alert.market, positionId: alert.positionId });
      // The account's timeline keeps its positions' alerts; a market's price is not the account's event.
      if (alert.kind !== 'price' && alert.kind !== 'margin_fraction' && alert.kind !== 'at_risk') history.recordAlert(alert);
      emit('alerts.fired', alert);
      notifications.offer(alert);
    },
    onStatus: (status) => emit('alerts.status', status),
    priceAlertsArmed: () => priceAlerts.armedPriceAlerts(),
    onRefreshFailed: (accountId, error) => logger.warn('position alerts: refresh failed; earlier state kept', { accountId, error }),
    ...(options.alerts?.timers ? { timers: options.alerts.timers } : {}),
  });

  // The alerts a person sets in the Alerts view (price, distance, margin fraction), raised through
  // the watcher's log and the same notification path.
  const priceAlerts = createPriceAlertsService({
    store: database ? createPriceAlertStore(database.connection) : null,
    accounts: async () => (await accounts.listKnown()).accounts,
    exchangeOf: async (accountId) => {
      const client = await accounts.clientFor(accountId);
      return {
        url: client.websocketUrl(),
        ticker: async (signal) => {
          const answer = await client.ticker(signal ? { signal } : undefined);
          return Object.fromEntries(Object.entries(answer.items).map(([market, activity]) => [market, activity.last_price]));
        },
      };
    },
    raise: (alert) => void alerts.raise(alert),
    onChanged: () => {
      emit('priceAlerts.changed', {});
      alerts.statusChanged();
    },
    onPass: (counts) => logger.info('price alerts pass', counts),
    intervalMs: alertIntervalMs,
    onError: (what, error) => logger.warn(what, { error }),
    ...(options.live ? { connection: options.live } : {}),
  });
  void priceAlerts.start();

  // The exchange's WebSocket for every account with alerts on feeds a live model per account: its
  // overview goes to the page as data and is judged by the alerts at once, open account or not.
  const live = createLiveService({
    accounts: async () => (options.live === false ? [] : (await accounts.listKnown()).accounts),
    clientFor: (accountId) => accounts.clientFor(accountId),
    onOverview: (overview) => {
      emit('live.overview', overview);
      alerts.evaluate(overview);
      priceAlerts.observeOverview(overview);
    },
    onBalances: (accountId) => emit('live.balances', { accountId }),
    onState: (state) => {
      if (state.status === 'fallback') logger.info('live connection lost; REST refresh carries on', { accountId: state.accountId, problem: state.problem });
      emit('live.changed', state);
    },
    onReconcileFailed: (accountId, error) => logger.warn('live reconcile: REST read failed; pushed figures carry on', { accountId, error }),
    ...(options.live ? { connection: options.live } : {}),
  });
  void live.sync().catch((error: unknown) => logger.warn('live connections: accounts could not be read', { error }));
  // After the price alerts are read (start reads them before it first waits) and the live feeds
  // exist (overviews come from them): the watcher's first pass ends by announcing its status,
  // armed price alerts counted, which shows the tray if needed.
  void alerts.sync();

  // Each service answers its own channels; core only composes them.
  const serviceHandlers: Omit<Handlers, 'app.bootstrap'> = {
    'app.info': async () => ({ version: appVersion, mode: options.mode, platform: options.platform ?? process.platform }),
    ...accountHandlers(accounts),
    ...settingsHandlers(settings, startNotice, forgottenAccounts),
    ...exchangeHandlers((accountId) => accounts.clientFor(accountId)),
    ...connectionHandlers({ monitor: exchangeRuntime.connectionStatus, silenceWatch, assertKnownAccount: (accountId) => accounts.assertKnown(accountId) }),
    ...withdrawalHandlers(withdrawals),
    ...codeHandlers(createCodeService({ clientFor: (accountId) => accounts.clientFor(accountId) })),
    ...transactionHandlers(createTransactionService({ clientFor: (accountId) => accounts.clientFor(accountId) })),
    ...balancesHandlers(balances, holdings),
    ...positionsHandlers(positions, createClosedPositionsService({ clientFor: (accountId) => accounts.clientFor(accountId) })),
    ...depositsHandlers(createDepositsService({ clientFor: (accountId) => accounts.clientFor(accountId) })),
    ...subAccountsHandlers(subAccounts),
    ...alertsHandlers(alerts),
    ...priceAlertsHandlers(priceAlerts),
    ...liveHandlers(live),
    ...historyHandlers(history),
    ...databaseHandlers(() => databaseStatus),
  };
  // The landing view's data is fetched from launch on, and the page gets it with settings and
  // accounts in one call.
  const landing = createLanding({
    current: async () => {
      const { accounts: listed, activeAccountId } = await accounts.listKnown();
      // The account the page opens on: the active one, else the first (renderer/api/queries.ts useAccounts).
      const accountId = listed.find((a) => a.id === activeAccountId)?.id ?? listed[0]?.id ?? activeAccountId;
      return { accountId, quote: quoteSetting() };
    },
    overview: (key) => balances.overview(key),
    assets: async (accountId) => (await accounts.clientFor(accountId)).assets(),
  });
  const handlers: Handlers = {
    ...serviceHandlers,
    ...startupHandlers(landing, quoteSetting, serviceHandlers),
    // A live account's open positions come from its live model: a push never costs a REST read,
    // and the list stays while positions/open fails.
    'exchange.positions': async (payload, sender, context) => {
      const known = live.positions(payload.accountId);
      if (known === null) return serviceHandlers['exchange.positions'](payload, sender, context);
      const items = payload.market === undefined ? known.items : known.items.filter((p) => p.market === payload.market);
      return { items, unreadable: Array.from({ length: known.unreadable }, (_, i) => ({ where: `#${i + 1}`, reason: 'unreadable pushed record' })) };
    },
    // An investment moves money: balances read before it are no longer a page's starting point.
    'exchange.flexInvest': async (payload, sender, context) => {
      landing.forget();
      try {
        return await serviceHandlers['exchange.flexInvest'](payload, sender, context);
      } finally {
        landing.forget();
      }
    },
  };
  if (options.prefetchLanding) landing.start();

  const router = createRouter(handlers, { logger, isTrustedSender });
  let closing: Promise<void> | null = null;

  logger.info('core started', { mode: options.mode, version: appVersion, userDataDir: options.userDataDir });

  return {
    route: (channel, payload, sender, context) => {
      if (closing) return Promise.resolve({ ok: false, error: { kind: 'internal', reason: 'app_closing', message: 'The app is shutting down.' } });
      return router.route(channel, payload, sender, context);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    words,
    close() {
      closing ??= (async () => {
        listeners.clear();
        silenceWatch.close();
        live.close();
        priceAlerts.close();
        notifications.close();
        await alerts.close();
        await history.close();
        await Promise.allSettled([withdrawals.close(), demo.close()]);
        exchangeRuntime.close();
        database?.close();
        logger.info('core stopped');
        instanceLock.release();
      })();
      return closing;
    },
    logger,
    notice: startNotice(settings.notice),
  };
}
