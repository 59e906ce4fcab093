/**
 * One live connection per watched account (an account with position alerts on), owned by the main
 * process. The stream makes the REST path act at once: a margin-call or liquidation event, or a
 * snapshot in which a position's state changed, runs the position watcher now (its REST read
 * raises the alert once per crossing); every (re)connect is a gap, so it runs then too. REST
 * polling goes on whatever the socket does, so a lost socket loses nothing but speed.
 */
import { z } from 'zod';
import { liveOff, type LiveState } from '../../../shared/model/live';
import type { ExchangeClient } from '../exchange';
import { createLiveConnection, type LiveConnection, type LiveConnectionOptions, type LiveConnectionState } from './connection';

export interface LiveAccount {
  id: string;
  notifyPositions: boolean;
}

export interface LiveServiceOptions {
  accounts: () => Promise<LiveAccount[]>;
  clientFor: (accountId: string) => Promise<Pick<ExchangeClient, 'websocketToken' | 'websocketUrl'>>;
  /** Something in the account's risk moved: read REST now (the alerts watcher's sync). */
  onRiskChange: (accountId: string) => void;
  onState: (state: LiveState) => void;
  /**
   * Pushed data arrived for the account (prices, margins): the page's live views read again.
   * Coalesced per account to one call per `pushedEveryMs`, so a busy stream cannot flood the page.
   */
  onPushed?: (accountId: string) => void;
  pushedEveryMs?: number;
  /** Timings for tests; the documented defaults otherwise. */
  connection?: Partial<Omit<LiveConnectionOptions, 'url' | 'token' | 'subscriptions' | 'updateMethods' | 'onUpdate' | 'onLive' | 'onState'>>;
}

const SUBSCRIPTIONS = [
  { method: 'positionsMargin_subscribe', params: [] },
  { method: 'positionsAccountMargin_subscribe', params: [] },
];
/** What those subscriptions push; a frame of any other channel is counted by the connection and dropped. */
const UPDATE_METHODS: ReadonlySet<string> = new Set(['positionsMargin_update', 'positionsAccountMargin_update']);

/** Only what change detection needs; one unreadable record is skipped, never the snapshot. */
const SnapshotRecord = z.object({ id: z.number().int(), liq_stage: z.string().max(32).nullable().optional() });
const Snapshot = z.object({ records: z.array(z.unknown()).max(10_000) });
const AccountEvent = z.tuple([z.number().int(), z.unknown()]);

function toLiveState(accountId: string, s: LiveConnectionState): Omit<LiveState, 'revision'> {
  const status = s.status === 'live' ? 'live' : s.status === 'connecting' && s.attempt === 0 ? 'connecting' : 'fallback';
  return { accountId, status, problem: s.problem, retryAt: s.retryAt, unreadableFrames: s.unreadableFrames, lastPushAt: null };
}

/** At most four live refreshes a second per account. */
export const PUSHED_EVERY_MS = 250;

export function createLiveService(options: LiveServiceOptions) {
  /** Accounts with a push waiting for its slot, and the time of each account's last `onPushed`. */
  const pushTimers = new Map<string, ReturnType<typeof setTimeout>>();
  const lastPushed = new Map<string, number>();
  const pushedEveryMs = options.pushedEveryMs ?? PUSHED_EVERY_MS;
  const connections = new Map<string, { connection: LiveConnection; stages: Map<number, string | null> | null }>();
  const states = new Map<string, LiveState>();
  /** The account's WebSocket address, learnt with each token (the account's base URL may change). */
  const urlOf = new Map<string, string>();
  let closed = false;
  let revision = 0;

  function publish(change: Omit<LiveState, 'revision'>): void {
    const state = { ...change, revision: ++revision };
    states.set(state.accountId, state);
    options.onState(state);
  }

  function pushed(accountId: string): void {
    if (!options.onPushed || pushTimers.has(accountId)) return;
    const fire = () => {
      pushTimers.delete(accountId);
      if (!connections.has(accountId)) return;
      lastPushed.set(accountId, Date.now());
      options.onPushed?.(accountId);
    };
    // Leading edge when the account has been quiet, else one trailing call at the end of the slot.
    const wait = Math.max(0, (lastPushed.get(accountId) ?? 0) + pushedEveryMs - Date.now());
    pushTimers.set(accountId, setTimeout(fire, wait));
  }

  function onUpdate(accountId: string, method: string, params: unknown): void {
    const entry = connections.get(accountId);
    if (!entry) return;
    pushed(accountId);
    if (method === 'positionsAccountMargin_update') {
      if (AccountEvent.safeParse(params).success) options.onRiskChange(accountId);
      return;
    }
    if (method !== 'positionsMargin_update') return;
    const snapshot = Snapshot.safeParse(params);
    if (!snapshot.success) return;
    const stages = new Map<number, string | null>();
    for (const raw of snapshot.data.records) {
      const record = SnapshotRecord.safeParse(raw);
      if (record.success) stages.set(record.data.id, record.data.liq_stage ?? null);
    }
    const before = entry.stages;
    entry.stages = stages;
    if (before === null) return;
    for (const [id, stage] of stages) {
      if (before.has(id) && before.get(id) !== stage) return options.onRiskChange(accountId);
    }
  }

  function open(accountId: string): void {
    const entry: { connection: LiveConnection; stages: Map<number, string | null> | null } = { connection: null as unknown as LiveConnection, stages: null };
    entry.connection = createLiveConnection({
      ...options.connection,
      url: () => urlOf.get(accountId) ?? '',
      token: async () => {
        const client = await options.clientFor(accountId);
        urlOf.set(accountId, client.websocketUrl());
        return client.websocketToken();
      },
      subscriptions: () => SUBSCRIPTIONS,
      updateMethods: UPDATE_METHODS,
      onUpdate: (method, params) => onUpdate(accountId, method, params),
      onLive: () => {
        // A gap: nothing of it is replayed, so the snapshot starts again and REST is read now.
        entry.stages = null;
        options.onRiskChange(accountId);
      },
      onState: (s) => publish(toLiveState(accountId, s)),
    });
    connections.set(accountId, entry);
    entry.connection.start();
  }

  async function syncOnce(): Promise<void> {
    if (closed) return;
    const watched = new Set((await options.accounts()).filter((a) => a.notifyPositions).map((a) => a.id));
    if (closed) return;
    for (const [id, entry] of connections) {
      if (watched.has(id)) continue;
      entry.connection.stop();
      connections.delete(id);
      clearTimeout(pushTimers.get(id));
      pushTimers.delete(id);
      publish(liveOff(id));
    }
    for (const id of watched) if (!connections.has(id)) open(id);
  }

  /** The pass running or last run: passes go one at a time. */
  let syncs: Promise<void> = Promise.resolve();

  return {
    /**
     * Opens connections for accounts that gained alerts, closes those that lost them. Passes run
     * one after another, each reading the accounts afresh, so a read that answers late (a slow
     * keychain) can never undo what a newer one found.
     */
    sync(): Promise<void> {
      const pass = syncs.then(syncOnce);
      syncs = pass.catch(() => undefined);
      return pass;
    },
    get: (accountId: string): LiveState => states.get(accountId) ?? liveOff(accountId),
    close(): void {
      closed = true;
      for (const entry of connections.values()) entry.connection.stop();
      connections.clear();
      for (const timer of pushTimers.values()) clearTimeout(timer);
      pushTimers.clear();
    },
  };
}

export type LiveService = ReturnType<typeof createLiveService>;
