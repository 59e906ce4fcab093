/**
 * Helpers for the withdrawal specs: an account on the test's own simulator made active, the
 * simulator's ledger read through its admin API, and the withdraw form driven as a person would.
 */
import type { Page } from '@playwright/test';
import type { RunningSimulator } from '../electron/simulator';
import { bitcoinAddress, EVM, tronAddress, TRON, XRP } from '../shared/addresses/test/sampleAddresses';
import { addAccount, expect, openView } from './fixtures';

/** Valid addresses of each network's format (the app checks the format before anything is sent). */
export const CRYPTO_ADDRESS = TRON;
export const BTC_ADDRESS = bitcoinAddress();
export const ETH_ADDRESS = EVM;
export const XRP_ADDRESS = XRP;
/** A valid Tron address carrying one of the simulator's settlement markers ("cancel", "partial"…). */
export const markedTronAddress = tronAddress;
/** A valid Bitcoin address the simulator refuses (code 2): it contains "invalid". */
export const EXCHANGE_REFUSED_BTC_ADDRESS = bitcoinAddress('invalid');

export interface LedgerDebit {
  uniqueId: string;
  ticker: string;
  amount: string;
  fee: string;
  total: string;
  kind: string;
  /** The Travel Rule data as the exchange received it. */
  travelRule?: { walletType: string; beneficiary: { residenceCountry: string; address: { country: string } } & Record<string, unknown>; vaspData?: Record<string, string> };
}

/** Adds the simulator account `name` through the Accounts view, makes it active, opens Withdraw. */
export async function useSimulatorAccount(page: Page, simulator: RunningSimulator, name = 'Main (B2B)'): Promise<{ apiKey: string }> {
  const account = simulator.accounts.find((a) => a.name === name)!;
  await addAccount(page, { name, baseUrl: simulator.url, apiKey: account.apiKey, apiSecret: account.apiSecret });
  await expect(page.getByRole('listitem', { name })).toContainText('Stored in keychain');
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: name });
  await openView(page, 'Withdraw');
  await expect(page.getByRole('heading', { name: 'New withdrawal' })).toBeVisible();
  return { apiKey: account.apiKey };
}

export async function admin(simulator: RunningSimulator, method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${simulator.url}/__admin/${route}`, {
    method,
    headers: { 'X-Admin-Token': simulator.adminToken, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`admin ${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function ledger(simulator: RunningSimulator, apiKey: string): Promise<{ balances: Record<string, string>; debits: LedgerDebit[] }> {
  const view = (await admin(simulator, 'GET', `ledger?apiKey=${encodeURIComponent(apiKey)}`)) as { balances: Record<string, string>; debits: LedgerDebit[] };
  return { balances: view.balances, debits: view.debits.filter((d) => d.kind === 'withdrawal') };
}

export const form = (page: Page) => page.getByRole('form', { name: 'New withdrawal' });

export async function fillWithdrawal(page: Page, values: { ticker: string; network?: string; provider?: string; memo?: string; address: string; amount: string }): Promise<void> {
  const f = form(page);
  await chooseAsset(page, values.ticker);
  if (values.network) await f.getByLabel('Network').selectOption(values.network);
  if (values.provider) await f.getByLabel('Payment provider').selectOption(values.provider);
  if (values.memo) await f.getByLabel('Memo / destination tag').fill(values.memo);
  await f.getByLabel(values.provider ? 'Card token or account' : 'Receiving address').fill(values.address);
  await f.getByLabel(/Amount the receiver gets/).fill(values.amount);
}

/** Picks an asset in the searchable picker as a person does: types the ticker, clicks its option. */
export async function chooseAsset(page: Page, ticker: string): Promise<void> {
  const picker = form(page).getByRole('combobox', { name: 'Asset' });
  await picker.fill(ticker);
  await form(page).getByRole('option', { name: new RegExp(`^${ticker} ·`) }).click();
  await expect(picker).toHaveValue(new RegExp(`^${ticker} ·`));
}

/** Picks a Travel Rule country as a person does: types part of its name or its code, clicks the option ("Germany · DEU"). */
export async function chooseCountry(page: Page, label: string, typed: string, option: string): Promise<void> {
  const section = form(page).getByTestId('travel-rule-section');
  const picker = section.getByRole('combobox', { name: label, exact: true });
  await picker.fill(typed);
  await section.getByRole('option', { name: option, exact: true }).click();
  await expect(picker).toHaveValue(option);
}

/**
 * Fills the Travel Rule section for a hosted wallet at Kraken, beneficiary John Doe of Berlin,
 * Germany; `countryCode` is typed into the address's country picker (the residence is found by name).
 */
export async function fillTravelRuleKraken(page: Page, countryCode: string): Promise<void> {
  const travelRule = form(page).getByTestId('travel-rule-section');
  await travelRule.getByLabel('Receiving wallet').selectOption('hosted');
  await travelRule.getByLabel('Receiving platform (VASP)').selectOption({ label: 'Kraken' });
  await travelRule.getByLabel('Beneficiary is').selectOption('individual');
  await travelRule.getByLabel('First name').fill('John');
  await travelRule.getByLabel('Last name').fill('Doe');
  await chooseCountry(page, 'Country of residence', 'Germany', 'Germany · DEU');
  await chooseCountry(page, 'Country', countryCode, 'Germany · DEU');
  await travelRule.getByLabel('City').fill('Berlin');
  await travelRule.getByLabel('Street address').fill('Alexanderplatz 1');
}

export const confirmation = (page: Page) => page.getByRole('region', { name: 'Confirm the withdrawal' });
export const status = (page: Page) => page.getByTestId('withdrawal-status');

/** The confirmation's withdrawal id. */
export async function confirmedUniqueId(page: Page): Promise<string> {
  const text = (await confirmation(page).getByTestId('confirm-unique-id').textContent()) ?? '';
  expect(text).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  return text;
}

/** A balance as the Balances view shows it (exact decimal text in the cell's title). */
export async function balanceInUi(page: Page, ticker: string, search: string): Promise<string> {
  await openView(page, 'Balances');
  await page.getByRole('searchbox', { name: 'Search assets' }).fill(search);
  const row = page.getByTestId('balance-row').filter({ has: page.locator('.cell-main', { hasText: new RegExp(`^${ticker}$`) }) });
  await expect(row).toHaveCount(1);
  // The Main column: withdrawals come out of the main balance.
  return (await row.getByTestId('balance-main').getAttribute('title')) ?? '';
}

/**
 * A first payment to an address asks for one more deliberate step on the confirmation: this ticks
 * its box when it is there (the address is new to this test's database), and does nothing otherwise.
 */
export async function acceptNewDestination(page: Page): Promise<void> {
  await confirmation(page).getByRole('button', { name: /^Send / }).waitFor();
  const box = confirmation(page).getByLabel('I checked this new address with the receiver');
  if ((await box.count()) > 0) await box.check();
}
