/**
 * Rendering helpers for view tests: a fresh QueryClient per test (with the app's real defaults and
 * retry policy), the fake bridge installed where the preload would put it. What tests leave behind
 * is reset by reset.ts, a setup file.
 */
import { liveOff } from '../../shared/model/live';
import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../i18n';
import type { AccountSummary } from '../../shared/model/accounts';
import type { Settings } from '../../shared/model/settings';
import { createQueryClient } from '../api/queries';
import { createFakeBridge, type FakeBridge } from './fakeBridge';

export const DEFAULT_SETTINGS: Settings = { refreshIntervalMs: 0, hideSmallBelow: '0', theme: 'system', quote: 'USDT', language: 'system', lastView: '' };

export const DEMO_ACCOUNT: AccountSummary = {
  id: 'demo',
  name: 'Demo',
  region: 'custom',
  baseUrl: 'http://127.0.0.1:1',
  isDemo: true,
  apiKeyMasked: 'demo…demo',
  hasSecret: true,
  notifyPositions: false,
  alertThresholdPercent: null,
  eea: false,
};

export const REAL_ACCOUNT: AccountSummary = {
  id: 'main',
  name: 'Main',
  region: 'global',
  baseUrl: 'https://whitebit.com',
  isDemo: false,
  apiKeyMasked: 'ab12…yz89',
  hasSecret: true,
  notifyPositions: false,
  alertThresholdPercent: null,
  eea: false,
};

/** A bridge that already answers the shell's own questions (settings, accounts). */
export function installBridge(accounts: AccountSummary[] = [DEMO_ACCOUNT], settings: Settings = DEFAULT_SETTINGS): FakeBridge {
  const bridge = createFakeBridge();
  bridge.reply('settings.get', { settings, notice: null, forgottenAccounts: 0 });
  bridge.reply('alerts.log', { alerts: [], status: { watching: false, worst: 'unknown', count: 0, checkedAt: null, failedAccounts: [], priceAlertsArmed: 0 } });
  bridge.handle('settings.update', (patch) => ({ ...settings, ...patch }) as Settings);
  bridge.reply('accounts.list', { accounts, activeAccountId: accounts[0]?.id ?? '' });
  bridge.reply('database.status', { available: true, file: 'desk.sqlite3' });
  // No live feed unless a test says otherwise, as main answers for an account with alerts off.
  bridge.handle('live.get', ({ accountId }) => liveOff(accountId));
  (globalThis as { exchange?: unknown }).exchange = bridge;
  return bridge;
}

export function renderWithQuery(ui: ReactElement) {
  const client = createQueryClient();
  return { client, ...render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </I18nProvider>,
    ) };
}

/** Chooses `value` in a searchable picker (Combobox) as a person does: types it, clicks its option. */
export async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, value: string): Promise<void> {
  const input = await screen.findByRole('combobox', { name: label });
  await user.clear(input);
  await user.type(input, value);
  await user.click(screen.getByRole('option', { name: new RegExp(`^${value} `) }));
}
