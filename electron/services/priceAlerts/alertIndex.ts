/**
 * The price alerts held in memory, indexed so that a pass looks only at the alerts it can move:
 * price alerts by market and line (marketLines.ts), the other kinds by account. Beside each alert,
 * what its evaluation has learnt (evaluate.ts) and the distance or margin fraction it last saw.
 */
import type { PriceAlert, PriceAlertView } from '../../../shared/model/priceAlerts';
import type { AlertMemo } from './evaluate';
import { createMarketLines } from './marketLines';

export type SeenValue = NonNullable<PriceAlertView['current']>;

export function createAlertIndex() {
  const alerts = new Map<string, PriceAlert>();
  const lines = createMarketLines();
  const byAccount = new Map<string, Set<string>>();
  /** Price alerts that have not taken their market's last price yet (new, edited, re-armed, loaded). */
  const fresh = new Set<string>();
  const memos = new Map<string, AlertMemo>();
  /** Distances and margin fractions as last seen, per alert. */
  const current = new Map<string, SeenValue>();

  function unindex(alert: PriceAlert): void {
    if (alert.rule.kind === 'price') return lines.remove(alert.rule.market, alert.id);
    const ids = byAccount.get(alert.rule.accountId);
    ids?.delete(alert.id);
    if (ids?.size === 0) byAccount.delete(alert.rule.accountId);
  }

  function keep(alert: PriceAlert): void {
    const before = alerts.get(alert.id);
    alerts.set(alert.id, alert);
    // A change of state keeps the rule: the index stays as it is (no re-sort per pass).
    if (before?.rule === alert.rule) return;
    if (before) unindex(before);
    if (alert.rule.kind === 'price') return lines.add(alert.rule.market, alert.id, alert.rule.threshold);
    let ids = byAccount.get(alert.rule.accountId);
    if (!ids) byAccount.set(alert.rule.accountId, (ids = new Set()));
    ids.add(alert.id);
  }

  function drop(id: string): void {
    const before = alerts.get(id);
    if (before) unindex(before);
    alerts.delete(id);
    memos.delete(id);
    current.delete(id);
    fresh.delete(id);
  }

  return {
    get: (id: string): PriceAlert | undefined => alerts.get(id),
    values: (): IterableIterator<PriceAlert> => alerts.values(),
    keep,
    drop,
    /** What is kept now: alerts gone from it are dropped, new ones learn their value afresh. */
    reload(stored: readonly PriceAlert[]): void {
      const ids = new Set(stored.map((a) => a.id));
      for (const id of [...alerts.keys()]) if (!ids.has(id)) drop(id);
      for (const alert of stored) {
        keep(alert);
        if (!memos.has(alert.id)) fresh.add(alert.id);
      }
    },
    /** Armed afresh: the next values are learnt before a crossing can fire, the current price included. */
    forget(id: string): void {
      memos.delete(id);
      current.delete(id);
      if (alerts.get(id)?.rule.kind === 'price') fresh.add(id);
      else fresh.delete(id);
    },
    /** The price alerts a move of the market from `before` (undefined: none taken yet) to `price` can change. */
    movedBy(market: string, before: string | undefined, price: string): Set<string> {
      const ids = new Set(before === undefined ? lines.all(market) : before === price ? [] : lines.between(market, before, price));
      for (const id of fresh) {
        const rule = alerts.get(id)?.rule;
        if (rule?.kind === 'price' && rule.market === market) ids.add(id);
      }
      return ids;
    },
    /** The price alert took its market's price: it is no longer fresh. */
    took(id: string): void {
      fresh.delete(id);
    },
    /** The distance and margin-fraction alerts of one account. */
    ofAccount: (accountId: string): Iterable<string> => byAccount.get(accountId) ?? [],
    memoOf: (id: string): AlertMemo => memos.get(id) ?? { seenBefore: false },
    setMemo(id: string, memo: AlertMemo): void {
      memos.set(id, memo);
    },
    seen(id: string, value: SeenValue): void {
      current.set(id, value);
    },
    lastSeen: (id: string): SeenValue | null => current.get(id) ?? null,
  };
}
