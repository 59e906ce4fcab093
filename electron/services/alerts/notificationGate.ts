/**
 * Between the alerts and the desktop: what reaches the person as a notification. Every alert is
 * still logged and sent to the page; only the notifications are held back, so that a storm of
 * crossings is read as one message, not hundreds.
 *
 *  - An "every crossing" alert notifies at most once per `perAlertMs`: on a price swinging across
 *    its line it notifies once, then stays quiet for that while.
 *  - Past `burstMax` notifications within `burstWindowMs`, the rest wait and become one summary
 *    ("N more alerts") at the end of the window.
 *
 * Clock and timers are injected, so the rules are tested without waiting.
 */
import type { PositionAlert } from '../../../shared/model/alerts';
import type { AlertTimers } from './service';

export interface NotificationGateOptions {
  notify: (alert: PositionAlert) => void;
  /** How many alerts the summary stands for, and the newest of them. */
  summarize: (count: number, latest: PositionAlert) => void;
  now?: () => number;
  timers?: AlertTimers;
  perAlertMs?: number;
  burstWindowMs?: number;
  burstMax?: number;
}

export const NOTIFICATION_LIMITS = { perAlertMs: 60_000, burstWindowMs: 10_000, burstMax: 3 } as const;

export function createNotificationGate(options: NotificationGateOptions) {
  const now = options.now ?? Date.now;
  const timers: AlertTimers = options.timers ?? { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  const { perAlertMs, burstWindowMs, burstMax } = { ...NOTIFICATION_LIMITS, ...options };
  /** When each "every crossing" alert last notified (or was counted in a summary). */
  const lastByRule = new Map<string, number>();
  /** Times of the notifications shown within the window, summaries included. */
  let recent: number[] = [];
  let held = 0;
  let latest: PositionAlert | null = null;
  let timer: unknown = null;
  let prunedAt = Number.NEGATIVE_INFINITY;

  function flush(): void {
    timer = null;
    if (held === 0 || latest === null) return;
    const count = held;
    const newest = latest;
    held = 0;
    latest = null;
    recent.push(now());
    options.summarize(count, newest);
  }

  function forgetOld(at: number): void {
    recent = recent.filter((t) => at - t < burstWindowMs);
    // Bounded: rules quiet for longer than the per-alert pause need no memory. Swept once per
    // pause, so a storm of thousands of rules does not walk the map at every alert.
    if (at - prunedAt < perAlertMs) return;
    prunedAt = at;
    for (const [rule, t] of lastByRule) if (at - t >= perAlertMs) lastByRule.delete(rule);
  }

  return {
    offer(alert: PositionAlert): void {
      const at = now();
      const rule = alert.watch?.rearm === 'every' ? alert.watch.ruleId : undefined;
      if (rule !== undefined) {
        const last = lastByRule.get(rule);
        if (last !== undefined && at - last < perAlertMs) return;
        lastByRule.set(rule, at);
      }
      forgetOld(at);
      if (recent.length < burstMax && timer === null) {
        recent.push(at);
        options.notify(alert);
        return;
      }
      held++;
      latest = alert;
      timer ??= timers.setTimeout(flush, burstWindowMs);
    },
    close(): void {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

export type NotificationGate = ReturnType<typeof createNotificationGate>;
