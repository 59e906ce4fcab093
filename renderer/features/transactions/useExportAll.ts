import { useRef, useState } from 'react';
import { HISTORY_LIMIT } from '../../../shared/api/endpoints';
import { toAppError, type AppError } from '../../../shared/errors';
import type { TransactionFilter, TransactionRow } from '../../../shared/model/transactions';
import { invoke } from '../../api/invoke';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; read: number; total: number | null }
  | { phase: 'done'; rows: number; windowLimited: boolean }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: AppError; read: number };

/**
 * Reads every page of the filtered list (500 at a time, the exchange's largest page) and hands the
 * rows over once all have arrived: a file is written whole or not at all. Cancel stops at once.
 */
export function useExportAll(onRows: (rows: TransactionRow[]) => void) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function start(accountId: string, filter: TransactionFilter) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const rows: TransactionRow[] = [];
    let total: number | null = null;
    let windowLimited = false;
    setState({ phase: 'running', read: 0, total: null });
    try {
      for (let offset = 0; total === null || offset < total; offset += HISTORY_LIMIT.max) {
        const page = await invoke('transactions.page', { accountId, filter, limit: HISTORY_LIMIT.max, offset }, { signal: abort.signal });
        total = page.total;
        windowLimited = page.windowLimited;
        rows.push(...page.rows);
        if (page.rows.length === 0) break;
        setState({ phase: 'running', read: rows.length, total });
      }
      if (abort.signal.aborted) return;
      onRows(rows);
      setState({ phase: 'done', rows: rows.length, windowLimited });
    } catch (thrown) {
      if (abort.signal.aborted) setState({ phase: 'cancelled' });
      else setState({ phase: 'failed', error: toAppError(thrown), read: rows.length });
    }
  }

  function cancel() {
    controller.current?.abort();
    setState({ phase: 'cancelled' });
  }

  return { state, start, cancel };
}
