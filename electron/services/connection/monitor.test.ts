/**
 * Which outcomes move the connection state, and which must not (the cases the simulator test
 * cannot cheaply produce: a refused key, a nonce complaint, our own limiter, a cancelled call),
 * and how often the page is told.
 */
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../shared/errors';
import { laterConnectionState, unknownConnection, type ConnectionState } from '../../../shared/model/connection';
import type { CallOutcome } from '../exchange/outcomes';
import { createConnectionMonitor, nextConnectionState } from './monitor';

const ok: CallOutcome = { type: 'success', auth: 'private' };
const fail = (error: AppError, auth: 'public' | 'private' = 'private'): CallOutcome => ({ type: 'failure', auth, error, retry: null });
const refused: AppError = { kind: 'network', message: 'The exchange refused the connection.' };
const badSignature: AppError = { kind: 'auth', status: 401, code: 10, reason: 'bad_signature', message: 'The exchange did not accept the request signature.' };

function after(outcomes: CallOutcome[], start: ConnectionState = unknownConnection('a')): ConnectionState {
  return outcomes.reduce((state, outcome, i) => nextConnectionState(state, outcome, 1_000 + i), start);
}

describe('nextConnectionState', () => {
  it('a refused key is a key problem, which a public answer does not clear but a private success does', () => {
    const problem = after([ok, fail(badSignature)]);
    expect(problem).toMatchObject({ status: 'key_problem', since: 1_001, problem: badSignature.message });
    const publicOk = nextConnectionState(problem, { type: 'success', auth: 'public' }, 2_000);
    expect(publicOk).toMatchObject({ status: 'key_problem', lastSuccessAt: 2_000 });
    expect(nextConnectionState(publicOk, ok, 3_000)).toMatchObject({ status: 'online', since: 3_000, problem: null });
  });

  it.each<[string, AppError]>([
    ['validation 400', { kind: 'validation', status: 400, message: 'Validation failed' }],
    ['validation 422', { kind: 'validation', status: 422, message: 'Inner validation failed' }],
    ['a 403 on one endpoint', { kind: 'permission', status: 403, reason: 'endpoint_forbidden', message: 'refused' }],
    ['the nonce window', { kind: 'auth', status: 429, reason: 'nonce_window', message: 'nonce' }],
    ['our own limiter', { kind: 'rate_limited', reason: 'rate_limited', message: 'holding back' }],
    ['a cancelled call', { kind: 'network', reason: 'cancelled', message: 'cancelled' }],
  ])('%s leaves an online state online', (_name, error) => {
    const online = after([ok]);
    expect(nextConnectionState(online, fail(error), 5_000).status).toBe('online');
  });

  it('any answer from the exchange ends an outage; a cancelled call does not', () => {
    const offline = after([ok, fail(refused)]);
    expect(offline.status).toBe('offline');
    expect(nextConnectionState(offline, fail({ kind: 'network', reason: 'cancelled', message: 'c' }), 5_000)).toBe(offline);
    expect(nextConnectionState(offline, fail({ kind: 'validation', status: 400, message: 'v' }), 5_000)).toMatchObject({ status: 'online', since: 5_000 });
  });

  it('timeouts are offline; 429 and 5xx from the exchange are busy', () => {
    expect(after([fail({ kind: 'timeout', message: 't' })]).status).toBe('offline');
    const retrying: CallOutcome = { type: 'failure', auth: 'public', error: { kind: 'rate_limited', status: 429, message: 'r' }, retry: { attempt: 2, of: 3 } };
    expect(after([retrying])).toMatchObject({ status: 'busy', failedAttempts: 1 });
  });

  it('counts the failed attempts of a whole outage, only upwards, whatever each call says of its own retries; an answer starts again from 0', () => {
    const busy = (attempt: number | null): CallOutcome => ({ type: 'failure', auth: 'public', error: { kind: 'server', status: 503, message: 'b' }, retry: attempt === null ? null : { attempt, of: 3 } });
    // Two calls retrying side by side, one giving up, a connection refused between them.
    const outcomes = [ok, busy(1), busy(1), busy(2), busy(null), fail(refused), busy(3), busy(null)];
    const counts: number[] = [];
    outcomes.reduce((state, outcome, i) => {
      const next = nextConnectionState(state, outcome, 1_000 + i);
      counts.push(next.failedAttempts);
      return next;
    }, unknownConnection('a'));
    expect(counts).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const down = after(outcomes);
    // Statuses within the outage change; when it began does not.
    expect(down).toMatchObject({ status: 'busy', since: 1_001, failedAttempts: 7 });
    expect(nextConnectionState(down, fail({ kind: 'network', reason: 'cancelled', message: 'c' }), 9_000).failedAttempts).toBe(7);
    expect(nextConnectionState(down, ok, 9_000)).toMatchObject({ status: 'online', failedAttempts: 0 });
    expect(nextConnectionState(down, fail({ kind: 'validation', status: 400, message: 'v' }), 9_000)).toMatchObject({ status: 'online', failedAttempts: 0 });
  });
});

describe('createConnectionMonitor', () => {
  it('pushes every change of what is shown at once, never a bare newer call time', () => {
    let clock = 10_000;
    const monitor = createConnectionMonitor({ now: () => clock });
    const heard: ConnectionState[] = [];
    monitor.onChange((s) => heard.push(s));
    const observe = monitor.observerFor('a');
    observe(ok);
    clock += 100;
    observe(ok);
    expect(heard).toHaveLength(1);
    clock += 60_000;
    observe(ok);
    expect(heard).toHaveLength(1);
    // The call time is still known to whoever reads it (the silence watch).
    expect(monitor.get('a').lastCallAt).toBe(clock);
    clock += 10;
    observe(fail(refused));
    expect(heard.map((s) => s.status)).toEqual(['online', 'offline']);
    expect(monitor.get('a')).toEqual(heard[1]);
    // Each further failed attempt raises the count the page shows: it hears of it.
    observe(fail(refused));
    expect(heard.map((s) => s.failedAttempts)).toEqual([0, 1, 2]);
    expect(monitor.get('other').status).toBe('unknown');
  });

  it('numbers its states so the page can order them whatever the wall clock does; a cleared monitor is a new epoch', () => {
    let clock = 50_000;
    const monitor = createConnectionMonitor({ now: () => clock });
    const observe = monitor.observerFor('a');
    const first = monitor.get('a');
    expect(first.revision).toBe(0);
    observe(ok);
    const online = monitor.get('a');
    // The clock steps back an hour (NTP, a resumed VM): the later state is still the later one.
    clock -= 3_600_000;
    observe(fail(refused));
    const offline = monitor.get('a');
    expect(offline.revision).toBeGreaterThan(online.revision);
    expect(offline.lastCallAt).toBeLessThan(online.lastCallAt!);
    expect(laterConnectionState(offline, online)).toBe(offline);
    expect(laterConnectionState(online, offline)).toBe(offline);
    expect(laterConnectionState(online, first)).toBe(online);
    expect(laterConnectionState(undefined, first)).toBe(first);

    monitor.clear();
    const fresh = monitor.get('a');
    expect(fresh.epoch).not.toBe(offline.epoch);
    expect(laterConnectionState(offline, fresh)).toBe(fresh);
  });

  it('a failing listener never fails the call that reported', () => {
    const errors: unknown[] = [];
    const monitor = createConnectionMonitor({ onListenerError: (e) => errors.push(e) });
    monitor.onChange(() => {
      throw new Error('listener broke');
    });
    expect(() => monitor.observerFor('a')(ok)).not.toThrow();
    expect(errors).toHaveLength(1);
  });
});
