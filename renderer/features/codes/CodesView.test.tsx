import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CodeRecord } from '../../../shared/api/schemas';
import { CODES_WINDOW, codeStatusGroup, type CodePage } from '../../../shared/model/codes';
import { DEMO_ACCOUNT, installBridge, renderWithQuery } from '../../test/setup';
import { CodesView } from './CodesView';
import { useUi } from '../../state/ui';

function code(i: number, extra: Partial<CodeRecord> = {}): CodeRecord {
  return { amount: `${i}.25`, code: `WBSECRET${i}XYZ`, date: 1_700_000_000 - i, status: 'New', ticker: 'USDT', external_id: `ext-${i}`, ...extra };
}

/**
 * Stands in for the main process's codes.page: `total` codes (or history entries) served within the
 * exchange's 10 000 window, the status and asset filters applied as the service applies them.
 */
function setup(total: number, make: (i: number) => CodeRecord = (i) => code(i), unreadable: CodePage['unreadable'] = [], history: (i: number) => CodeRecord = make) {
  const bridge = installBridge();
  bridge.handle('codes.page', ({ list, filter, limit, offset }) => {
    const all: CodeRecord[] = [];
    for (let i = 0; i < Math.min(total, CODES_WINDOW); i++) all.push(list === 'history' ? history(i) : make(i));
    const matching = all.filter((c) => (!filter.ticker || c.ticker === filter.ticker.toUpperCase()) && (!filter.status || codeStatusGroup(c.status) === filter.status));
    const served = Object.keys(filter).length > 0 ? matching.length : Math.min(total, CODES_WINDOW);
    const answer: CodePage = { rows: matching.slice(offset, offset + limit), total: served, limit, offset, windowLimited: total > CODES_WINDOW, unreadable };
    return answer;
  });
  renderWithQuery(<CodesView account={DEMO_ACCOUNT} />);
  return bridge;
}

const rows = () => screen.queryAllByTestId('code-row');
const topPager = () => screen.getByRole('navigation', { name: 'Codes pages (top)' });
const bottomPager = () => screen.getByRole('navigation', { name: 'Codes pages (bottom)' });

let scrolled: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrolled = vi.fn();
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView'];
});
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

  it('pages on the server from pagers at the top and the bottom, each page starting at its top', async () => {
    const bridge = setup(75);
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(within(topPager()).getByText('Showing 1\u201330 of 75')).toBeTruthy();
    expect(within(bottomPager()).getByText('Showing 1\u201330 of 75')).toBeTruthy();
    expect(within(topPager()).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await userEvent.click(within(topPager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(topPager()).getByText('Showing 31\u201360 of 75')).toBeTruthy());
    expect(scrolled).toHaveBeenCalledTimes(1);
    await userEvent.click(within(bottomPager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(topPager()).getByText('Showing 61\u201375 of 75')).toBeTruthy());
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(within(bottomPager()).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await userEvent.selectOptions(within(topPager()).getByRole('combobox', { name: 'Codes per page (top)' }), '10');
    await waitFor(() => expect(within(topPager()).getByText('Showing 1\u201310 of 75')).toBeTruthy());
    const asked = bridge.callsTo('codes.page');
    expect(asked).toEqual([
      { accountId: 'demo', list: 'my', filter: {}, limit: 30, offset: 0 },
      { accountId: 'demo', list: 'my', filter: {}, limit: 30, offset: 30 },
      { accountId: 'demo', list: 'my', filter: {}, limit: 30, offset: 60 },
      { accountId: 'demo', list: 'my', filter: {}, limit: 10, offset: 0 },
    ]);
  });

  it('never asks for a page reaching past the exchange window, and says the list stops there', async () => {
    useUi.setState({ codes: { list: 'my', pageSize: 10, offset: 9_980 } });
    const bridge = setup(50_000);
    await waitFor(() => expect(within(topPager()).getByText(/Showing 9981\u20139990 of 10000/)).toBeTruthy());
    await userEvent.click(within(topPager()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(topPager()).getByText(/Showing 9991\u201310000 of 10000/)).toBeTruthy());
    expect(within(topPager()).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    // The page's text moves at once (the last page's rows stand in until the answer); the ask follows.
    await waitFor(() => expect(bridge.callsTo('codes.page').map((p) => (p as { offset: number }).offset)).toEqual([9_980, 9_990]));
    expect(screen.getByText(/serves only the newest 10,000 codes through its API/)).toBeTruthy();
  });

  it('shows statuses in words, the word sent in the tooltip, unknown ones as sent, hostile text as text', async () => {
    const statuses = ['Activated', 'active', 'applied', 'New', 'Not activated', 'Frozen-By-<b>AML</b>', 'on_hold_review', 'held_for_audit'];
    setup(8, (i) => code(i, { status: statuses[i]!, external_id: i === 5 ? '<script>alert(1)</script>' : `ext-${i}` }));
    await waitFor(() => expect(rows()).toHaveLength(8));
    const shown = rows().map((row) => within(row).getAllByRole('cell')[2]!.textContent);
    expect(shown).toEqual(['Applied', 'Not applied yet', 'Applied', 'Not applied yet', 'Not applied yet', 'Frozen-By-<b>AML</b>', 'On hold for review', 'Held for audit']);
    expect(within(rows()[6]!).getByText('On hold for review').getAttribute('title')).toBe('The exchange holds this code while it reviews it');
    expect(within(rows()[0]!).getByText('Applied').getAttribute('title')).toBe('Applied: the amount has been credited');
    expect(screen.getByText('Frozen-By-<b>AML</b>').className).toContain('badge--warning');
    expect(within(rows()[1]!).getByText('Not applied yet').className).toContain('badge--positive');
    expect(document.querySelector('b, script')).toBeNull();
  });

  it('filters by status, asset and local dates through the channel, and says the exchange itself cannot', async () => {
    const bridge = setup(40, (i) => code(i, { ticker: i % 2 ? 'BTC' : 'USDT', status: i % 3 ? 'New' : 'Activated' }));
    await waitFor(() => expect(rows()).toHaveLength(30));
    const form = screen.getByRole('form', { name: 'Filter codes' });
    expect(within(form).getByTestId('codes-filter-scope').textContent).toMatch(/cannot filter codes: a filter reads every code it serves through its API \(the newest 10,000\)/);
    await userEvent.type(within(form).getByLabelText('Asset'), 'not a ticker!');
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filter' }));
    expect(await within(form).findByText(/^Asset must be an asset ticker/)).toBeTruthy();
    expect(bridge.callsTo('codes.page')).toHaveLength(1);

    await userEvent.clear(within(form).getByLabelText('Asset'));
    await userEvent.type(within(form).getByLabelText('Asset'), 'btc');
    await userEvent.selectOptions(within(form).getByLabelText('Status'), 'applied');
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2023-11-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2023-11-30' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filter' }));
    const expectedCount = Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 2 === 1 && i % 3 === 0).length;
    await waitFor(() => expect(rows()).toHaveLength(expectedCount));
    const last = bridge.callsTo('codes.page').at(-1) as { filter: Record<string, unknown>; offset: number };
    expect(last.offset).toBe(0);
    expect(last.filter).toEqual({
      status: 'applied',
      ticker: 'btc',
      since: Math.floor(new Date(2023, 10, 1).getTime() / 1000),
      until: Math.floor(new Date(2023, 11, 1).getTime() / 1000),
    });
    for (const row of rows()) expect(row.textContent).toContain('Applied');

    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2023-10-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Apply filter' }));
    expect(await within(form).findByText('Start date must not be after the end date')).toBeTruthy();
  });

  it('shows the codes history in its own tab, amounts signed: + received, \u2212 given', async () => {
    const bridge = setup(4, (i) => code(i), [], (i) => code(i, { amount: i % 2 ? `-${i}.5` : `+${i}.5`, status: 'Activated' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    await userEvent.click(screen.getByRole('tab', { name: 'Codes history' }));
    expect(screen.getByRole('tab', { name: 'Codes history' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getAllByTestId('code-amount').map((c) => c.textContent)).toEqual(['+0.5 USDT', '\u22121.5 USDT', '+2.5 USDT', '\u22123.5 USDT']));
    expect((bridge.callsTo('codes.page').at(-1) as { list: string }).list).toBe('history');
    expect(screen.getByRole('table', { name: 'Codes history' })).toBeTruthy();
  });

  it('exports every code of the filtered set as one CSV, revealed codes only, with progress', async () => {
    const files: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((text) => files.push(text));
      return 'blob:codes';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const bridge = setup(250);
    await waitFor(() => expect(rows()).toHaveLength(30));
    await userEvent.click(screen.getByRole('button', { name: 'Reveal code ext-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export all 250 as CSV' }));
    await waitFor(() => expect(screen.getByTestId('export-status').textContent).toBe('Exported 250 codes.'));
    await waitFor(() => expect(files).toHaveLength(1));
    const lines = files[0]!.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(251);
    expect(lines.filter((l) => l.includes('WBSECRET'))).toEqual([expect.stringContaining('WBSECRET1XYZ')]);
    expect(new Set(lines.slice(1).map((l) => l.split(',').at(-1))).size).toBe(250);
    const exportCalls = bridge.callsTo('codes.page').filter((p) => (p as { limit: number }).limit !== 30);
    expect(exportCalls.map((p) => [(p as { offset: number }).offset, (p as { limit: number }).limit])).toEqual([
      [0, 100],
      [100, 100],
      [200, 50],
    ]);
  });

  it('writes nothing when the export is cancelled', async () => {
    const createUrl = vi.spyOn(URL, 'createObjectURL');
    const bridge = setup(250);
    await waitFor(() => expect(rows()).toHaveLength(30));
    bridge.hang('codes.page');
    await userEvent.click(screen.getByRole('button', { name: 'Export all 250 as CSV' }));
    expect(await screen.findByText(/^Exporting: 0 /)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(screen.getByTestId('export-status').textContent).toBe('Export cancelled; no file was written.');
    expect(createUrl).not.toHaveBeenCalled();
  });

  it('shows the empty state', async () => {
    setup(0);
    expect(await screen.findByText('No codes yet')).toBeTruthy();
  });

  it('explains a missing permission', async () => {
    const bridge = installBridge();
    bridge.failWith('codes.page', { kind: 'permission', message: 'permission refused', exchangeSaid: 'This API Key is not authorized to perform this action.', code: 4 });
    renderWithQuery(<CodesView account={DEMO_ACCOUNT} />);
    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('This API key lacks a permission');
    expect(panel.textContent).toContain('The exchange said: “This API Key is not authorized to perform this action.”');
  });

  it('lists the readable codes and names the unreadable one by its external id, never by its code', async () => {
    setup(2, (i) => code(i), [{ where: 'external_id ext-9', reason: 'amount: must be a decimal string' }]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByTestId('unreadable-notice').textContent).toBe('1 code could not be read: external_id ext-9: amount: must be a decimal string');
  });
});
