/**
 * The connection state of each account, from the outcome of every exchange call the main process
 * makes (the client reports each attempt, electron/services/exchange/outcomes.ts). One answer or
 * one refused connection is enough to know; a ping is needed only when nothing else is calling.
 *
 * A failure that says nothing about the connection (a refused request, a 403 on one endpoint, our
 * own rate limiter holding back, a cancelled call) never turns the state offline: any answer from
 * the exchange proves it is reachable.
 */
import { randomUUID } from 'node:crypto';
import type { AppError } from '../../../shared/errors';
import { unknownConnection, type ConnectionState } from '../../../shared/model/connection';
import type { CallObserver, CallOutcome } from '../exchange/outcomes';

export type ConnectionListener = (state: ConnectionState) => void;

export interface ConnectionMonitor {
  /** The observer to give the account's exchange client. */
  observerFor(accountId: string): CallObserver;
  get(accountId: string): ConnectionState;
  /**
   * Hears every change of what is shown (status, since, failed attempts, problem); a newer call time alone is
   * not pushed, since only the silence watch needs it and it reads `get`. Returns an unsubscribe function.
   */
  onChange(listener: ConnectionListener): () => void;
  /** Forgets every account and listener (runtime close). */
  clear(): void;
}

type Effect =
  /** Data arrived; a private success also proves the key. */
  | { type: 'success'; provesKey: boolean }
  /** The exchange answered, refusing this request for its own reasons: reachable, nothing more. */
  | { type: 'answered' }
  | { type: 'unreachable'; error: AppError }
  | { type: 'busy'; error: AppError; retry: ConnectionState['retry'] }
  | { type: 'key'; error: AppError }
  | { type: 'nothing' };

function effectOf(outcome: CallOutcome): Effect {
  if (outcome.type === 'success') return { type: 'success', provesKey: outcome.auth === 'private' };
  const { error } = outcome;
  if (error.reason === 'cancelled') return { type: 'nothing' };
  if (error.kind === 'network' || error.kind === 'timeout') return { type: 'unreachable', error };
  // A 429 without a status is the app's own limiter: the exchange was not asked.
  if (error.status === undefined) return { type: 'nothing' };
  if (error.kind === 'server' || error.kind === 'rate_limited') return { type: 'busy', error, retry: outcome.retry };
  // The nonce window is a clock matter the client repairs itself; a 403 concerns one endpoint.
  if (error.kind === 'auth' && error.reason !== 'nonce_window' && outcome.auth === 'private') return { type: 'key', error };
  return { type: 'answered' };
}

/** Unreachable and busy are one outage to a person: moving between them keeps when it began. */
const isDown = (status: ConnectionState['status']) => status === 'offline' || status === 'busy';

function moveTo(prev: ConnectionState, status: ConnectionState['status'], at: number): Pick<ConnectionState, 'status' | 'since'> {
  const same = prev.status === status || (isDown(prev.status) && isDown(status));
  return { status, since: same && prev.since !== null ? prev.since : at };
}

/** The state after one outcome at `at` (epoch ms). */
export function nextConnectionState(prev: ConnectionState, outcome: CallOutcome, at: number): ConnectionState {
  const effect = effectOf(outcome);
  const touched = { ...prev, lastCallAt: at };
  // Every failed attempt of the outage counts, whichever status it leads to: one rising count.
  const failed = { lastFailureAt: at, failedAttempts: prev.failedAttempts + 1 };
  switch (effect.type) {
    case 'nothing':
      return prev;
    case 'success':
      // A public answer does not clear a refused key; it still proves the exchange is there.
      if (prev.status === 'key_problem' && !effect.provesKey) return { ...touched, lastSuccessAt: at };
      return { ...touched, ...moveTo(prev, 'online', at), lastSuccessAt: at, failedAttempts: 0, retry: null, problem: null };
    case 'answered':
      if (prev.status === 'online' || prev.status === 'key_problem') return touched;
      return { ...touched, ...moveTo(prev, 'online', at), failedAttempts: 0, retry: null, problem: null };
    case 'unreachable':
      return { ...touched, ...moveTo(prev, 'offline', at), ...failed, retry: null, problem: effect.error.message };
    case 'busy':
      return { ...touched, ...moveTo(prev, 'busy', at), ...failed, retry: effect.retry, problem: effect.error.message };
    case 'key':
      return { ...touched, ...moveTo(prev, 'key_problem', at), ...failed, retry: null, problem: effect.error.message };
  }
}

/** True when the page must hear about the change: it shows something else now. */
function changesWhatIsShown(a: ConnectionState, b: ConnectionState): boolean {
  return a.status !== b.status || a.since !== b.since || a.failedAttempts !== b.failedAttempts || a.problem !== b.problem;
}

export function createConnectionMonitor(options: { now?: () => number; onListenerError?: (error: unknown) => void } = {}): ConnectionMonitor {
  const now = options.now ?? Date.now;
  const states = new Map<string, ConnectionState>();
  const listeners = new Set<ConnectionListener>();
  // Orders the states this monitor hands out (ConnectionState.revision); a cleared monitor is a new epoch.
  let epoch = randomUUID();
  let revision = 0;

  function push(state: ConnectionState): void {
    for (const listener of [...listeners]) {
      // An observer runs inside the exchange call: a failing listener must never fail the call.
      try {
        listener(state);
      } catch (error) {
        options.onListenerError?.(error);
      }
    }
  }

  function record(accountId: string, outcome: CallOutcome): void {
    const at = now();
    const prev = states.get(accountId) ?? unknownConnection(accountId, epoch);
    const changed = nextConnectionState(prev, outcome, at);
    if (changed === prev) return;
    const next = { ...changed, epoch, revision: ++revision };
    states.set(accountId, next);
    if (changesWhatIsShown(prev, next)) push(next);
  }

  return {
    observerFor: (accountId) => (outcome) => record(accountId, outcome),
    get: (accountId) => states.get(accountId) ?? unknownConnection(accountId, epoch),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear() {
      states.clear();
      listeners.clear();
      epoch = randomUUID();
      revision = 0;
    },
  };
}
