// The live stream's reconnect schedule, on fake timers: a token that cannot be had fails every
// attempt before any socket opens, so only the back-off decides when the next attempt starts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection, type LiveConnectionState } from './connection';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date(2031, 4, 6, 9, 30) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live reconnects', () => {
  it('wait half to all of a doubling ceiling, capped, then try again', async () => {
    let attempts = 0;
    const states: LiveConnectionState[] = [];
    const connection = createLiveConnection({
      url: () => 'ws://127.0.0.1:9/ws',
      token: async () => {
        attempts++;
        throw new Error('no token');
      },
      subscriptions: () => [],
      updateMethods: new Set(),
      onUpdate: () => {},
      onLive: () => {},
      onState: (state) => states.push(state),
      backoffBaseMs: 1_000,
      backoffMaxMs: 4_000,
      random: () => 0.5,
    });
    connection.start();
    // 1 000 * (0.5 + 0.5 * 0.5), then 2 000 and 4 000 alike, then the cap holds.
    for (const waitMs of [750, 1_500, 3_000, 3_000]) {
      await vi.advanceTimersByTimeAsync(0);
      const tried = attempts;
      expect(connection.state()).toMatchObject({ status: 'down', problem: 'token_unavailable', retryAt: Date.now() + waitMs });
      await vi.advanceTimersByTimeAsync(waitMs - 1);
      expect(attempts).toBe(tried);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toBe(tried + 1);
    }
    connection.stop();
    expect(states.some((state) => state.status === 'connecting')).toBe(true);
  });
});
