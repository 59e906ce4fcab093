import { lazy, type ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountSummary } from '../../shared/model/accounts';
import { BalancesView } from '../features/balances/BalancesView';
import type { ViewId } from '../state/ui';

export interface ViewProps {
  account: AccountSummary;
}

/**
 * Each view is its own chunk, so the first paint only loads the shell and the open view. Balances
 * is the landing view, so it ships with the shell: a lazy chunk there would add a round trip
 * (about 300 ms measured by bench:ui) before the first balance row.
 */
export const VIEWS: ReadonlyArray<{ id: ViewId; label: MessageDescriptor; component: ComponentType<ViewProps> }> = [
  { id: 'balances', label: msg`Balances`, component: BalancesView },
  { id: 'codes', label: msg`Codes`, component: lazy(() => import('../features/codes/CodesView').then((m) => ({ default: m.CodesView }))) },
  { id: 'positions', label: msg`Positions`, component: lazy<ComponentType<ViewProps>>(() => import('../features/positions/PositionsView').then((m) => ({ default: m.PositionsView }))) },
  { id: 'flex', label: msg`Flex plans`, component: lazy<ComponentType<ViewProps>>(() => import('../features/flex/FlexView').then((m) => ({ default: m.FlexView }))) },
  { id: 'withdrawals', label: msg`Withdraw`, component: lazy<ComponentType<ViewProps>>(() => import('../features/withdrawals/WithdrawView').then((m) => ({ default: m.WithdrawView }))) },
  { id: 'transactions', label: msg`Transactions`, component: lazy<ComponentType<ViewProps>>(() => import('../features/transactions/TransactionsView').then((m) => ({ default: m.TransactionsView }))) },
  { id: 'history', label: msg`History`, component: lazy<ComponentType<ViewProps>>(() => import('../features/history/HistoryView').then((m) => ({ default: m.HistoryView }))) },
  { id: 'accounts', label: msg`Accounts`, component: lazy(() => import('../features/accounts/AccountsView').then((m) => ({ default: m.AccountsView }))) },
];
