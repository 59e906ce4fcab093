/**
 * Dates a person picks in `<input type="date">` ("2026-11-23", their local calendar days) as the
 * Unix-second bounds a filter takes: the start day from its local midnight, the end day included up
 * to its last second.
 */
import { t } from '@lingui/core/macro';

/** Local midnight of a calendar day, in Unix seconds. */
function localDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, dayOfMonth);
  // Date rolls "2026-02-30" over into March: a day that does not come back as itself is no day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== dayOfMonth) return null;
  return Math.floor(date.getTime() / 1000);
}

function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(y, m - 1, d + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}

const ONE_DAY_S = 86_400;

export interface DayRange {
  /** Included. */
  since?: number;
  /** Not included: the start of the day after the end day. */
  until?: number;
  errors: { from?: string; to?: string };
}

export function dayRange(from: string, to: string): DayRange {
  const since = from ? localDayStart(from) : undefined;
  const toStart = to ? localDayStart(to) : undefined;
  const errors: DayRange['errors'] = {};
  if (since === null) errors.from = t`Start date is not a date`;
  if (toStart === null) errors.to = t`End date is not a date`;
  return {
    ...(typeof since === 'number' ? { since } : {}),
    // A day later than the start of the end day, held inside local days across a DST change.
    ...(typeof toStart === 'number' ? { until: localDayStart(nextDay(to)) ?? toStart + ONE_DAY_S } : {}),
    errors,
  };
}
