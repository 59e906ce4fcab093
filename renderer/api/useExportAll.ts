import { useRef, useState } from 'react';
import { toAppError, type AppError } from '../../shared/errors';

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; read: number; total: number | null }
  | { phase: 'done'; rows: number; windowLimited: boolean }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: AppError; read: number };

/** One page of a filtered list as its channel answers it. */
export interface ExportPage<R> {
  rows: R[];
  total: number;
  /** The exchange serves only part of the list (its 10 000 window): the file holds that part. */
  windowLimited: boolean;
}

export type ReadPage<R> = (offset: number, limit: number, signal: AbortSignal) => Promise<ExportPage<R>>;

/**
 * Reads every page of a filtered list (`pageSize` at a time, the exchange's largest page) and
 * hands the rows over once all have arrived: a file is written whole or not at all. Cancel stops
 * at once.
 */
export function useExportAll<R>(pageSize: number, onRows: (rows: R[]) => void) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  async function start(readPage: ReadPage<R>) {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const rows: R[] = [];
    let total: number | null = null;
    let windowLimited = false;
    setState({ phase: 'running', read: 0, total: null });
    try {
      for (let offset = 0; total === null || offset < total; offset += pageSize) {
        const page = await readPage(offset, total === null ? pageSize : Math.min(pageSize, total - offset), abort.signal);
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
