/**
 * A walk through every view of the app, for the layout spec (its layout and axe checks): how to open
 * each and when it has settled. The Withdraw view is visited twice: empty, and with a sent
 * withdrawal in its recent list plus a second one waiting on the confirmation card (the widest
 * state it has: the one a 1024 px window used to cut off).
 */
import type { Page } from '@playwright/test';
import { acceptNewDestination, BTC_ADDRESS } from './withdrawals-helpers';
import { expect, openView } from './fixtures';

export interface TourStop {
  /** The file-name part of its screenshot, and the name in failure messages. */
  name: string;
  open(page: Page): Promise<void>;
}

const settled = async (page: Page) => {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
};

function view(nav: string, name: string, ready: (page: Page) => Promise<void> = settled): TourStop {
  return {
    name,
    open: async (page) => {
      await openView(page, nav);
      await ready(page);
    },
  };
}

export const TOUR: readonly TourStop[] = [
  view('Balances', 'balances', async (p) => void (await expect(p.getByTestId('balance-row').first()).toBeVisible())),
  view('Codes', 'codes', async (p) => void (await expect(p.getByTestId('code-row').first()).toBeVisible())),
  view('Positions', 'positions'),
  view('Flex plans', 'flex'),
  view('Withdraw', 'withdraw'),
  {
    name: 'withdraw-confirm',
    open: async (page) => {
      await openView(page, 'Withdraw');
      const form = page.getByRole('form', { name: 'New withdrawal' });
      const fill = async (amount: string) => {
        const picker = form.getByRole('combobox', { name: 'Asset' });
        await picker.fill('BTC');
        await form.getByRole('option', { name: /^BTC ·/ }).click();
        await form.getByLabel('Receiving address').fill(BTC_ADDRESS);
        await form.getByLabel(/Amount the receiver gets/).fill(amount);
        await form.getByRole('button', { name: 'Review withdrawal' }).click();
      };
      const recent = page.getByTestId('recent-withdrawal');
      if ((await recent.count()) === 0) {
        await fill('0.001');
        await acceptNewDestination(page);
        await page.getByRole('region', { name: 'Confirm the withdrawal' }).getByRole('button', { name: /^Send / }).click();
        await expect(recent.first()).toBeVisible();
        // The status card grows while the withdrawal settles (hash, confirmations): a click aimed
        // at its button mid-growth can land on the recent list below and open that record instead.
        await expect(page.getByTestId('withdrawal-status-label')).toHaveText('Successful', { timeout: 30_000 });
        await page.getByRole('button', { name: 'New withdrawal' }).click();
      }
      await fill('0.00123456');
      await expect(page.getByRole('region', { name: 'Confirm the withdrawal' })).toBeVisible();
    },
  },
  view('Transactions', 'transactions', async (p) => void (await expect(p.getByTestId('transaction-row').first()).toBeVisible())),
  view('History', 'history', async (p) => void (await expect(p.getByTestId('history-chart').locator('canvas')).toBeVisible())),
  view('Accounts', 'accounts'),
  view('Sub-accounts', 'subaccounts'),
  view('Receive', 'receive'),
  view('Alerts', 'alerts'),
  view('Settings', 'settings'),
];
