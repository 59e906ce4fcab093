import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CodeRecord, CodesResponse } from '../../../shared/api/schemas';
import { DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { CodesView } from './CodesView';
import { useUi } from '../../state/ui';

function code(i: number, extra: Partial<CodeRecord> = {}): CodeRecord {
  return { amount: `${i}.25`, code: `WBSECRET${i}XYZ`, date: 1_700_000_000 + i, status: 'New', ticker: 'USDT', external_id: `ext-${i}`, ...extra };
}

/** A server with `total` codes that pages like the exchange does. */
function setup(total: number, make: (i: number) => CodeRecord = (i) => code(i), unreadable: CodesResponse['unreadable'] = []) {
  const bridge = installBridge();
  bridge.handle('exchange.codes', ({ limit = 30, offset = 0 }) => {
    const data: CodeRecord[] = [];
    for (let i = offset; i < Math.min(total, offset + limit); i++) data.push(make(i));
    const answer: CodesResponse = { total, data, limit, offset, unreadable };
    return answer;
  });
  renderWithQuery(<CodesView account={DEMO_ACCOUNT} />);
  return bridge;
}

const rows = () => screen.queryAllByTestId('code-row');

afterEach(() => vi.restoreAllMocks());

describe('CodesView', () => {
  it('masks every code until its row is revealed, then offers a copy', async () => {
    setup(3);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(document.body.textContent).not.toContain('WBSECRET');
    await userEvent.click(screen.getByRole('button', { name: 'Reveal code ext-1' }));
    expect(within(rows()[1]!).getByTestId('code-value').textContent).toBe('WBSECRET1XYZ');
    expect(within(rows()[0]!).getByTestId('code-value').textContent).not.toContain('WBSECRET');
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy code ext-1' }));
    expect(writeText).toHaveBeenCalledWith('WBSECRET1XYZ');
    await userEvent.click(screen.getByRole('button', { name: 'Hide code ext-1' }));
    expect(document.body.textContent).not.toContain('WBSECRET');
  });

  it('pages on the server: next, previous, page size, total', async () => {
    const bridge = setup(75);
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(screen.getByText('Showing 1\u201330 of 75')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Showing 31\u201360 of 75')).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Showing 61\u201375 of 75')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Codes per page' }), '10');
    await waitFor(() => expect(screen.getByText('Showing 1\u201310 of 75')).toBeTruthy());
    const asked = bridge.callsTo('exchange.codes');
    expect(asked).toEqual([
      { accountId: 'demo', limit: 30, offset: 0 },
      { accountId: 'demo', limit: 30, offset: 30 },
      { accountId: 'demo', limit: 30, offset: 60 },
      { accountId: 'demo', limit: 10, offset: 0 },
    ]);
  });

  it('never asks for an offset beyond 10 000', async () => {
    useUi.setState({ codes: { pageSize: 10, offset: 9_990 } });
    const bridge = setup(50_000);
    await waitFor(() => expect(screen.getByText(/Showing 9991\u201310000 of 50000/)).toBeTruthy());
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText(/Showing 10001\u201310010 of 50000/)).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(bridge.callsTo('exchange.codes').map((p) => (p as { offset: number }).offset)).toEqual([9_990, 10_000]);
    expect(screen.getByText(/only the first 10010 codes/)).toBeTruthy();
  });

  it('shows known statuses as badges and unknown ones verbatim, hostile text as text', async () => {
    const statuses = ['Activated', 'active', 'applied', 'New', 'Frozen-By-<b>AML</b>'];
    setup(5, (i) => code(i, { status: statuses[i]!, external_id: i === 4 ? '<script>alert(1)</script>' : `ext-${i}` }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    for (const s of statuses) expect(screen.getByText(s)).toBeTruthy();
    expect(screen.getByText('Frozen-By-<b>AML</b>').className).toContain('badge--warning');
    expect(screen.getByText('active').className).toContain('badge--positive');
    expect(document.querySelector('b, script')).toBeNull();
  });

  it('shows the empty state and errors per kind', async () => {
    setup(0);
    expect(await screen.findByText('No codes yet')).toBeTruthy();
  });

  it('explains a missing permission', async () => {
    const bridge = installBridge();
    bridge.failWith('exchange.codes', { kind: 'permission', message: 'This API Key is not authorized to perform this action.', code: 4 });
    renderWithQuery(<CodesView account={DEMO_ACCOUNT} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('This API key lacks a permission');
    expect(panel.textContent).toContain('This API Key is not authorized to perform this action.');
  });

  it('lists the readable codes and names the unreadable one by its external id, never by its code', async () => {
    setup(2, (i) => code(i), [{ where: 'external_id ext-9', reason: 'amount: must be a decimal string' }]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('unreadable-notice').textContent).toBe('1 code could not be read: external_id ext-9: amount: must be a decimal string');
  });
});
