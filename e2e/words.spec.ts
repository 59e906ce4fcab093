/**
 * Words a person can act on: a Travel Rule refusal points to the "EEA account" tick and sets it,
 * countries are picked by name (the exchange receives alpha-3), the card payout's IP field says what
 * it asks for, and one screen shows dates and times in one style, in English and in Ukrainian.
 */
import type { Page } from '@playwright/test';
import { expect, openView, test } from './fixtures';
import { acceptNewDestination, BTC_ADDRESS, confirmation, fillTravelRuleKraken, fillWithdrawal, form, ledger, status, useSimulatorAccount } from './withdrawals-helpers';

test.describe('Travel Rule and card payouts without traps', () => {
  test('a Travel Rule refusal on an account not ticked as EEA points to the tick, sets it, and the form comes back to finish; countries go out as alpha-3', async ({ page, simulator }) => {
    const { apiKey } = await useSimulatorAccount(page, simulator, 'EEA (Travel Rule)');
    // Not ticked: the form asks nothing, and the exchange refuses the withdrawal.
    await fillWithdrawal(page, { ticker: 'BTC', address: BTC_ADDRESS, amount: '0.01' });
    await expect(form(page).getByTestId('travel-rule-section')).toHaveCount(0);
    await form(page).getByRole('button', { name: 'Review withdrawal' }).click();
    await acceptNewDestination(page);
    await confirmation(page).getByRole('button', { name: 'Send 0.01 BTC' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'rejected');
    const refusal = status(page).getByTestId('travel-rule-refusal');
    await expect(refusal).toContainText('“EEA account” is ticked for the account on the Accounts page, and it is not ticked for EEA (Travel Rule)');
    await refusal.getByRole('button', { name: 'Tick “EEA account” and fill in the details' }).click();

    // The form is back with what was typed, now with the Travel Rule section; the tick is set.
    const f = form(page);
    await expect(f.getByLabel('Receiving address')).toHaveValue(BTC_ADDRESS);
    const travelRule = f.getByTestId('travel-rule-section');
    await expect(travelRule).toBeVisible();
    // "Germany" is found by its name, and by its code in either case.
    await fillTravelRuleKraken(page, 'deu');
    await f.getByRole('button', { name: 'Review withdrawal' }).click();
    const c = confirmation(page);
    await expect(c.getByTestId('confirm-travel-rule-vasp')).toHaveText('Kraken');
    await acceptNewDestination(page);
    await c.getByRole('button', { name: 'Send 0.01 BTC' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'sent');

    // What the exchange received: the countries as alpha-3 codes.
    const debits = (await ledger(simulator, apiKey)).debits;
    expect(debits).toHaveLength(1);
    expect(debits[0]!.travelRule).toMatchObject({
      walletType: 'hosted',
      vaspData: { vaspId: 'vasp-002' },
      beneficiary: { type: 'individual', firstName: 'John', lastName: 'Doe', residenceCountry: 'DEU', address: { country: 'DEU', city: 'Berlin', addressLine1: 'Alexanderplatz 1' } },
    });

    await openView(page, 'Accounts');
    await expect(page.getByRole('listitem', { name: 'EEA (Travel Rule)' }).getByRole('checkbox', { name: /EEA account/ })).toBeChecked();
  });

  test('a card payout says what the customer IP is, why the provider asks and how to find it', async ({ page, simulator }) => {
    await useSimulatorAccount(page, simulator, 'EEA (Travel Rule)');
    await fillWithdrawal(page, { ticker: 'EUR', provider: 'VISAMASTER', address: '4111111111111111', amount: '100' });
    const payout = form(page).getByTestId('fiat-fields');
    const ip = payout.getByLabel('Your IP address');
    await expect(ip).toBeVisible();
    const help = payout.getByTestId('customer-ip-help');
    await expect(help).toBeVisible();
    await expect(help).toContainText('The public IP address of the internet connection you use now');
    await expect(help).toContainText('Why: the card provider checks card payouts for fraud');
    await expect(help).toContainText('How to find it:');
    // Read with the field by assistive technology too.
    await expect(ip).toHaveAccessibleDescription(/public IP address.*Why:.*How to find it:/);
  });
});

/** The view's text as a person reads it, where every date and time on it is looked for. */
async function datesOnScreen(page: Page): Promise<string> {
  return page.locator('main').innerText();
}

test.describe('one date-time style per language', () => {
  const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/;
  const SHORT_NUMERIC = /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/;

  test('English: Transactions and History show "Nov 28, 2026, 4:11:20 AM" and no other style', async ({ page }) => {
    await openView(page, 'Transactions');
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    let text = await datesOnScreen(page);
    expect(text).toMatch(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2}\s?[AP]M\b/);
    expect(text).not.toMatch(ISO_DAY);
    expect(text).not.toMatch(SHORT_NUMERIC);

    await openView(page, 'History');
    await expect(page.getByTestId('history-latest')).toBeVisible();
    await expect(page.locator('.history-asof')).toContainText(/end of [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    text = await datesOnScreen(page);
    expect(text).not.toMatch(ISO_DAY);
    expect(text).not.toMatch(SHORT_NUMERIC);
  });

  test('Ukrainian: the same screens in the Ukrainian style ("28 лист. 2026 р., 04:11:20") and no other', async ({ page }) => {
    await openView(page, 'Settings');
    await page.getByLabel('Language', { exact: true }).selectOption('uk');
    const nav = (name: string) => page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name, exact: true });
    await nav('Транзакції').click();
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    let text = await datesOnScreen(page);
    expect(text).toMatch(/\b\d{1,2} [а-яіїєґ]+\.? \d{4} р\., \d{2}:\d{2}:\d{2}\b/);
    expect(text).not.toMatch(ISO_DAY);
    expect(text).not.toMatch(SHORT_NUMERIC);
    expect(text).not.toMatch(/[AP]M\b/);

    await nav('Історія').click();
    await expect(page.getByTestId('history-latest')).toBeVisible();
    await expect(page.locator('.history-asof')).toContainText(/\d{1,2} [а-яіїєґ]+\.? \d{4} р\./);
    text = await datesOnScreen(page);
    expect(text).not.toMatch(ISO_DAY);
    expect(text).not.toMatch(SHORT_NUMERIC);
  });
});
