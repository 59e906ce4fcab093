/**
 * The demo accounts and everything they own, generated from the seed: one per profile
 * (profiles.ts). Balances list every asset of the catalogue, zero where the account holds none (as
 * the exchange does); positions, codes, history and investments come from their own modules.
 */
import type { Catalogue, AssetSpec } from './catalogue';
import type { FlexPlanRecord } from './plans';
import type { CodeRecord, HistoryEntry, InvestmentRecord, Permission, PositionRecord } from '../model';
import { forkRandom } from '../random';
import { depositAddresses, type DepositAddress } from './addresses';
import { randomAmount } from './amounts';
import { codes, codesHistory } from './codes';
import { historyFor } from './history';
import { investments } from './investments';
import { PROFILES } from './profiles';
import { buildPositionsHistory, type PositionHistoryRecord } from './positionsHistory';
import { buildSubAccounts, type SubAccountSeed } from './subAccounts';

export type { DepositAddress } from './addresses';
export { randomAddress } from './addresses';

export interface AccountSeed {
  name: string;
  apiKey: string;
  apiSecret: string;
  b2b: boolean;
  eea: boolean;
  permissions: ReadonlySet<Permission>;
  balances: Map<string, string>;
  codes: CodeRecord[];
  /** Newest first; amounts signed. */
  codesHistory: CodeRecord[];
  positions: PositionRecord[];
  /** Newest first. */
  history: HistoryEntry[];
  investments: InvestmentRecord[];
  depositAddresses: Map<string, DepositAddress>;
  subAccounts: SubAccountSeed[];
  /** Newest event first. */
  positionsHistory: PositionHistoryRecord[];
}

export function buildAccounts(seed: number, catalogue: Catalogue, plans: FlexPlanRecord[]): AccountSeed[] {
  const tickers = [...catalogue.specs.keys()];
  const subAccounts = buildSubAccounts();
  return PROFILES.map((profile, index) => {
    const rng = forkRandom(seed, `account:${profile.name}`);
    const apiKey = rng.alphanumeric(32);
    const apiSecret = rng.alphanumeric(48);
    const balances = new Map<string, string>();
    if (profile.balanceShare > 0) {
      for (const ticker of tickers) {
        if (!rng.chance(profile.balanceShare)) continue;
        const spec = catalogue.specs.get(ticker) as AssetSpec;
        balances.set(ticker, randomAmount(rng, spec.precision, rng.int(1, 6)));
      }
    }
    for (const [ticker, amount] of Object.entries(profile.fixedBalances)) balances.set(ticker, amount);
    const own = depositAddresses(rng, catalogue);
    const held = [...balances.keys()];
    const ownCodes = codes(rng, profile.codes, catalogue);
    return {
      name: profile.name,
      apiKey,
      apiSecret,
      b2b: profile.b2b,
      eea: profile.eea ?? false,
      permissions: new Set(profile.permissions),
      balances,
      codes: ownCodes,
      codesHistory: codesHistory(forkRandom(seed, `codes-history:${profile.name}`), ownCodes, catalogue),
      positions: profile.positions(1000 * (index + 1) + 1),
      history: historyFor(rng, profile, catalogue, own, held),
      investments: investments(rng, profile.investments, plans),
      depositAddresses: own,
      subAccounts: subAccounts.get(profile.name) ?? [],
      positionsHistory: buildPositionsHistory(seed, profile.name, 1000 * (index + 1) + 500, profile.closedPositions),
    };
  });
}
