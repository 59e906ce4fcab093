/**
 * The withdrawal form for real accounts: Travel Rule section for EEA accounts,
 * the fiat fields a provider requires, the unknown-fee confirmation, and the words for statuses
 * 5, 18 and 21 (with a partial withdrawal's amounts). Driven through the bridge, as the app is.
 */
import { formatClock } from '../../format/format';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeeList } from '../../../shared/api/fees';
import { AssetsResponse, BalanceResponse } from '../../../shared/api/schemas';
import type { ResponseOf } from '../../../shared/ipc';
import type { AccountSummary } from '../../../shared/model/accounts';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { chooseOption, DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { WithdrawView } from './WithdrawView';

const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const IBAN = 'DE89370400440532013000';
const assets = AssetsResponse.parse({
  BTC: { name: 'Bitcoin', can_deposit: true, can_withdraw: true, min_withdraw: '0.001', max_withdraw: '0', currency_precision: 8, is_memo: false, networks: { withdraws: ['BTC'], default: 'BTC' } },
  EUR: { name: 'Euro', can_deposit: true, can_withdraw: true, min_withdraw: '10', max_withdraw: '0', currency_precision: 2, is_memo: false, providers: { withdraws: ['SEPA', 'VISAMASTER'] } },
});
// The documented shape (new at merge): fiat terms keyed by provider id. SEPA matches EUR_SEPA_BCB;
// no id contains VISAMASTER, so its fee is unknown (docs/exchange-api.md).
const fees: FeeList & { unreadable: [] } = {
  items: {
    BTC: { ticker: 'BTC', name: 'Bitcoin', is_withdrawal: true, is_api_withdrawal: true, withdraw: { min_amount: '0.001', max_amount: '0', fixed: '0.0002', flex: null }, withdrawByProvider: {} },
    EUR: {
      ticker: 'EUR',
      name: 'Euro',
      is_withdrawal: false,
      is_api_withdrawal: true,
      withdraw: null,
      withdrawByProvider: {
        EUR_SEPA_BCB: { providerId: 'EUR_SEPA_BCB', name: 'EUR SEPA BCB', is_withdrawal: true, is_api_withdrawal: true, min_amount: '10', max_amount: '14500', fixed: null, flex: { percent: '0.05', min_fee: '3', max_fee: '7.25' } },
      },
    },
  },
  unreadable: [],
};
const balance = BalanceResponse.parse({ BTC: { main_balance: '1' }, EUR: { main_balance: '1000' } });
const EEA_ACCOUNT: AccountSummary = { ...DEMO_ACCOUNT, eea: true };

function record(patch: Partial<WithdrawalRecord> = {}): WithdrawalRecord {
  return {
    uniqueId: '0b7c2a8e-5f7e-4f7e-9a51-0d7c3c1f9e21',
    accountId: DEMO_ACCOUNT.id,
    ticker: 'BTC',
    network: 'BTC',
    provider: null,
    memo: null,
    address: BTC_ADDRESS,
    amount: '0.5',
    fee: '0.0002',
    totalDebit: '0.5002',
    quotedAt: 1_700_000_000_000,
    debitedAmount: null,
    debitedFee: null,
    newDestination: false,
    travelRule: null,
    beneficiary: null,
    bankBic: null,
    customerIp: null,
    state: 'prepared',
    phase: null,
    historyStatus: null,
    partial: null,
    confirmations: null,
    lastError: null,
    createdAt: 1_760_000_000_000,
    updatedAt: 1_760_000_000_000,
    lastSentAt: null,
    discardedAt: null,
    ...patch,
  };
}

const VASPS: ResponseOf<'withdrawals.vasps'> = { available: true, vasps: [{ vaspId: 'vasp-001', name: 'Famous Vasp Inc' }], unreadable: 0, regionUnavailable: false };

function setup(account: AccountSummary = DEMO_ACCOUNT, vasps = VASPS, recorded: WithdrawalRecord[] = []) {
  const bridge = installBridge([account]);
  bridge.reply('exchange.assets', assets);
  // The bridge speaks today's response types; the view reads the documented `{items}` shape too.
  bridge.reply('exchange.fees', { ...fees, accountSchedule: 'not_permitted', accountTerms: [] } as never);
  bridge.reply('exchange.balance', balance);
  bridge.reply('withdrawals.list', recorded);
  bridge.reply('withdrawals.vasps', vasps);
  renderWithQuery(<WithdrawView account={account} />);
  return { bridge, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function startBtc(user: User) {
  await chooseOption(user, 'Asset', 'BTC');
  await user.type(screen.getByLabelText('Receiving address'), BTC_ADDRESS);
  await user.type(screen.getByLabelText(/Amount the receiver gets/), '0.5');
}

/** Countries are chosen from the list by name or code; the option reads "Germany · DEU". */
async function pickCountry(user: User, section: HTMLElement, label: string, typed: string, name: string) {
  const input = within(section).getByRole('combobox', { name: label });
  await user.clear(input);
  await user.type(input, typed);
  await user.click(within(section).getByRole('option', { name: new RegExp(`^${name} `) }));
}

describe('Travel Rule section (EEA accounts)', () => {
  it('does not appear for an account that is not EEA', async () => {
    const { user } = setup();
    await startBtc(user);
    expect(screen.queryByTestId('travel-rule-section')).toBeNull();
  });

  it('appears for crypto from an EEA account, is validated before anything is sent, is sent structured, and repeated on the confirmation', async () => {
    const { bridge, user } = setup(EEA_ACCOUNT);
    await startBtc(user);
    const section = screen.getByTestId('travel-rule-section');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(within(section).getByText(/Wallet type must say whether the receiving wallet is hosted/)).toBeTruthy();
    expect(bridge.callsTo('withdrawals.prepare')).toEqual([]);

    await user.selectOptions(within(section).getByLabelText('Receiving wallet'), 'hosted');
    await user.selectOptions(within(section).getByLabelText('Receiving platform (VASP)'), 'vasp-001');
    await user.selectOptions(within(section).getByLabelText('Beneficiary is'), 'individual');
    await user.type(within(section).getByLabelText('First name'), 'John');
    await user.type(within(section).getByLabelText('Last name'), 'Doe');
    // Typed but not chosen: nothing is taken from half a name.
    await user.type(within(section).getByRole('combobox', { name: 'Country of residence' }), 'Ge');
    await user.tab();
    await pickCountry(user, section, 'Country', 'deu', 'Germany');
    await user.type(within(section).getByLabelText('City'), 'Berlin');
    await user.type(within(section).getByLabelText('Street address'), 'Alexanderplatz 1');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(within(section).getByText('Country of residence: choose the country from the list.')).toBeTruthy();
    expect(bridge.callsTo('withdrawals.prepare')).toEqual([]);

    await pickCountry(user, section, 'Country of residence', 'Germ', 'Germany');
    const travelRule = {
      walletType: 'hosted' as const,
      beneficiary: { type: 'individual' as const, firstName: 'John', lastName: 'Doe', residenceCountry: 'DEU', address: { country: 'DEU', city: 'Berlin', addressLine1: 'Alexanderplatz 1' } },
      vaspData: { vaspId: 'vasp-001' },
    };
    bridge.handle('withdrawals.prepare', () => record({ travelRule }));
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await waitFor(() => expect(bridge.callsTo('withdrawals.prepare')).toHaveLength(1));
    expect(bridge.callsTo('withdrawals.prepare')[0]).toEqual({
      accountId: 'demo',
      ticker: 'BTC',
      amount: '0.5',
      address: BTC_ADDRESS,
      network: 'BTC',
      travelRule,
    });

    const confirm = await screen.findByRole('region', { name: 'Confirm the withdrawal' });
    expect(within(confirm).getByTestId('confirm-travel-rule-wallet').textContent).toMatch(/Hosted/);
    expect(within(confirm).getByTestId('confirm-travel-rule-vasp').textContent).toBe('Famous Vasp Inc');
    expect(within(confirm).getByTestId('confirm-travel-rule-vasp').getAttribute('title')).toBe('Sent to the exchange as platform id vasp-001');
    expect(within(confirm).getByTestId('confirm-travel-rule-beneficiary').textContent).toBe('John Doe (individual), resident in Germany (DEU)');
    expect(within(confirm).getByTestId('confirm-travel-rule-address').textContent).toBe('Alexanderplatz 1, Berlin, Germany (DEU)');
  });

  it('where the exchange keeps no VASP list, the platform name is typed and sent as vaspName', async () => {
    const { bridge, user } = setup(EEA_ACCOUNT, { available: false, vasps: [], unreadable: 0, regionUnavailable: true });
    await startBtc(user);
    const section = screen.getByTestId('travel-rule-section');
    await user.selectOptions(within(section).getByLabelText('Receiving wallet'), 'hosted');
    expect(within(section).queryByLabelText('Receiving platform (VASP)')).toBeNull();
    expect(within(section).getByText(/keeps no list of platforms for this account’s region/)).toBeTruthy();
    await user.type(within(section).getByLabelText('Platform name'), 'Famous Vasp Inc');
    await user.selectOptions(within(section).getByLabelText('Beneficiary is'), 'entity');
    await user.type(within(section).getByLabelText('Full legal name'), 'Acme Trading Ltd');
    await pickCountry(user, section, 'Country of residence', 'United K', 'United Kingdom');
    await pickCountry(user, section, 'Country', 'GBR', 'United Kingdom');
    for (const [label, value] of [
      ['City', 'London'],
      ['Street address', '123 Finsbury Square'],
      ['Post code (optional)', 'EC2A 4BX'],
    ] as const) {
      await user.type(within(section).getByLabelText(label), value);
    }
    bridge.handle('withdrawals.prepare', () => record());
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await waitFor(() => expect(bridge.callsTo('withdrawals.prepare')).toHaveLength(1));
    expect(bridge.callsTo('withdrawals.prepare')[0]).toMatchObject({
      travelRule: {
        walletType: 'hosted',
        vaspData: { vaspName: 'Famous Vasp Inc' },
        beneficiary: { type: 'entity', fullName: 'Acme Trading Ltd', residenceCountry: 'GBR', address: { country: 'GBR', city: 'London', addressLine1: '123 Finsbury Square', postCode: 'EC2A 4BX' } },
      },
    });
  });

  it('an exchange or main-process error on a Travel Rule field lands on that field', async () => {
    const { bridge, user } = setup(EEA_ACCOUNT);
    const city = 'travelRule.beneficiary.address.city';
    bridge.failWith('withdrawals.prepare', { kind: 'validation', reason: 'extra_field', values: { field: city, problem: 'required' }, message: 'extra_field', fields: { [city]: ['required'] } });
    await startBtc(user);
    const section = screen.getByTestId('travel-rule-section');
    await user.selectOptions(within(section).getByLabelText('Receiving wallet'), 'unhosted');
    await user.selectOptions(within(section).getByLabelText('Beneficiary is'), 'individual');
    for (const [label, value] of [
      ['First name', 'Jane'],
      ['Last name', 'Smith'],
      ['City', 'Amsterdam'],
      ['Street address', 'Damrak 1'],
    ] as const) {
      await user.type(within(section).getByLabelText(label), value);
    }
    await pickCountry(user, section, 'Country of residence', 'nl', 'Netherlands');
    await pickCountry(user, section, 'Country', 'Nether', 'Netherlands');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await within(section).findByText('City is required.')).toBeTruthy();
  });
});

describe('the exchange wants Travel Rule details from an account not ticked as EEA', () => {
  const refused = record({
    state: 'rejected',
    lastError: { kind: 'validation', status: 422, code: 0, message: 'Inner validation failed', fields: { travelRule: ['Travel Rule data is required for crypto withdrawals from this account.'] } },
  });

  it('the status points to the “EEA account” tick and sets it, then brings the form back', async () => {
    const { bridge, user } = setup(DEMO_ACCOUNT, VASPS, [refused]);
    bridge.handle('accounts.update', (p) => ({ ...DEMO_ACCOUNT, eea: p.eea ?? false }));
    await user.click(await screen.findByRole('button', { name: /^Details of the withdrawal of / }));
    const refusal = await screen.findByTestId('travel-rule-refusal');
    expect(refusal.textContent).toMatch(/“EEA account” is ticked for the account on the Accounts page, and it is not ticked for Demo/);
    expect(screen.queryByText('Inner validation failed')).toBeNull();
    await user.click(within(refusal).getByRole('button', { name: 'Tick “EEA account” and fill in the details' }));
    await waitFor(() => expect(bridge.callsTo('accounts.update')).toEqual([{ accountId: DEMO_ACCOUNT.id, eea: true }]));
    const form = await screen.findByRole('form', { name: 'New withdrawal' });
    expect((within(form).getByLabelText('Receiving address') as HTMLInputElement).value).toBe(BTC_ADDRESS);
  });

  it('an account already ticked gets no such pointer', async () => {
    setup(EEA_ACCOUNT, VASPS, [{ ...refused, accountId: EEA_ACCOUNT.id }]);
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Details of the withdrawal of / }));
    await screen.findByTestId('withdrawal-status');
    expect(screen.queryByTestId('travel-rule-refusal')).toBeNull();
  });
});

describe('fiat payout fields and the unknown fee', () => {
  async function startEur(user: User, provider: string) {
    await chooseOption(user, 'Asset', 'EUR');
    await user.selectOptions(screen.getByLabelText('Payment provider'), provider);
    await user.type(screen.getByLabelText('Card token or account'), IBAN);
    await user.type(screen.getByLabelText(/Amount the receiver gets/), '100');
  }

  it('SEPA asks for the beneficiary and the bank BIC (not the IP); the fee follows EUR_SEPA_BCB', async () => {
    const { bridge, user } = setup(EEA_ACCOUNT);
    await startEur(user, 'SEPA');
    const fields = screen.getByTestId('fiat-fields');
    expect(within(fields).getByLabelText('Beneficiary first name')).toBeTruthy();
    expect(within(fields).getByLabelText('Bank BIC (SWIFT)')).toBeTruthy();
    expect(within(fields).queryByLabelText('Your IP address')).toBeNull();
    // Fiat from an EEA account: no Travel Rule section.
    expect(screen.queryByTestId('travel-rule-section')).toBeNull();
    expect(screen.getByTestId('preview-fee').textContent).toBe('+ 3 EUR');

    await user.type(within(fields).getByLabelText('Beneficiary first name'), 'Jane');
    await user.type(within(fields).getByLabelText('Beneficiary last name'), 'Smith');
    await user.type(within(fields).getByLabelText('Bank BIC (SWIFT)'), 'DEUT');
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(within(fields).getByText(/Bank BIC must be a BIC \(SWIFT\) code/)).toBeTruthy();
    await user.type(within(fields).getByLabelText('Bank BIC (SWIFT)'), 'DEFF');
    bridge.handle('withdrawals.prepare', () => record());
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await waitFor(() => expect(bridge.callsTo('withdrawals.prepare')).toHaveLength(1));
    expect(bridge.callsTo('withdrawals.prepare')[0]).toEqual({
      accountId: 'demo',
      ticker: 'EUR',
      amount: '100',
      address: IBAN,
      provider: 'SEPA',
      beneficiary: { firstName: 'Jane', lastName: 'Smith' },
      bankBic: 'DEUTDEFF',
    });
  });

  it('VISAMASTER asks for the IP instead of the BIC; its fee is unknown and must be accepted explicitly', async () => {
    const { bridge, user } = setup();
    await startEur(user, 'VISAMASTER');
    const fields = screen.getByTestId('fiat-fields');
    expect(within(fields).queryByLabelText('Bank BIC (SWIFT)')).toBeNull();
    await user.type(within(fields).getByLabelText('Beneficiary first name'), 'Jane');
    await user.type(within(fields).getByLabelText('Beneficiary last name'), 'Smith');
    // What it is, why it is asked and how to find it, read with the field.
    expect(within(fields).getByLabelText('Your IP address').getAttribute('aria-describedby')).toBe(within(fields).getByTestId('customer-ip-help').parentElement!.id);
    expect(within(fields).getByTestId('customer-ip-help').textContent).toMatch(/public IP address.*Why:.*How to find it:/);
    await user.type(within(fields).getByLabelText('Your IP address'), '203.0.113.42');
    expect(screen.getByTestId('preview-fee').textContent).toBe('Fee unknown');
    expect(screen.getByTestId('preview-total').textContent).toBe('100 EUR + an unknown fee');
    expect(screen.getByTestId('preview-fee-unknown').textContent).toMatch(/fee list has no EUR fee for Visa \/ Mastercard card/);

    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(screen.getByText(/The fee for this withdrawal is unknown\. Tick the box/)).toBeTruthy();
    expect(bridge.callsTo('withdrawals.prepare')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: /I accept that the fee is unknown/ }));
    bridge.handle('withdrawals.prepare', () => record({ ticker: 'EUR', network: null, provider: 'VISAMASTER', address: IBAN, amount: '100', fee: null, totalDebit: null }));
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await waitFor(() => expect(bridge.callsTo('withdrawals.prepare')).toHaveLength(1));
    expect(bridge.callsTo('withdrawals.prepare')[0]).toMatchObject({ provider: 'VISAMASTER', customerIp: '203.0.113.42', acceptUnknownFee: true });

    const confirm = await screen.findByRole('region', { name: 'Confirm the withdrawal' });
    expect(within(confirm).getByTestId('confirm-fee').textContent).toMatch(/^Unknown/);
    expect(within(confirm).getByTestId('confirm-total').textContent).toBe('100 EUR + an unknown fee');
  });

  it('switching provider withdraws the acceptance of an unknown fee', async () => {
    const { user } = setup();
    await startEur(user, 'VISAMASTER');
    await user.click(screen.getByRole('checkbox', { name: /I accept that the fee is unknown/ }));
    await user.selectOptions(screen.getByLabelText('Payment provider'), 'SEPA');
    await user.selectOptions(screen.getByLabelText('Payment provider'), 'Visa / Mastercard card');
    expect((screen.getByRole('checkbox', { name: /I accept that the fee is unknown/ }) as HTMLInputElement).checked).toBe(false);
  });
});

describe('statuses that need the person, in words', () => {
  async function openStatus(records: WithdrawalRecord[]) {
    const { bridge, user } = setup(DEMO_ACCOUNT, VASPS, records);
    await user.click(await screen.findByRole('button', { name: /^Details of the withdrawal of / }));
    return { bridge, user, status: await screen.findByTestId('withdrawal-status') };
  }

  it.each([
    { status: 5, phase: 'unconfirmed_by_user' as const, label: 'Unconfirmed by user', words: /confirm this withdrawal in the e-mail or the app the exchange sent you/ },
    { status: 18, phase: 'partially_successful' as const, label: 'Partially successful', words: /Only part of the amount was paid out/ },
    { status: 21, phase: 'aml_frozen' as const, label: 'Frozen for AML review', words: /Contact exchange support with the withdrawal id/ },
  ])('status $status: "$label" with what to do', async ({ status, phase, label, words }) => {
    const { status: card } = await openStatus([record({ state: 'sent', phase, historyStatus: status })]);
    expect(within(card).getByTestId('withdrawal-status-label').textContent).toBe(label);
    expect(within(card).getByText(words)).toBeTruthy();
    expect(within(card).getByText(/keeps checking/)).toBeTruthy();
  });

  it('a partial withdrawal shows requested vs processed amounts and the processed fee', async () => {
    const { status } = await openStatus([
      record({ state: 'sent', phase: 'partially_successful', historyStatus: 18, partial: { requestAmount: '0.5', processedAmount: '0.25', processedFee: '0.0002' } }),
    ]);
    expect(within(status).getByTestId('status-partial-requested').textContent).toBe('0.5 BTC');
    expect(within(status).getByTestId('status-partial-processed').textContent).toBe('0.25 BTC');
    expect(within(status).getByTestId('status-partial-fee').textContent).toBe('0.0002 BTC');
  });

  it('discarding an absent withdrawal while history may lag shows why not, and the safe path', async () => {
    const { bridge, user, status } = await openStatus([record({ state: 'not_found', lastSentAt: 1_760_000_000_000 })]);
    const values = { uniqueId: 'u1', sentAt: 1_760_000_000_000, discardableAt: 1_760_001_800_000 };
    bridge.failWith('withdrawals.discard', { kind: 'validation', reason: 'discard_too_early', values, message: 'discard_too_early', fields: { uniqueId: ['discard_too_early'] } });
    await user.click(within(status).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText(new RegExp(`It can be discarded from ${formatClock(values.discardableAt)}`))).toBeTruthy();
    expect(within(status).getByRole('button', { name: /Send again \(same id/ })).toBeTruthy();
  });

  it('a discarded withdrawal that was paid after all is reported at the top', async () => {
    setup(DEMO_ACCOUNT, VASPS, [record({ state: 'sent', phase: 'pending', historyStatus: 1, discardedAt: 1_760_000_900_000 })]);
    const alert = await screen.findByTestId('paid-after-discard');
    expect(alert.textContent).toMatch(/A withdrawal you discarded was paid after all: 0.5 BTC/);
    expect(screen.getByText('Paid after it was discarded')).toBeTruthy();
  });
});
