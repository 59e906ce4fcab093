/**
 * Whether an alert's rule names a known account and a market its exchange lists. The market list
 * is the account's public ticker, held a minute (the Alerts view's market picker reads it too).
 */
import { AppFailure } from '../../../shared/errors';
import type { PriceAlertRule } from '../../../shared/model/priceAlerts';

const MARKETS_TTL_MS = 60_000;

export function refuse(field: string, code: string, message: string): never {
  throw new AppFailure({ kind: 'validation', message, fields: { [field]: [code] } });
}

export interface MarketCheckOptions {
  accounts: () => Promise<{ id: string; name: string }[]>;
  exchangeOf: (accountId: string) => Promise<{ ticker: (signal?: AbortSignal) => Promise<Record<string, string>> }>;
  now: () => number;
}

export function createMarketCheck(options: MarketCheckOptions) {
  const marketsOf = new Map<string, { at: number; prices: Promise<Record<string, string>> }>();

  /** The account's markets and their last prices; a failed read is not held. */
  function prices(accountId: string): Promise<Record<string, string>> {
    const held = marketsOf.get(accountId);
    if (held && options.now() - held.at < MARKETS_TTL_MS) return held.prices;
    const read = (async () => (await options.exchangeOf(accountId)).ticker())();
    marketsOf.set(accountId, { at: options.now(), prices: read });
    read.catch(() => marketsOf.delete(accountId));
    return read;
  }

  return {
    prices,
    async checkRule(rule: PriceAlertRule): Promise<void> {
      if (!(await options.accounts()).some((a) => a.id === rule.accountId)) refuse('accountId', 'unknown_account', 'There is no such account.');
      const market = rule.kind === 'marginFraction' ? null : rule.market;
      if (market === null) return;
      let listed: Record<string, string>;
      try {
        listed = await prices(rule.accountId);
      } catch {
        refuse('market', 'markets_unavailable', 'The exchange’s market list could not be read; try again.');
      }
      if (!(market in listed)) refuse('market', 'unknown_market', 'The exchange has no such market.');
    },
  };
}
