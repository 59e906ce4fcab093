/**
 * Raising the alerts a pass fired: worded with one read of the account names, raised through the
 * position alerts' path in slices with a turn of the event loop between them, so that thousands of
 * them never hold up a request.
 */
import type { PositionAlert } from '../../../shared/model/alerts';
import type { PriceAlert } from '../../../shared/model/priceAlerts';

const RAISE_SLICE = 250;

/** A change one observation made to one alert, kept with the others of its pass and written once. */
export interface Change {
  before: PriceAlert;
  next: PriceAlert;
  fired: boolean;
  value: string;
  market: string | null;
  positionId: number | null;
}

export interface AnnouncerOptions {
  accounts: () => Promise<{ id: string; name: string }[]>;
  raise: (alert: Omit<PositionAlert, 'id'>) => void;
  onError?: ((what: string, error: unknown) => void) | undefined;
  now: () => number;
  /** The service closed: what is still to be raised is dropped. */
  isClosed: () => boolean;
}

export function createAnnouncer(options: AnnouncerOptions) {
  function raiseOne({ next: alert, value, market, positionId }: Change, accountName: string): void {
    const rule = alert.rule;
    const watch = { ruleId: alert.id, rearm: alert.rearm, direction: rule.direction, threshold: rule.threshold, value };
    const at = alert.lastFiredAt ?? options.now();
    if (rule.kind === 'distance') {
      options.raise({ kind: 'threshold', accountId: rule.accountId, accountName, positionId: positionId ?? 0, market: market ?? '', distancePercent: value, thresholdPercent: rule.threshold, watch, at });
    } else {
      const kind = rule.kind === 'price' ? 'price' : 'margin_fraction';
      options.raise({ kind, accountId: rule.accountId, accountName, positionId: 0, market: rule.kind === 'price' ? rule.market : '', distancePercent: null, thresholdPercent: null, watch, at });
    }
  }

  return {
    announce(fired: Change[]): void {
      void (async () => {
        const names = new Map((await options.accounts()).map((a) => [a.id, a.name]));
        for (let from = 0; from < fired.length; from += RAISE_SLICE) {
          if (from > 0) await new Promise((resolve) => setImmediate(resolve));
          if (options.isClosed()) return;
          for (const change of fired.slice(from, from + RAISE_SLICE)) raiseOne(change, names.get(change.next.rule.accountId) ?? change.next.rule.accountId);
        }
      })().catch((error: unknown) => options.onError?.('price alerts: accounts could not be read to word an alert', error));
    },
  };
}
