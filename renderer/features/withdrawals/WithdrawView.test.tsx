import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AssetsResponse, BalanceResponse, FeesResponse } from '../../../shared/api/schemas';
import type { FeeSchedule } from '../../../shared/model/fees';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';
import { chooseOption, DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { TRON } from '../../../shared/addresses/test/sampleAddresses';
import { WithdrawView } from './WithdrawView';

const ADDRESS = TRON;
// Wire shapes, read through the real schemas as the app reads the exchange's answers.
const assets = AssetsResponse.parse({
  USDT: {
    name: 'Tether',
    can_deposit: true,
    can_withdraw: true,
    min_withdraw: '1',
    max_withdraw: '0',
    currency_precision: 6,
    is_memo: false,
    networks: { withdraws: ['ERC20', 'TRC20'], default: 'ERC20' },
  },
});
const published = FeesResponse.parse({
  'USDT (ERC20)': { ticker: 'USDT', name: 'Tether', is_withdrawal: true, withdraw: { min_amount: '10', max_amount: '0', fixed: '5', flex: null } },
  'USDT (TRC20)': { ticker: 'USDT', name: 'Tether', is_withdrawal: true, withdraw: { min_amount: '2', max_amount: '0', fixed: '1', flex: null } },
});
const fees: FeeSchedule = { ...published, accountSchedule: 'read', accountTerms: [] };
const balance = BalanceResponse.parse({ USDT: { main_balance: '100' } });

function record(patch: Partial<WithdrawalRecord> = {}): WithdrawalRecord {
  return {
    uniqueId: '0b7c2a8e-5f7e-4f7e-9a51-0d7c3c1f9e21',
    accountId: DEMO_ACCOUNT.id,
    ticker: 'USDT',
    network: 'TRC20',
    provider: null,
    memo: null,
    address: ADDRESS,
    amount: '25',
    fee: '1',
    totalDebit: '26',
    quotedAt: 1_700_000_000_000,
    debitedAmount: null,
    debitedFee: null,
    newDestination: false,
    state: 'prepared',
    phase: null,
    historyStatus: null,
    lastError: null,
    travelRule: null,
    beneficiary: null,
    bankBic: null,
    customerIp: null,
    partial: null,
    confirmations: null,
    createdAt: 1_760_000_000_000,
    updatedAt: 1_760_000_000_000,
    lastSentAt: null,
    discardedAt: null,
    ...patch,
  };
}

function setup(recorded: WithdrawalRecord[] = []) {
  const bridge = installBridge();
  bridge.reply('exchange.assets', assets);
  bridge.reply('exchange.fees', fees);
  bridge.reply('exchange.balance', balance);
  bridge.reply('withdrawals.list', recorded);
  bridge.handle('withdrawals.prepare', () => record());
  renderWithQuery(<WithdrawView account={DEMO_ACCOUNT} />);
  return { bridge, user: userEvent.setup() };
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await chooseOption(user, 'Asset', 'USDT');
  await user.selectOptions(screen.getByLabelText('Network'), 'TRC20');
  await user.type(screen.getByLabelText('Receiving address'), ADDRESS);
  await user.type(screen.getByLabelText(/Amount the receiver gets/), '25');
}

describe('WithdrawView', () => {
  it('without the database: says why and what to do, and offers no form', async () => {
    const bridge = installBridge();
    bridge.reply('exchange.assets', assets);
    bridge.reply('exchange.fees', fees);
    bridge.reply('exchange.balance', balance);
    bridge.reply('database.status', { available: false, problem: 'emptied', file: '/data/desk.sqlite3', folder: '/data' });
    bridge.failWith('withdrawals.list', { kind: 'internal', message: 'x', reason: 'database_unavailable' });
    renderWithQuery(<WithdrawView account={DEMO_ACCOUNT} />);
    const notice = await screen.findByTestId('database-unavailable');
    expect(notice.textContent).toContain('/data/desk.sqlite3 is empty');
    expect(notice.textContent).toContain('Restore it from a backup');
    expect(screen.queryByRole('button', { name: 'Review withdrawal' })).toBeNull();
  });

  it('previews fee on top live, with the default network preselected', async () => {
    const { user } = setup();
    await chooseOption(user, 'Asset', 'USDT');
    expect(screen.getByLabelText('Network')).toHaveProperty('value', 'ERC20');
    await user.type(screen.getByLabelText(/Amount the receiver gets/), '20');
    expect(screen.getByTestId('preview-fee').textContent).toBe('+ 5 USDT');
    expect(screen.getByTestId('preview-total').textContent).toBe('25 USDT');
    expect(screen.getByTestId('preview-balance-after').textContent).toBe('75 USDT');
    await user.selectOptions(screen.getByLabelText('Network'), 'TRC20');
    expect(screen.getByTestId('preview-fee').textContent).toBe('+ 1 USDT');
    expect(screen.getByTestId('preview-balance-after').textContent).toBe('79 USDT');
  });

  it('flags an amount that would take the balance below zero as it is typed, before Review', async () => {
    const { user } = setup();
    await chooseOption(user, 'Asset', 'USDT');
    await user.selectOptions(screen.getByLabelText('Network'), 'TRC20');
    const amount = screen.getByLabelText(/Amount the receiver gets/);
    await user.type(amount, '99');
    expect(screen.queryByTestId('preview-overdrawn')).toBeNull();
    expect(amount.getAttribute('aria-invalid')).not.toBe('true');
    // 99.5 + 1 fee = 100.5 from 100: still in the field, nothing pressed.
    await user.type(amount, '.5');
    expect(amount).toBe(document.activeElement);
    expect(screen.getByTestId('preview-balance-after').textContent).toBe('-0.5 USDT');
    expect(screen.getByTestId('preview-overdrawn').textContent).toContain('below zero: 100 USDT available');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Not enough USDT: 100\.5 needed \(amount \+ fee\), 100 available/)).toBeTruthy();
  });

  it('shows each problem on its field and sends nothing', async () => {
    const { bridge, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Review withdrawal' }));
    expect(screen.getByText('Choose the asset to withdraw.')).toBeTruthy();
    expect(screen.getByText('Enter the receiving wallet address.')).toBeTruthy();
    // Review takes the focus to the first field in trouble, not the button.
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByLabelText('Asset')).toContain(document.activeElement);
    await chooseOption(user, 'Asset', 'USDT');
    await user.type(screen.getByLabelText(/Amount the receiver gets/), '96');
    expect(screen.getByText(/Not enough USDT: 101 needed \(amount \+ fee\), 100 available/)).toBeTruthy();
    expect(screen.getByLabelText(/Amount the receiver gets/).getAttribute('aria-invalid')).toBe('true');
    expect(bridge.callsTo('withdrawals.prepare')).toEqual([]);
  });

  it('maps an exchange refusal at prepare time onto the field', async () => {
    const { bridge, user } = setup();
    const values = { field: 'amount', ticker: 'USDT', needed: '26', available: '20', fee: '1' };
    bridge.failWith('withdrawals.prepare', { kind: 'validation', reason: 'balance_short', values, message: 'balance_short', fields: { amount: ['balance_short'] } });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(await screen.findByText('Not enough USDT: 26 needed (amount + fee), 20 available.')).toBeTruthy();
  });

  it('confirms with everything repeated, sends once on a double click, then follows the status live', async () => {
    const { bridge, user } = setup();
    let release: () => void = () => {};
    bridge.handle('withdrawals.send', () => new Promise((resolve) => (release = () => resolve(record({ state: 'sent' })))));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    expect(bridge.callsTo('withdrawals.prepare')).toEqual([{ accountId: 'demo', ticker: 'USDT', amount: '25', address: ADDRESS, network: 'TRC20' }]);

    const confirm = await screen.findByRole('region', { name: 'Confirm the withdrawal' });
    expect(within(confirm).getByTestId('confirm-address').textContent).toBe(ADDRESS);
    expect(within(confirm).getByTestId('confirm-total').textContent).toBe('26 USDT');
    expect(within(confirm).getByTestId('confirm-unique-id').textContent).toContain(record().uniqueId);
    // The Demo account's exchange is the simulator: the warning says so instead of "real funds".
    expect(within(confirm).getByText(/Demo: no real funds move/)).toBeTruthy();

    const send = within(confirm).getByRole('button', { name: 'Send 25 USDT' });
    await user.dblClick(send);
    await user.click(send);
    expect(bridge.callsTo('withdrawals.send')).toEqual([{ uniqueId: record().uniqueId, confirmedTotal: '26' }]);
    await act(async () => release());

    const status = await screen.findByTestId('withdrawal-status');
    expect(within(status).getByTestId('withdrawal-status-label').textContent).toBe('Sent');
    act(() => bridge.emit('withdrawals.updated', record({ state: 'sent', phase: 'successful', historyStatus: 3, updatedAt: Date.now() })));
    await waitFor(() => expect(within(status).getByTestId('withdrawal-status-label').textContent).toBe('Successful'));
    const recent = screen.getAllByTestId('recent-withdrawal');
    expect(recent).toHaveLength(1);
    expect(within(recent[0]!).getByText('Successful')).toBeTruthy();
  });

  it('a first payment to an address shows it in blocks of four and needs the box ticked before Send', async () => {
    const { bridge, user } = setup();
    bridge.reply('withdrawals.prepare', record({ newDestination: true }));
    bridge.reply('withdrawals.send', record({ state: 'sent' }));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const confirm = await screen.findByRole('region', { name: 'Confirm the withdrawal' });
    const grouped = within(confirm).getByTestId('grouped-address');
    expect([...grouped.children].map((block) => block.textContent)).toEqual(ADDRESS.match(/.{1,4}/g));
    expect(within(confirm).getByText('You have never sent to this address.')).toBeTruthy();
    const send = within(confirm).getByRole('button', { name: 'Send 25 USDT' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.click(send);
    expect(bridge.callsTo('withdrawals.send')).toEqual([]);
    await user.click(within(confirm).getByLabelText('I checked this new address with the receiver'));
    await user.click(send);
    expect(bridge.callsTo('withdrawals.send')).toEqual([{ uniqueId: record().uniqueId, confirmedTotal: '26', acceptNewDestination: true }]);
  });

  it('the same payment sent from another window a moment ago: Send waits for a box naming that payment', async () => {
    const { bridge, user } = setup();
    const twinId = '1f2e3d4c-aaaa-bbbb-cccc-000000000001';
    bridge.failWith('withdrawals.send', {
      kind: 'validation',
      reason: 'recent_twin_unconfirmed',
      message: 'recent_twin_unconfirmed',
      values: { uniqueId: record().uniqueId, twinId, amount: '25', ticker: 'USDT', sentAt: new Date(2026, 0, 5, 14, 30).getTime() },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const confirm = await screen.findByRole('region', { name: 'Confirm the withdrawal' });
    await user.click(within(confirm).getByRole('button', { name: 'Send 25 USDT' }));
    const note = await within(confirm).findByTestId('recent-twin');
    expect(note.textContent).toContain(`You already sent 25 USDT to this address at 2:30 PM (id ${twinId}).`);
    const send = within(confirm).getByRole('button', { name: 'Send 25 USDT' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    bridge.reply('withdrawals.send', record({ state: 'sent' }));
    await user.click(within(confirm).getByLabelText('Pay 25 USDT to this address again'));
    await user.click(send);
    expect(bridge.callsTo('withdrawals.send').at(-1)).toEqual({ uniqueId: record().uniqueId, confirmedTotal: '26', acceptRecentTwin: twinId });
  });

  it('a twin still open is named with its id and how to settle it', async () => {
    const { bridge, user } = setup();
    const sentAt = new Date(2026, 0, 5, 14, 30).getTime();
    bridge.failWith('withdrawals.send', {
      kind: 'validation',
      reason: 'twin_open',
      message: 'twin_open',
      values: { twinId: '1f2e3d4c-aaaa-bbbb', twinState: 'not_found', amount: '25', ticker: 'USDT', sentAt, newAllowedAt: sentAt + 30 * 60_000 },
    });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Send 25 USDT' }));
    const alert = await screen.findByText(/The same withdrawal \(25 USDT to this address, id 1f2e3d4c…\) is still open/);
    expect(alert.textContent).toMatch(/sent at 2:30 PM.*from 3:00 PM.*Send again \(same id\)/s);
  });

  it('an absent withdrawal offers "Check again" and "Send again" with the same id', async () => {
    const { bridge, user } = setup();
    const absent = record({ state: 'not_found', lastError: { kind: 'network', reason: 'transport', values: { cause: 'cut' }, message: 'The connection to the exchange was cut off before the answer was complete.' } });
    bridge.reply('withdrawals.send', absent);
    bridge.reply('withdrawals.reconcile', absent);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Send 25 USDT' }));
    const status = await screen.findByTestId('withdrawal-status');
    expect(within(status).getByText('Not found at the exchange')).toBeTruthy();
    expect(within(status).getByText(/cut off/)).toBeTruthy();
    await user.click(within(status).getByRole('button', { name: 'Check again' }));
    expect(bridge.callsTo('withdrawals.reconcile')).toEqual([{ uniqueId: absent.uniqueId }]);
    bridge.reply('withdrawals.send', record({ state: 'sent' }));
    await user.click(within(status).getByRole('button', { name: /Send again \(same id 0b7c2a8e…\)/ }));
    expect(bridge.callsTo('withdrawals.send')).toEqual([
      { uniqueId: absent.uniqueId, confirmedTotal: '26' },
      { uniqueId: absent.uniqueId, confirmedTotal: '26' },
    ]);
    await waitFor(() => expect(within(status).queryByRole('button', { name: /Send again/ })).toBeNull());
  });

  it('a refusal at send time returns to the form with the error on its field', async () => {
    const { bridge, user } = setup();
    bridge.reply(
      'withdrawals.send',
      record({ state: 'rejected', lastError: { kind: 'validation', status: 422, code: 2, message: 'refused', fields: { address: ['The address is invalid'] } } }),
    );
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await user.click(await screen.findByRole('button', { name: 'Send 25 USDT' }));
    expect(within(await screen.findByTestId('withdrawal-status')).getByTestId('withdrawal-status-label').textContent).toBe('Refused by the exchange');
    await user.click(screen.getByRole('button', { name: 'Edit and try again' }));
    expect(await screen.findByText(/this address is not valid for the chosen currency and network/)).toBeTruthy();
    expect(screen.getByLabelText('Receiving address')).toHaveProperty('value', ADDRESS);
  });
});

describe('asset picker, Max and drafts', () => {
  it('the asset picker filters by ticker or name and is driven by the keyboard', async () => {
    const { user } = setup();
    const picker = await screen.findByRole('combobox', { name: 'Asset' });
    await user.type(picker, 'teth');
    expect(picker.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['USDT · Tether100']);
    await user.keyboard('{ArrowDown}');
    expect(picker.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option').id);
    await user.keyboard('{Enter}');
    expect(picker).toHaveProperty('value', 'USDT · Tether');
    expect(picker.getAttribute('aria-expanded')).toBe('false');
    // Escape closes without changing the choice.
    await user.clear(picker);
    await user.type(picker, 'zzz');
    expect(screen.getByText('No withdrawable asset matches.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(picker).toHaveProperty('value', 'USDT · Tether');
    // The network picker names each network's fee and minimum.
    expect(screen.getByRole('option', { name: 'TRC20 · fee 1 USDT · min 2' })).toBeTruthy();
  });

  it('Max fills the largest amount whose amount + fee the balance pays, and the preview agrees', async () => {
    const { user } = setup();
    await chooseOption(user, 'Asset', 'USDT');
    await user.selectOptions(screen.getByLabelText('Network'), 'TRC20');
    await user.click(screen.getByRole('button', { name: /^Max/ }));
    expect(screen.getByLabelText(/Amount the receiver gets/)).toHaveProperty('value', '99');
    expect(screen.getByTestId('preview-total').textContent).toBe('100 USDT');
    expect(screen.getByTestId('preview-balance-after').textContent).toBe('0 USDT');
  });

  it('a draft can be deleted from Recent withdrawals; a sent one offers no Delete', async () => {
    const draft = record();
    const sent = record({ uniqueId: 'a1b2c3d4-0000-4000-8000-000000000001', state: 'sent', amount: '30' });
    const unknown = record({ uniqueId: 'a1b2c3d4-0000-4000-8000-000000000002', state: 'unknown', amount: '31' });
    const { bridge, user } = setup([draft, sent, unknown]);
    bridge.reply('withdrawals.discard', { discarded: true, stillWatched: false });
    await screen.findByRole('combobox', { name: 'Asset' });
    const deletes = await screen.findAllByRole('button', { name: /^Delete the draft withdrawal/ });
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.getAttribute('aria-label')).toMatch(/of 25 USDT/);
    await user.click(deletes[0]!);
    expect(bridge.callsTo('withdrawals.discard')).toEqual([{ uniqueId: draft.uniqueId }]);
  });
});
