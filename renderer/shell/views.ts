import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountSummary } from '../../shared/model/accounts';
import { VIEW_LIST, type ViewId } from '../../shared/navigation';
import { BalancesView } from '../features/balances/BalancesView';
import { withViewMessages } from '../i18n';
import { retryableLazy } from './retryableLazy';

export interface ViewProps {
  account: AccountSummary;
}

/** Each view other than Balances, as the import of its own chunk (and of its messages). */
const VIEW_CHUNKS = {
  codes: () => withViewMessages(import('../features/codes/CodesView')).then((m) => ({ default: m.CodesView })),
  positions: () => withViewMessages(import('../features/positions/PositionsView')).then((m) => ({ default: m.PositionsView })),
  flex: () => withViewMessages(import('../features/flex/FlexView')).then((m) => ({ default: m.FlexView })),
  withdrawals: () => withViewMessages(import('../features/withdrawals/WithdrawView')).then((m) => ({ default: m.WithdrawView })),
  transactions: () => withViewMessages(import('../features/transactions/TransactionsView')).then((m) => ({ default: m.TransactionsView })),
  history: () => withViewMessages(import('../features/history/HistoryView')).then((m) => ({ default: m.HistoryView })),
  accounts: () => withViewMessages(import('../features/accounts/AccountsView')).then((m) => ({ default: m.AccountsView })),
  settings: () => withViewMessages(import('../features/settings/SettingsView')).then((m) => ({ default: m.SettingsView })),
  subaccounts: () => withViewMessages(import('../features/subAccounts/SubAccountsView')).then((m) => ({ default: m.SubAccountsView })),
  deposit: () => withViewMessages(import('../features/deposits/DepositView')).then((m) => ({ default: m.DepositView })),
  alerts: () => withViewMessages(import('../features/alerts/AlertsView')).then((m) => ({ default: m.AlertsView })),
} satisfies Record<Exclude<ViewId, 'balances'>, () => Promise<{ default: ComponentType<ViewProps> }>>;

/**
 * Each view is its own chunk, so the first paint only loads the shell and the open view. Balances
 * is the landing view, so it ships with the shell: a lazy chunk there would add a round trip
 * (about 300 ms measured by bench:ui) before the first balance row. A view whose chunk failed to
 * load tries again on its Retry (retryableLazy.ts).
 */
const COMPONENTS: Record<ViewId, ComponentType<ViewProps>> = {
  balances: BalancesView,
  codes: retryableLazy(VIEW_CHUNKS.codes),
  positions: retryableLazy(VIEW_CHUNKS.positions),
  flex: retryableLazy(VIEW_CHUNKS.flex),
  withdrawals: retryableLazy(VIEW_CHUNKS.withdrawals),
  transactions: retryableLazy(VIEW_CHUNKS.transactions),
  history: retryableLazy(VIEW_CHUNKS.history),
  accounts: retryableLazy(VIEW_CHUNKS.accounts),
  settings: retryableLazy(VIEW_CHUNKS.settings),
  subaccounts: retryableLazy(VIEW_CHUNKS.subaccounts),
  deposit: retryableLazy(VIEW_CHUNKS.deposit),
  alerts: retryableLazy(VIEW_CHUNKS.alerts),
};

/** Every other view's chunk, to fetch while the page is idle (renderer/shell/idle.ts). */
export const OTHER_VIEW_CHUNKS: ReadonlyArray<() => Promise<unknown>> = Object.values(VIEW_CHUNKS);

/** Views that work without any account (the others ask for one first). */
export const ACCOUNTLESS_VIEWS: ReadonlySet<ViewId> = new Set(['accounts', 'settings']);

/** The page's names for the views, in the chosen language (the Electron menu uses shared/navigation.ts's English). */
const LABELS: Record<ViewId, MessageDescriptor> = {
  balances: msg`Balances`,
  codes: msg`Codes`,
  positions: msg`Positions`,
  flex: msg`Flex plans`,
  withdrawals: msg`Withdraw`,
  transactions: msg`Transactions`,
  history: msg`History`,
  accounts: msg`Accounts`,
  settings: msg`Settings`,
  subaccounts: msg`Sub-accounts`,
  deposit: msg`Receive`,
  alerts: msg`Alerts`,
};

/** The order and ids come from shared/navigation.ts (the Electron menu lists the same). */
export const VIEWS: ReadonlyArray<{ id: ViewId; label: MessageDescriptor; component: ComponentType<ViewProps> }> = VIEW_LIST.map((v) => ({ id: v.id, label: LABELS[v.id], component: COMPONENTS[v.id] }));
