import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlexInvestment, FlexPlan, UnreadableItem } from '../../../shared/api/schemas';
import { failure, type Handlers } from '../../test/fakeBridge';
import { installBridge, REAL_ACCOUNT, renderWithQuery } from '../../test/setup';
import { FlexView } from './FlexView';

const plan = (n: number, patch: Partial<FlexPlan> = {}): FlexPlan => ({
  id: `plan-${n}`,
  ticker: 'USDT',
  minInvestment: '10',
  maxInvestment: '100000',
  maxRate: '0.125',
  ...patch,
});

const investment: FlexInvestment = {
  id: 'inv-1',
  planId: 'plan-1',
  currency: 'USDT',
  invested: '1500.25',
  withAutoReinvest: true,
  status: 1,
  createdAt: 1_760_000_000,
  updatedAt: 1_760_000_100,
};

const B2B_REFUSAL = {
  kind: 'permission' as const,
  status: 403,
  code: 0,
  message: "The exchange does not allow this account to do this: You don't have permission to use this endpoint. Please contact support for more details",
};

/** The channel's answer: readable plans plus the ones the schema could not read. */
const plans = (items: FlexPlan[], unreadable: UnreadableItem[] = []) => ({ items, unreadable });

function setup(handlers: Handlers = {}) {
  const bridge = installBridge([REAL_ACCOUNT]).handleAll({
    'exchange.flexPlans': () => plans([plan(1), plan(2, { ticker: 'BTC', minInvestment: '0.001', maxInvestment: '10', maxRate: '0.0030' })]),
    'exchange.flexInvestments': (p) => ({ data: [investment], limit: p.limit ?? 100, offset: p.offset ?? 0, unreadable: [] }),
    'exchange.balance': () => ({ items: { USDT: { main_balance: '250.5' } }, unreadable: [] }),
    'exchange.assets': () => ({ items: { USDT: { name: 'Tether', can_deposit: true, can_withdraw: true, currency_precision: 6, is_memo: false } }, unreadable: [] }),
    ...handlers,
  });
  const view = renderWithQuery(<FlexView account={REAL_ACCOUNT} />);
  return { bridge, ...view };
}

const rows = () => screen.getAllByTestId('plan-row');
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('FlexView', () => {
  it('lists plans with their bounds and rate, and the current investments', async () => {
    setup();
    await screen.findAllByTestId('plan-row');
    // maxRate is a fraction of 1 (docs/exchange-api.md): 0.125 -> 12.5 %, 0.0030 -> 0.3 %, exactly.
    // Named by asset and term; the plan's id only on hover.
    expect(cellTexts(rows()[0]!)).toEqual(['USDTFlex, no fixed term', '10', '100,000', '12.5 %', 'Invest']);
    expect(cellTexts(rows()[1]!)).toEqual(['BTCFlex, no fixed term', '0.001', '10', '0.3 %', 'Invest']);
    expect(within(rows()[0]!).getAllByRole('cell')[0]!.getAttribute('title')).toBe('Plan id plan-1');
    const investmentRow = await screen.findByTestId('investment-row');
    expect(within(investmentRow).getByTestId('investment-name').textContent).toBe('USDT flex plan, no fixed term');
    expect(investmentRow.textContent).not.toContain('inv-1');
    expect(investmentRow.textContent).toContain('1,500.25 USDT');
    expect(investmentRow.textContent).toContain('Yes');
    expect(investmentRow.textContent).toContain('Active');
  });

  it('shows empty states for no plans and no investments', async () => {
    setup({ 'exchange.flexPlans': () => plans([]), 'exchange.flexInvestments': () => ({ data: [], limit: 100, offset: 0, unreadable: [] }) });
    expect(await screen.findByText('No flex plans')).toBeTruthy();
    expect(await screen.findByText('No investments yet')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains a 403 as missing B2B access, not as an error, and stops asking', async () => {
    const { bridge } = setup({
      'exchange.flexPlans': () => {
        throw failure(B2B_REFUSAL);
      },
    });
    const panel = await screen.findByTestId('b2b-panel');
    expect(panel.textContent).toContain('The account has no B2B lending access');
    expect(panel.textContent).toContain('endpoint access restrictions exclude the flex endpoints');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(bridge.callsTo('exchange.flexInvestments')).toHaveLength(0);
  });

  it('keeps the ordinary error panel, with Retry, for a key that lacks a permission (code 4)', async () => {
    const error = { kind: 'permission' as const, status: 401, code: 4, message: 'This API key is not allowed to do this.' };
    let failing = true;
    const { bridge } = setup({
      'exchange.flexPlans': () => {
        if (failing) throw failure(error);
        return plans([plan(1)]);
      },
    });
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('This API key lacks a permission');
    expect(screen.queryByTestId('b2b-panel')).toBeNull();
    failing = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('plan-row')).toBeTruthy();
    expect(bridge.callsTo('exchange.flexPlans')).toHaveLength(2);
  });

  it('pages with limit/offset: Next only after a full page', async () => {
    const { bridge } = setup({
      'exchange.flexPlans': (p) => {
        const all = Array.from({ length: 13 }, (_, i) => plan(i + 1));
        return plans(all.slice(p.offset ?? 0, (p.offset ?? 0) + (p.limit ?? 100)));
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(10));
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(next);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(next.disabled).toBe(true);
    expect(screen.getByText(/Plans 11–13/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(bridge.callsTo('exchange.flexPlans')).toEqual([
      { accountId: 'main', limit: 10, offset: 0 },
      { accountId: 'main', limit: 10, offset: 10 },
    ]);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Plans per page' }), '100');
    await waitFor(() => expect(rows()).toHaveLength(13));
    expect(bridge.callsTo('exchange.flexPlans').at(-1)).toEqual({ accountId: 'main', limit: 100, offset: 0 });
  });

  it('validates the ticker filter before sending it', async () => {
    const { bridge } = setup({ 'exchange.flexPlans': (p) => (p.ticker ? plans([plan(5, { ticker: p.ticker })]) : plans([plan(1), plan(2)])) });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const input = screen.getByRole('searchbox');
    await userEvent.type(input, 'US DT{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('The ticker must be letters, digits, dot, dash or underscore.');
    expect(bridge.callsTo('exchange.flexPlans')).toHaveLength(1);
    await userEvent.clear(input);
    await userEvent.type(input, 'usdt{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(bridge.callsTo('exchange.flexPlans').at(-1)).toEqual({ accountId: 'main', limit: 10, offset: 0, ticker: 'USDT' });
  });

  it('checks the amount against the plan bounds, the balance and the currency precision before anything is sent', async () => {
    const { bridge } = setup();
    await screen.findAllByTestId('plan-row');
    await userEvent.click(screen.getByRole('button', { name: 'Invest in USDT plan plan-1' }));
    await waitFor(() => expect(screen.getByTestId('invest-available').textContent).toBe('250.5 USDT'));
    const amount = screen.getByRole('textbox', { name: 'Amount (USDT)' });
    const review = screen.getByRole('button', { name: 'Review investment' });

    const tryAmount = async (text: string) => {
      await userEvent.clear(amount);
      if (text) await userEvent.type(amount, text);
      await userEvent.click(review);
      return screen.getByRole('alert').textContent;
    };
    expect(await tryAmount('')).toBe('Enter an amount.');
    expect(await tryAmount('abc')).toBe('The amount must be digits with one decimal separator, e.g. 1234.5 or 1234,5.');
    // One amount rule in every form: a decimal comma reads as in the withdrawal form.
    expect(await tryAmount('1,2,3')).toBe('The amount has more than one separator: write it without thousands separators, e.g. 1234.5 or 1234,5.');
    expect(await tryAmount('9.99')).toBe('The minimum for this plan is 10 USDT.');
    expect(await tryAmount('250.51')).toBe('Not enough USDT in the main balance: 250.5 available.');
    expect(await tryAmount('20.1234567')).toBe('USDT allows at most 6 decimal places.');
    expect(bridge.callsTo('exchange.flexInvest')).toHaveLength(0);
  });

  it('invests once after confirmation, shows the transaction id and refreshes balances and investments', async () => {
    let settle: (value: { transactionId: string }) => void = () => undefined;
    const { bridge } = setup({ 'exchange.flexInvest': () => new Promise((resolve) => (settle = resolve)) });
    await screen.findAllByTestId('plan-row');
    await userEvent.click(screen.getByRole('button', { name: 'Invest in USDT plan plan-1' }));
    await waitFor(() => expect(screen.getByTestId('invest-available').textContent).toBe('250.5 USDT'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (USDT)' }), '100.50');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reinvest earnings automatically' }));
    await userEvent.click(screen.getByRole('button', { name: 'Review investment' }));

    const panel = screen.getByTestId('invest-panel');
    expect(screen.getByTestId('confirm-amount').textContent).toBe('100.5 USDT');
    expect(panel.textContent).toContain('USDT flex plan, no fixed term, up to 12.5 % a year');
    expect(panel.textContent).not.toContain('plan-1');
    expect(panel.textContent).toContain('100.5 USDT will move from your main balance into this flex plan.');
    expect(bridge.callsTo('exchange.flexInvest')).toHaveLength(0);

    const balanceCallsBefore = bridge.callsTo('exchange.balance').length;
    const investmentsCallsBefore = bridge.callsTo('exchange.flexInvestments').length;
    const confirm = screen.getByRole('button', { name: 'Confirm investment' });
    await userEvent.dblClick(confirm);
    expect((screen.getByRole('button', { name: 'Investing…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bridge.callsTo('exchange.flexInvest')).toEqual([{ accountId: 'main', planId: 'plan-1', amount: '100.5', withReinvest: true }]);

    await act(async () => settle({ transactionId: 'tx-777' }));
    expect((await screen.findByTestId('transaction-id')).textContent).toBe('tx-777');
    await waitFor(() => expect(bridge.callsTo('exchange.balance').length).toBeGreaterThan(balanceCallsBefore));
    await waitFor(() => expect(bridge.callsTo('exchange.flexInvestments').length).toBeGreaterThan(investmentsCallsBefore));
    expect(bridge.callsTo('exchange.flexInvest')).toHaveLength(1);
  });

  it('shows a refused investment without retrying it, and warns when the outcome is unknown', async () => {
    let error: { kind: 'validation' | 'timeout'; status: number; code: number; message: string; exchangeSaid?: string } = { kind: 'validation', status: 422, code: 4, message: 'refused', exchangeSaid: 'Not enough money, Tether US balance = 5' };
    const { bridge } = setup({
      'exchange.flexInvest': () => {
        throw failure(error);
      },
    });
    await screen.findAllByTestId('plan-row');
    await userEvent.click(screen.getByRole('button', { name: 'Invest in USDT plan plan-1' }));
    await waitFor(() => expect(screen.getByTestId('invest-available').textContent).toBe('250.5 USDT'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Amount (USDT)' }), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Review investment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm investment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The exchange said: “Not enough money, Tether US balance = 5”');
    expect(screen.queryByText(/may or may not have created/)).toBeNull();
    // Not sent again by itself: the next click below is the second call, not the third.
    expect(bridge.callsTo('exchange.flexInvest')).toHaveLength(1);

    error = { kind: 'timeout', status: 0, code: 0, message: 'The exchange did not answer in time.' };
    await userEvent.click(screen.getByRole('button', { name: 'Confirm investment' }));
    expect(await screen.findByText(/may or may not have created this investment/)).toBeTruthy();
    expect(bridge.callsTo('exchange.flexInvest')).toHaveLength(2);
  });

  it('renders hostile plan data as text', async () => {
    const ticker = '<script>x</script>' + 'Z'.repeat(40);
    const { container } = setup({ 'exchange.flexPlans': () => plans([plan(1, { ticker, id: '"><img src=x>' })]) });
    const row = await screen.findByTestId('plan-row');
    expect(row.textContent).toContain(ticker);
    expect(container.querySelector('script, img')).toBeNull();
  });

  it('shows investment status words: 1 Active, 0 Closed', async () => {
    setup({ 'exchange.flexInvestments': () => ({ data: [investment, { ...investment, id: 'inv-2', status: 0 }], limit: 100, offset: 0, unreadable: [] }) });
    const [active, closed] = await screen.findAllByTestId('investment-row');
    expect(active!.textContent).toContain('Active');
    expect(closed!.textContent).toContain('Closed');
    expect(closed!.textContent).not.toContain('Active');
  });

  it('names unreadable plans and investments, and a page with an unreadable plan still counts as full', async () => {
    setup({
      'exchange.flexPlans': (p) => plans(Array.from({ length: (p.limit ?? 10) - 1 }, (_, i) => plan(i + 1)), [{ where: 'id plan-x', reason: 'maxRate: must be a decimal string' }]),
      'exchange.flexInvestments': () => ({ data: [investment], limit: 100, offset: 0, unreadable: [{ where: 'id inv-9', reason: 'status: Invalid input' }] }),
    });
    await waitFor(() => expect(rows()).toHaveLength(9));
    await waitFor(() => expect(screen.getAllByTestId('unreadable-notice')).toHaveLength(2));
    expect(screen.getAllByTestId('unreadable-notice').map((n) => n.textContent)).toEqual(['1 plan could not be read: id plan-x: maxRate: must be a decimal string', '1 investment could not be read: id inv-9: status: Invalid input']);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
