/**
 * Whether pushed balances (`balanceSpot_update`, `balanceMargin_update`) changed anything. The
 * exchange sends the current values first after each subscribe, then changes: the first value of
 * each ticker on a connection only teaches, a different later one is a change. The pushes carry
 * no prices, so the balances view is read again (rarely) rather than worked out here.
 */
import { z } from 'zod';
import { DecimalString, Ticker } from '../../../shared/api/schemas/common';

const Spot = z.array(z.record(Ticker, z.object({ available: DecimalString, freeze: DecimalString }))).max(1_000);
const Margin = z.array(z.object({ a: Ticker, B: DecimalString })).max(10_000);

export function createBalanceWatch() {
  const seen = new Map<string, string>();

  function learn(key: string, value: string): boolean {
    const before = seen.get(key);
    seen.set(key, value);
    return before !== undefined && before !== value;
  }

  return {
    /** A new connection: its first values teach again. */
    reset: () => seen.clear(),
    /** true: a balance changed; false: nothing new; null: the frame could not be read (changes nothing). */
    apply(method: string, params: unknown): boolean | null {
      let changed = false;
      if (method === 'balanceSpot_update') {
        const read = Spot.safeParse(params);
        if (!read.success) return null;
        for (const entry of read.data) for (const [ticker, v] of Object.entries(entry)) changed = learn(`spot:${ticker}`, `${v.available}|${v.freeze}`) || changed;
        return changed;
      }
      if (method === 'balanceMargin_update') {
        const read = Margin.safeParse(params);
        if (!read.success) return null;
        for (const entry of read.data) changed = learn(`margin:${entry.a}`, entry.B) || changed;
        return changed;
      }
      return null;
    },
  };
}
