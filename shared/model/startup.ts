/**
 * What `app.bootstrap` answers: everything the page needs to paint its landing view, in
 * one call. Each part is what its own channel would answer; the landing answers stay envelopes so
 * that a failed price or balance read reaches the page exactly as `balances.overview` would say it.
 */
import type { Envelope } from '../errors';
import type { AssetsResponse } from '../api/schemas';
import type { AccountSummary } from './accounts';
import type { BalancesOverview } from './balances';
import type { Settings } from './settings';

export interface LandingAnswers {
  /** The request these answer: `balances.overview` {accountId, quote}, `exchange.assets` {accountId}. */
  accountId: string;
  quote: string;
  overview: Envelope<BalancesOverview>;
  assets: Envelope<AssetsResponse>;
  /**
   * When the overview was answered (Unix ms). A page that opens while the app runs may get the
   * latest overview, up to a few seconds old; it dates its data with this, not with its arrival.
   */
  answeredAt: number;
}

export interface Bootstrap {
  /** As `settings.get`. */
  settings: { settings: Settings; notice: string | null; forgottenAccounts: number };
  /** As `accounts.list`. */
  accounts: { accounts: AccountSummary[]; activeAccountId: string };
  /** Null when the landing data was not ready in time: the page then asks for it itself. */
  landing: LandingAnswers | null;
}
