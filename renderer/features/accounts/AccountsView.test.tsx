import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSummary, PermissionReport } from '../../../shared/model/accounts';
import { DEMO_ACCOUNT, REAL_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { AccountsView } from './AccountsView';

const SECRET = 'sEcReT-value-0123456789';
const REPORT: PermissionReport = {
  balance: { status: 'ok' },
  codes: { status: 'ok' },
  positions: { status: 'no_permission', failure: { kind: 'permission', status: 403, message: 'log text', exchangeSaid: 'This API Key is not authorized to perform this action.' } },
  flex: { status: 'failed', failure: { kind: 'server', status: 500, message: 'log text' } },
  withdraw: { status: 'not_tested', failure: { kind: 'timeout', message: 'log text', reason: 'deadline', values: { seconds: 45 } } },
  testedAt: 1_700_000_000_000,
};

function setup(accounts: AccountSummary[] = [DEMO_ACCOUNT, REAL_ACCOUNT]) {
  const bridge = installBridge(accounts);
  renderWithQuery(<AccountsView account={accounts[0] ?? null} />);
  return bridge;
}

async function fillAddForm(fields: { name?: string; region?: string; baseUrl?: string; key?: string; secret?: string }) {
  if (fields.name) await userEvent.type(screen.getByLabelText('Name'), fields.name);
  if (fields.region) await userEvent.selectOptions(screen.getByLabelText('Region'), fields.region);
  if (fields.baseUrl) await userEvent.type(screen.getByLabelText('Base URL'), fields.baseUrl);
  const form = screen.getByRole('form', { name: 'Add an account' });
  if (fields.key) await userEvent.type(within(form).getByLabelText('API key'), fields.key);
  if (fields.secret) await userEvent.type(within(form).getByLabelText('API secret'), fields.secret);
  return form;
}

describe('AccountsView', () => {
  it('lists accounts with region, masked key and whether the secret is present', async () => {
    setup([DEMO_ACCOUNT, REAL_ACCOUNT, { ...REAL_ACCOUNT, id: 'lost', name: 'Lost secret', hasSecret: false }]);
    const main = await screen.findByRole('listitem', { name: 'Main' });
    expect(main.textContent).toContain('ab12…yz89');
    expect(main.textContent).toContain('Global');
    expect(main.textContent).toContain('Stored in keychain');
    const lost = screen.getByRole('listitem', { name: 'Lost secret' });
    expect(lost.textContent).toContain('Secret missing - re-enter');
    expect(within(lost).getByRole('button', { name: 'Re-enter key' })).toBeTruthy();
    const demo = screen.getByRole('listitem', { name: 'Demo' });
    expect(within(demo).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(demo).getByText('Active')).toBeTruthy();
  });

  it('adds an account with a custom base URL, shows the permission report and clears the secret field', async () => {
    const bridge = setup();
    bridge.handle('accounts.add', (p) => ({
      account: { ...REAL_ACCOUNT, id: 'b2b', name: p.name, region: p.region, baseUrl: p.baseUrl ?? '' },
      report: REPORT,
    }));
    const form = await fillAddForm({ name: 'Main (B2B)', region: 'custom', baseUrl: 'http://127.0.0.1:9999', key: 'KEY-0123456789', secret: SECRET });
    await userEvent.click(within(form).getByRole('button', { name: 'Test & save' }));
    expect(bridge.callsTo('accounts.add')).toEqual([
      { name: 'Main (B2B)', region: 'custom', baseUrl: 'http://127.0.0.1:9999', apiKey: 'KEY-0123456789', apiSecret: SECRET },
    ]);
    const report = await screen.findByRole('group', { name: /What the key for Main \(B2B\) can reach/ });
    const statusOf = (area: string) => report.querySelector(`[data-area="${area}"] .badge`)?.textContent;
    expect([statusOf('balance'), statusOf('codes'), statusOf('positions'), statusOf('flex')]).toEqual(['OK', 'OK', 'No permission', 'Failed']);
    const sentenceOf = (area: string) => report.querySelector(`[data-area="${area}"] .permission-report__message`)?.textContent;
    expect(sentenceOf('positions')).toContain('The exchange said: “This API Key is not authorized to perform this action.”');
    expect(sentenceOf('withdraw')).toMatch(/^Not tested: the exchange did not answer the question\. No answer from the exchange within 45 s/);
    expect(report.textContent).not.toContain('log text');
    expect((within(form).getByLabelText('API secret') as HTMLInputElement).value).toBe('');
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
    // The list is asked again so the new account appears.
    expect(bridge.callsTo('accounts.list').length).toBeGreaterThanOrEqual(2);
  });

  it('checks the form before sending and sends nothing when it is invalid', async () => {
    const bridge = setup();
    const form = await fillAddForm({ region: 'custom', key: 'short', secret: 'has space in it' });
    await userEvent.click(within(form).getByRole('button', { name: 'Test & save' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('API key looks too short')).toBeTruthy();
    expect(screen.getByText('API secret must not contain spaces')).toBeTruthy();
    expect(screen.getByText('A custom region needs a base URL')).toBeTruthy();
    expect(bridge.callsTo('accounts.add')).toEqual([]);
    // Issue 17: a failed add keeps every typed field (it used to empty the secret).
    expect((within(form).getByLabelText('API secret') as HTMLInputElement).value).toBe('has space in it');
  });

  it('shows the exchange refusing a wrong secret as an auth error', async () => {
    const bridge = setup();
    bridge.failWith('accounts.add', { kind: 'auth', message: 'Unauthorized request.', code: 10, status: 401 });
    const form = await fillAddForm({ name: 'Wrong', key: 'KEY-0123456789', secret: SECRET });
    await userEvent.click(within(form).getByRole('button', { name: 'Test & save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('The exchange refused this API key');
    // Kept in its field to be corrected, yet nowhere else: not in the markup.
    expect((within(form).getByLabelText('API secret') as HTMLInputElement).value).toBe(SECRET);
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
  });

  it('renames an account and moves it to another server, checked like a new account before anything is sent', async () => {
    const bridge = setup();
    bridge.handle('accounts.update', (p) => ({ ...REAL_ACCOUNT, name: p.name ?? REAL_ACCOUNT.name }));
    const card = await screen.findByRole('listitem', { name: 'Main' });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    const edit = within(card).getByRole('form', { name: 'Edit Main' });
    const name = within(edit).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Savings');
    await userEvent.selectOptions(within(edit).getByLabelText('Region'), 'custom');
    await userEvent.type(within(edit).getByLabelText('Base URL'), 'ftp://example.com');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(within(edit).getByText(/^Base URL must start with https:\/\//)).toBeTruthy();
    expect(bridge.callsTo('accounts.update')).toEqual([]);

    const url = within(edit).getByLabelText('Base URL');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://api.example.com');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bridge.callsTo('accounts.update')).toEqual([{ accountId: 'main', name: 'Savings', region: 'custom', baseUrl: 'https://api.example.com' }]));
    await waitFor(() => expect(within(card).queryByRole('form', { name: 'Edit Main' })).toBeNull());
  });

  it('shows the main process\'s field problem codes next to their fields, worded', async () => {
    const bridge = setup();
    bridge.failWith('accounts.add', { kind: 'validation', reason: 'request_invalid', message: 'Invalid request', fields: { name: ['name_too_long'] } });
    const form = await fillAddForm({ name: 'Main', key: 'KEY-0123456789', secret: SECRET });
    await userEvent.click(within(form).getByRole('button', { name: 'Test & save' }));
    expect(await screen.findByText('Name must be at most 64 characters')).toBeTruthy();
    expect(form.textContent).not.toContain('name_too_long');
  });

  it('a coded refusal from the main process is worded under its field, never shown as the code', async () => {
    const bridge = setup();
    bridge.failWith('accounts.add', { kind: 'validation', reason: 'key_in_use', values: { holder: 'Savings' }, message: 'key_in_use', fields: { apiKey: ['key_in_use'] } });
    const form = await fillAddForm({ name: 'Other', key: 'KEY-0123456789', secret: SECRET });
    await userEvent.click(within(form).getByRole('button', { name: 'Test & save' }));
    expect(await within(form).findByText(/already used by the account “Savings”/)).toBeTruthy();
    expect(form.textContent).not.toContain('key_in_use');
  });

  it('position alerts never chosen read as on by default, and a switch sends the choice', async () => {
    let current: AccountSummary = { ...REAL_ACCOUNT, notifyPositions: true, notifyPositionsByDefault: true };
    const bridge = setup([current]);
    bridge.handle('accounts.list', () => ({ accounts: [current], activeAccountId: current.id }));
    bridge.handle('accounts.update', (p) => {
      current = { ...REAL_ACCOUNT, notifyPositions: p.notifyPositions ?? current.notifyPositions };
      return current;
    });
    const card = await screen.findByRole('listitem', { name: 'Main' });
    const box = within(card).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(within(card).getByTestId('notify-default').textContent).toMatch(/On by default: alerts come when this account has open positions/);
    await userEvent.click(box);
    await waitFor(() => expect(bridge.callsTo('accounts.update')).toEqual([{ accountId: 'main', notifyPositions: false }]));
    await waitFor(() => expect(within(card).queryByTestId('notify-default')).toBeNull());
    expect(box.checked).toBe(false);
  });

  it('replaces a key, tests it, sets active, toggles notifications, removes after confirmation', async () => {
    const bridge = setup();
    bridge.handle('accounts.setKey', () => ({ account: REAL_ACCOUNT, report: REPORT }));
    bridge.handle('accounts.test', () => REPORT);
    bridge.handle('accounts.select', (p) => ({ activeAccountId: p.accountId }));
    bridge.handle('accounts.update', (p) => ({ ...REAL_ACCOUNT, notifyPositions: p.notifyPositions ?? false }));
    bridge.handle('accounts.remove', () => ({ removed: true }));
    const card = await screen.findByRole('listitem', { name: 'Main' });

    await userEvent.click(within(card).getByRole('button', { name: 'Replace key' }));
    const replace = within(card).getByRole('form', { name: 'Replace key of Main' });
    await userEvent.type(within(replace).getByLabelText('API key'), 'NEWKEY-0123456789');
    await userEvent.type(within(replace).getByLabelText('API secret'), SECRET);
    await userEvent.click(within(replace).getByRole('button', { name: 'Test & save' }));
    await within(card).findByText(/Key replaced/);
    expect(bridge.callsTo('accounts.setKey')).toEqual([{ accountId: 'main', apiKey: 'NEWKEY-0123456789', apiSecret: SECRET }]);
    expect((within(replace).getByLabelText('API secret') as HTMLInputElement).value).toBe('');

    await userEvent.click(within(card).getByRole('button', { name: 'Test key' }));
    await waitFor(() => expect(bridge.callsTo('accounts.test')).toEqual([{ accountId: 'main' }]));

    await userEvent.click(within(card).getByRole('button', { name: 'Set active' }));
    await waitFor(() => expect(bridge.callsTo('accounts.select')).toEqual([{ accountId: 'main' }]));

    await userEvent.click(within(card).getByRole('checkbox', { name: 'Notify me about margin calls and liquidations' }));
    await waitFor(() => expect(bridge.callsTo('accounts.update')).toEqual([{ accountId: 'main', notifyPositions: true }]));

    // Escape closes the confirmation and gives focus back to the button that opened it.
    const removeButton = within(card).getByRole('button', { name: 'Remove' });
    await userEvent.click(removeButton);
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(within(card).queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(removeButton));

    await userEvent.click(removeButton);
    expect(bridge.callsTo('accounts.remove')).toEqual([]);
    const confirm = within(card).getByRole('alertdialog', { name: 'Remove Main?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(bridge.callsTo('accounts.remove')).toEqual([{ accountId: 'main' }]));
  });

  it('the EEA account checkbox shows the flag and saves a change', async () => {
    const bridge = setup();
    bridge.handle('accounts.update', (p) => ({ ...REAL_ACCOUNT, eea: p.eea ?? false }));
    const card = await screen.findByRole('listitem', { name: 'Main' });
    const eea = within(card).getByRole('checkbox', { name: /EEA account/ });
    expect((eea as HTMLInputElement).checked).toBe(false);
    await userEvent.click(eea);
    await waitFor(() => expect(bridge.callsTo('accounts.update')).toEqual([{ accountId: 'main', eea: true }]));
  });

  it('shows an empty list state and a loading state', async () => {
    setup([]);
    expect(await screen.findByText('No accounts yet')).toBeTruthy();
  });

  it('keeps an absurdly long account name on one line (ellipsis, full name in the title)', async () => {
    const long = 'A'.repeat(64);
    setup([{ ...REAL_ACCOUNT, name: long }]);
    const name = await screen.findByTitle(long);
    expect(name.className).toBe('account-card__name');
  });
});
