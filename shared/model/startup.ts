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
  settings: { settings: Settings; notice: string | null };
  /** As `accounts.list`. */
  accounts: { accounts: AccountSummary[]; activeAccountId: string };
  /** Null when the landing data was not ready in time: the page then asks for it itself. */
  landing: LandingAnswers | null;
}

/**
 * The first screen, rendered by the main process into the page it serves: the page paints
 * the landing view the moment its HTML and styles arrive, as a static page would, and the app takes it
 * over once its scripts have run. The bootstrap travels with it as a JSON data block (never run), so
 * the page does not ask for it again.
 */
export const FIRST_SCREEN = {
  /** The id of the `<script type="application/json">` holding the Bootstrap. */
  dataId: 'desk-first-screen',
  /** Set on #root while it holds the rendered first screen: the app removes it when it takes over. */
  pendingAttribute: 'data-first-screen',
  /** On the data block when a first screen was rendered: the language it is written in. */
  languageAttribute: 'data-language',
} as const;

export interface FirstScreenMarkup {
  /** The markup of #root's content. */
  html: string;
  /** The language it is written in (`<html lang>`). */
  language: string;
}

/**
 * Renders the landing view for a bootstrap, in the language the settings choose or, for "system",
 * the first of the asking browser's languages the app has; null when the first view is not one it
 * renders (another saved view, no landing data).
 */
export type RenderFirstScreen = (boot: Bootstrap, browserLanguages: readonly string[]) => FirstScreenMarkup | null;
