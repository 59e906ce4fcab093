/**
 * UI state only: which view is open and the choices a person made inside views. Server data never
 * lives here (it belongs to TanStack Query), and nothing here is persisted: revealed codes are
 * forgotten on reload on purpose.
 */
import { create } from 'zustand';
import type { CodeList } from '../../shared/model/codes';

export const VIEW_IDS = ['balances', 'codes', 'positions', 'flex', 'withdrawals', 'transactions', 'accounts'] as const;
export type ViewId = (typeof VIEW_IDS)[number];

export type SortDirection = 'asc' | 'desc';

export interface BalancesUi {
  search: string;
  sortBy: 'ticker' | 'amount';
  sortDirection: SortDirection;
  hideSmall: boolean;
  /** The real exchange lists every asset, most at "0": zero rows are hidden unless asked for. */
  showZero: boolean;
}

export interface CodesUi {
  /** The codes this account created, or its codes history. */
  list: CodeList;
  pageSize: number;
  offset: number;
}

export interface UiState {
  view: ViewId;
  balances: BalancesUi;
  codes: CodesUi;
  /** Code rows whose value the person chose to reveal, keyed by `revealKey(accountId, row)`. */
  revealedCodes: Record<string, true>;
  dismissedNotice: string | null;

  setView(view: ViewId): void;
  setBalances(patch: Partial<BalancesUi>): void;
  setCodes(patch: Partial<CodesUi>): void;
  toggleReveal(key: string): void;
  hideAllCodes(): void;
  dismissNotice(notice: string): void;
}

type UiData = Pick<UiState, 'view' | 'balances' | 'codes' | 'revealedCodes' | 'dismissedNotice'>;

export const INITIAL_UI: UiData = {
  view: 'balances',
  balances: { search: '', sortBy: 'amount', sortDirection: 'desc', hideSmall: false, showZero: false },
  codes: { list: 'my', pageSize: 30, offset: 0 },
  revealedCodes: {},
  dismissedNotice: null,
};

export const useUi = create<UiState>()((set) => ({
  ...INITIAL_UI,
  setView: (view) => set({ view }),
  setBalances: (patch) => set((s) => ({ balances: { ...s.balances, ...patch } })),
  setCodes: (patch) => set((s) => ({ codes: { ...s.codes, ...patch } })),
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
