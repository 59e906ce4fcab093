/**
 * UI state only: which view is open and the choices a person made inside views. Server data never
 * lives here (it belongs to TanStack Query), and nothing here is persisted: revealed codes are
 * forgotten on reload on purpose. The open view and its main filter are mirrored in the URL hash
 * (shell/route.ts), and the last view is saved in settings.
 */
import { create } from 'zustand';
import type { CodeList } from '../../shared/model/codes';
import type { ViewId } from '../../shared/navigation';

// The list of views is shared with the main process (its menu lists their shortcuts).
export { VIEW_IDS, type ViewId } from '../../shared/navigation';

export type SortDirection = 'asc' | 'desc';

export interface BalancesUi {
  search: string;
  /** `amount`: the total amount held; `value`: its worth in the quote (the default); `change`: 24 h. */
  sortBy: 'ticker' | 'amount' | 'value' | 'change';
  sortDirection: SortDirection;
  /**
   * Hide what is worth less than the saved threshold in the quote currency; null until a person
   * ticks or clears the box, meaning on while there is a threshold above zero (at 0 it hides
   * nothing, and a ticked box would claim otherwise).
   */
  hideSmall: boolean | null;
  /** Every configured account summed instead of the active one; null until a person picks (then: more than one account). */
  allAccounts: boolean | null;
  /** Add the active account's sub-accounts to its total (read only when asked: one call per sub-account). */
  includeSubAccounts: boolean;
}

export interface CodesUi {
  /** The codes this account created, or its codes history. */
  list: CodeList;
  pageSize: number;
  offset: number;
}

/** The positions risk table's sort, kept while the app runs. `risk`: the main process's order. */
export interface PositionsUi {
  sortBy: 'risk' | 'market' | 'amount' | 'distance' | 'pnl' | 'leverage';
  sortDirection: SortDirection;
}

export interface UiState {
  view: ViewId;
  balances: BalancesUi;
  codes: CodesUi;
  positions: PositionsUi;
  /** Code rows whose value the person chose to reveal, keyed by `revealKey(accountId, row)`. */
  revealedCodes: Record<string, true>;
  dismissedNotice: string | null;

  setView(view: ViewId): void;
  setBalances(patch: Partial<BalancesUi>): void;
  setCodes(patch: Partial<CodesUi>): void;
  setPositions(patch: Partial<PositionsUi>): void;
  toggleReveal(key: string): void;
  hideAllCodes(): void;
  dismissNotice(notice: string): void;
}

type UiData = Pick<UiState, 'view' | 'balances' | 'codes' | 'positions' | 'revealedCodes' | 'dismissedNotice'>;

const INITIAL_UI: UiData = {
  view: 'balances',
  balances: { search: '', sortBy: 'value', sortDirection: 'desc', hideSmall: null, allAccounts: null, includeSubAccounts: false },
  codes: { list: 'my', pageSize: 30, offset: 0 },
  positions: { sortBy: 'risk', sortDirection: 'asc' },
  revealedCodes: {},
  dismissedNotice: null,
};

export const useUi = create<UiState>()((set) => ({
  ...INITIAL_UI,
  setView: (view) => set({ view }),
  setBalances: (patch) => set((s) => ({ balances: { ...s.balances, ...patch } })),
  setCodes: (patch) => set((s) => ({ codes: { ...s.codes, ...patch } })),
  setPositions: (patch) => set((s) => ({ positions: { ...s.positions, ...patch } })),
  toggleReveal: (key) =>
    set((s) => {
      const next = { ...s.revealedCodes };
      if (next[key]) delete next[key];
      else next[key] = true;
      return { revealedCodes: next };
    }),
  hideAllCodes: () => set({ revealedCodes: {} }),
  dismissNotice: (notice) => set({ dismissedNotice: notice }),
}));

/** Back to the first-launch state (tests; switching accounts also hides revealed codes). */
export function resetUi(): void {
  useUi.setState({ ...INITIAL_UI });
}
