/**
 * Timeline events as stored and as read back. New events store codes and values (title: a code,
 * detail: JSON); databases written by earlier versions hold English sentences, which are read back
 * into the same codes. A withdrawal's state and phase come from its journal record at read time, so
 * the timeline follows what the exchange later said about it.
 */
import { z } from 'zod';
import type { PositionAlert } from '../../../shared/model/alerts';
import type { TimelineEvent } from '../../../shared/model/history';
import type { WithdrawalRecord } from '../../../shared/model/withdrawals';

/** The stored title of a withdrawal event (earlier versions: "Withdrawal of 1 BTC sent"). */
const WITHDRAWAL_CODE = 'withdrawal';

export function withdrawalEventValues(record: Pick<WithdrawalRecord, 'amount' | 'ticker' | 'address'>): { title: string; detail: string } {
  return { title: WITHDRAWAL_CODE, detail: JSON.stringify({ amount: record.amount, ticker: record.ticker, address: record.address }) };
}

export function alertEventValues(alert: Pick<PositionAlert, 'kind' | 'market' | 'distancePercent' | 'thresholdPercent'>): { title: string; detail: string } {
  return { title: alert.kind, detail: JSON.stringify({ market: alert.market, distancePercent: alert.distancePercent, thresholdPercent: alert.thresholdPercent }) };
}

export interface StoredEventRow {
  at: number;
  kind: string;
  title: string;
  detail: string;
  /** The withdrawal's journal record (JSON), when the event is a withdrawal's and the journal still has it. */
  record: string | null;
}

const Text = z.string().min(1).max(200);
const WithdrawalValues = z.object({ amount: Text, ticker: Text, address: z.string().max(500) });
const JournalFacts = z.object({
  amount: Text,
  ticker: Text,
  address: z.string().max(500),
  state: z.enum(['prepared', 'sending', 'sent', 'unknown', 'not_found', 'rejected']),
  phase: z.enum(['pending', 'successful', 'canceled', 'unconfirmed_by_user', 'partially_successful', 'aml_frozen', 'unknown']).nullable(),
});
const AlertValues = z.object({ market: Text, distancePercent: z.string().max(40).nullable(), thresholdPercent: z.string().max(40).nullable() });
const AlertKindCode = z.enum(['liquidation', 'margin_call', 'threshold']);

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A stored row as an event, or null when it cannot be read (the rest of the timeline still shows). */
export function eventOf(row: StoredEventRow): TimelineEvent | null {
  if (row.kind === 'withdrawal_sent') {
    const journal = row.record === null ? null : JournalFacts.safeParse(json(row.record));
    if (journal?.success) {
      const { amount, ticker, address, state, phase } = journal.data;
      return { at: row.at, kind: 'withdrawal_sent', withdrawal: { amount, ticker, address, state, phase } };
    }
    const values = row.title === WITHDRAWAL_CODE ? WithdrawalValues.safeParse(json(row.detail)).data : legacyWithdrawal(row);
    return values ? { at: row.at, kind: 'withdrawal_sent', withdrawal: { ...values, state: null, phase: null } } : null;
  }
  if (row.kind === 'alert_fired') {
    const kind = AlertKindCode.safeParse(row.title);
    if (kind.success) {
      const values = AlertValues.safeParse(json(row.detail));
      return values.success ? { at: row.at, kind: 'alert_fired', alert: { kind: kind.data, ...values.data } } : null;
    }
    return legacyAlert(row);
  }
  return null;
}

// The sentences earlier versions stored (electron/core.ts and the journal backfill wrote them).
const LEGACY_WITHDRAWAL = /^Withdrawal of (\S+) (\S+) sent$/;
const LEGACY_THRESHOLD = /^(.+): (\S+) % from liquidation$/;
const LEGACY_STATE = /^(.+): position in (liquidation|margin call)$/;
const LEGACY_LIMIT = /below your (\S+) % alert/;

function legacyWithdrawal(row: StoredEventRow): z.infer<typeof WithdrawalValues> | undefined {
  const match = LEGACY_WITHDRAWAL.exec(row.title);
  if (!match) return undefined;
  return WithdrawalValues.safeParse({ amount: match[1], ticker: match[2], address: row.detail.replace(/^To /, '') }).data;
}

function legacyAlert(row: StoredEventRow): TimelineEvent | null {
  const threshold = LEGACY_THRESHOLD.exec(row.title);
  if (threshold) {
    const alert = { kind: 'threshold' as const, market: threshold[1]!, distancePercent: threshold[2]!, thresholdPercent: LEGACY_LIMIT.exec(row.detail)?.[1] ?? null };
    return { at: row.at, kind: 'alert_fired', alert };
  }
  const state = LEGACY_STATE.exec(row.title);
  if (state) {
    const kind = state[2] === 'liquidation' ? ('liquidation' as const) : ('margin_call' as const);
    return { at: row.at, kind: 'alert_fired', alert: { kind, market: state[1]!, distancePercent: null, thresholdPercent: null } };
  }
  return { at: row.at, kind: 'alert_fired', alert: { kind: null, market: row.title.slice(0, 200), distancePercent: null, thresholdPercent: null } };
}
