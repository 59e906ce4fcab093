/**
 * The awkward shapes the real exchange documents, end to end in the browser: a position
 * opened by a trigger order (null price fields), a fiat withdrawal through a provider with the
 * payout fields it requires, a Travel Rule withdrawal from an EEA account, and a withdrawal the
 * exchange pays only in part (status 18). Demo where Demo can show it; the test's own simulator
 * where the exchange must enforce something (its EEA account refuses crypto without Travel Rule).
 */
import { add, mul, roundForDisplay, sub } from '../shared/money/decimal';
import { expect, openView, test } from './fixtures';
import { acceptNewDestination, chooseCountry, confirmation, CRYPTO_ADDRESS, fillTravelRuleKraken, fillWithdrawal, markedTronAddress, form, ledger, status, useSimulatorAccount } from './withdrawals-helpers';

const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';

test.describe('what the real exchange sends', () => {
  test('Demo: a position opened by a trigger order shows its empty fields as pending, never NaN or a failed list', async ({ page }) => {
    await openView(page, 'Positions');
    const pending = page.locator('.position-pending').first();
    await expect(pending).toBeVisible();
    const main = page.locator('main');
    await expect(main).not.toContainText('NaN');
    await expect(main).not.toContainText('could not be read');
    // The other positions are still listed beside the pending one.
    await expect(page.getByTestId('position-card').nth(1)).toBeVisible();
  });

  test('Demo: zero balances, listed by the exchange for every asset, are not rows, and their count is shown', async ({ page, simulator }) => {
    // Demo embeds a simulator from the same seed as the test's own: its ledger names an asset Demo holds none of.
    const mainKey = simulator.accounts.find((a) => a.name === 'Main (B2B)')!.apiKey;
    const balances = (await ledger(simulator, mainKey)).balances;
    const assets = Object.keys((await (await fetch(`${simulator.url}/api/v4/public/assets`)).json()) as Record<string, unknown>);
    const zeroTicker = assets.find((t) => /^[A-Z]{3,5}$/.test(t) && (balances[t] ?? '0') === '0');
    expect(zeroTicker).toBeDefined();
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    await expect(page.getByTestId('hidden-zero-count')).toHaveText(/^\d+ assets at zero not listed$/);
    await page.getByRole('checkbox', { name: 'Hide small balances' }).uncheck();
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(zeroTicker!);
    const zeroRow = page.getByTestId('balance-row').filter({ has: page.locator('.cell-main', { hasText: new RegExp(`^${zeroTicker}$`) }) });
    await expect(zeroRow).toHaveCount(0);
  });

  test('Demo: an asset with a direct market is worth its total times the price the exchange quotes, to the last decimal', async ({ page }) => {
    await expect(page.getByTestId('balance-row').first()).toBeVisible();
    await expect(page.getByTestId('total-value')).toHaveAttribute('title', /^\d+(\.\d+)? USDT$/);
    for (const ticker of ['BTC', 'ETH', 'SOL']) {
      await page.getByRole('searchbox', { name: 'Search assets' }).fill(ticker);
      const row = page.locator(`[data-testid="balance-row"][data-asset="${ticker}"]`);
      const total = (await row.getByTestId('balance-total').getAttribute('title'))!;
      const value = (await row.getByTestId('balance-value').getAttribute('title'))!;
      const [, shown, price] = /^(\S+) USDT at (\S+) USDT$/.exec(value)!;
      // The valuation rounds to 8 decimals, half up; written without trailing zeros.
      const expected = roundForDisplay(mul(total, price!), 8).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
      expect(shown, ticker).toBe(expected);
    }
  });

  test('Demo: a EUR payout through SEPA asks for the beneficiary and BIC, prices the provider fee, and is sent', async ({ page }) => {
    await openView(page, 'Withdraw');
    await fillWithdrawal(page, { ticker: 'EUR', provider: 'SEPA', address: 'DE89370400440532013000', amount: '100' });
    const f = form(page);
    const payout = f.getByTestId('fiat-fields');
    await expect(payout).toBeVisible();
    await expect(payout.getByLabel('Your IP address')).toHaveCount(0);
    // The fee entry is keyed by the provider id EUR_SEPA_BCB: 0.05 %, at least 3, at most 7.25.
    await expect(f.getByTestId('preview-fee')).toHaveText('+ 3 EUR');
    await expect(f.getByTestId('preview-total')).toHaveText('103 EUR');
    await f.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(payout.locator('.field__error').first()).toBeVisible();
    await expect(confirmation(page)).toHaveCount(0);
    await payout.getByLabel('Beneficiary first name').fill('Jane');
    await payout.getByLabel('Beneficiary last name').fill('Smith');
    await payout.getByLabel('Bank BIC (SWIFT)').fill('DEUTDEFF');
    await f.getByRole('button', { name: 'Review withdrawal' }).click();
    const c = confirmation(page);
    await expect(c).toContainText('Jane Smith');
    await expect(c).toContainText('DEUTDEFF');
    await expect(c.getByTestId('confirm-total')).toHaveText('103 EUR');
    await acceptNewDestination(page);
    await c.getByRole('button', { name: 'Send 100 EUR' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'sent');
  });

  test('EEA account: a crypto withdrawal carries the Travel Rule details, which the exchange checks', async ({ page, simulator }) => {
    const { apiKey } = await useSimulatorAccount(page, simulator, 'EEA (Travel Rule)');
    // A custom-region account is not EEA by default: the person says so on the account card.
    await openView(page, 'Accounts');
    const eea = page.getByRole('listitem', { name: 'EEA (Travel Rule)' }).getByRole('checkbox', { name: /EEA account/ });
    await eea.check();
    await expect(eea).toBeChecked();
    await openView(page, 'Withdraw');

    await fillWithdrawal(page, { ticker: 'BTC', address: BTC_ADDRESS, amount: '0.01' });
    const f = form(page);
    const travelRule = f.getByTestId('travel-rule-section');
    await expect(travelRule).toBeVisible();
    await f.getByRole('button', { name: 'Review withdrawal' }).click();
    await expect(confirmation(page)).toHaveCount(0);

    await fillTravelRuleKraken(page, 'DEU');
    await f.getByRole('button', { name: 'Review withdrawal' }).click();

    const c = confirmation(page);
    // The platform the person picked, by its name; the id it is sent as only on hover.
    await expect(c.getByTestId('confirm-travel-rule-vasp')).toHaveText('Kraken');
    await expect(c.getByTestId('confirm-travel-rule-vasp')).toHaveAttribute('title', /^Sent to the exchange as platform id \S+$/);
    await expect(c.getByTestId('confirm-travel-rule-beneficiary')).toHaveText('John Doe (individual), resident in Germany (DEU)');
    await expect(c.getByTestId('confirm-travel-rule-address')).toHaveText('Alexanderplatz 1, Berlin, Germany (DEU)');
    const before = (await ledger(simulator, apiKey)).balances.BTC!;
    await acceptNewDestination(page);
    await c.getByRole('button', { name: 'Send 0.01 BTC' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'sent');
    const after = await ledger(simulator, apiKey);
    expect(after.debits).toHaveLength(1);
    expect(after.balances.BTC).toBe(sub(before, add('0.01', after.debits[0]!.fee)));
  });

  test('Demo, EEA account ticked: the Travel Rule section (VASP typed by name where no list is offered) goes out with the withdrawal', async ({ page }) => {
    await openView(page, 'Accounts');
    const eea = page.getByRole('listitem', { name: /Demo/ }).getByRole('checkbox', { name: /EEA account/ });
    await eea.check();
    await expect(eea).toBeChecked();
    await openView(page, 'Withdraw');
    await fillWithdrawal(page, { ticker: 'BTC', address: BTC_ADDRESS, amount: '0.01' });
    const f = form(page);
    const travelRule = f.getByTestId('travel-rule-section');
    await travelRule.getByLabel('Receiving wallet').selectOption('hosted');
    // The demo exchange answers the VASP list with "disabled for your region": the name is typed instead.
    await travelRule.getByLabel('Platform name').fill('Example Custody GmbH');
    await travelRule.getByLabel('Beneficiary is').selectOption('entity');
    await travelRule.getByLabel('Full legal name').fill('Acme Trading Ltd');
    await chooseCountry(page, 'Country of residence', 'gbr', 'United Kingdom · GBR');
    await chooseCountry(page, 'Country', 'United King', 'United Kingdom · GBR');
    await travelRule.getByLabel('City').fill('London');
    await travelRule.getByLabel('Street address').fill('123 Finsbury Square');
    await f.getByRole('button', { name: 'Review withdrawal' }).click();
    const c = confirmation(page);
    await expect(c.getByTestId('confirm-travel-rule-vasp')).toHaveText('Example Custody GmbH');
    await expect(c.getByTestId('confirm-travel-rule-beneficiary')).toHaveText('Acme Trading Ltd (entity), resident in United Kingdom (GBR)');
    await acceptNewDestination(page);
    await c.getByRole('button', { name: 'Send 0.01 BTC' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'sent');
  });

  test('Demo: a withdrawal paid only in part (status 18) stays followed and shows requested vs processed amounts', async ({ page }) => {
    await openView(page, 'Withdraw');
    // The simulator pays half of a withdrawal whose address contains "partial" (its README).
    await fillWithdrawal(page, { ticker: 'USDT', network: 'TRC20', address: markedTronAddress('partial'), amount: '50' });
    await form(page).getByRole('button', { name: 'Review withdrawal' }).click();
    await acceptNewDestination(page);
    await confirmation(page).getByRole('button', { name: 'Send 50 USDT' }).click();
    await expect(status(page)).toHaveAttribute('data-state', 'sent');
    await expect(status(page).getByTestId('withdrawal-status-label')).toHaveText('Partially successful', { timeout: 60_000 });
    await expect(status(page).getByTestId('status-partial-requested')).toHaveText('50 USDT');
    await expect(status(page).getByTestId('status-partial-processed')).toHaveText('25 USDT');
    // The exchange's status code is said in words; the number itself only on hover.
    await expect(status(page).getByTestId('status-history-status')).toHaveText('Partially successful');
    await expect(status(page).getByTestId('status-history-status')).toHaveAttribute('title', 'The exchange records this as status 18');
    await expect(status(page)).not.toContainText('Exchange status code');
  });
});

test.describe('the status card says what really happened', () => {
  test('Demo: a canceled withdrawal says nothing was debited; a successful one shows its hash, copyable, and its explorer link', async ({ page }) => {
    await openView(page, 'Withdraw');
    // The simulator cancels a withdrawal whose address contains "cancel" (its README).
    await fillWithdrawal(page, { ticker: 'USDT', network: 'TRC20', address: markedTronAddress('cancel'), amount: '20' });
    await form(page).getByRole('button', { name: 'Review withdrawal' }).click();
    await acceptNewDestination(page);
    await confirmation(page).getByRole('button', { name: 'Send 20 USDT' }).click();
    await expect(status(page).getByTestId('withdrawal-status-label')).toHaveText('Canceled', { timeout: 60_000 });
    await expect(status(page).getByTestId('status-total')).toHaveText('Nothing: the withdrawal was canceled');
    await expect(status(page)).not.toContainText('Balance falls by');

    await status(page).getByRole('button', { name: 'New withdrawal' }).click();
    await fillWithdrawal(page, { ticker: 'USDT', network: 'TRC20', address: CRYPTO_ADDRESS, amount: '21' });
    await form(page).getByRole('button', { name: 'Review withdrawal' }).click();
    await acceptNewDestination(page);
    await confirmation(page).getByRole('button', { name: 'Send 21 USDT' }).click();
    await expect(status(page).getByTestId('withdrawal-status-label')).toHaveText('Successful', { timeout: 60_000 });
    const hash = status(page).getByTestId('status-transaction-hash');
    await expect(hash).toHaveText(/^[0-9a-f]{64}$/);
    const link = status(page).getByTestId('status-explorer-link');
    await expect(link).toHaveAttribute('href', `https://tronscan.org/#/transaction/${await hash.textContent()}`);
    await expect(status(page).getByRole('button', { name: /Copy transaction hash/ })).toBeVisible();
  });
});
