/**
 * Fields every list filter of the app has (codes, transactions): an asset ticker and a date range
 * in Unix seconds, `since` included and `until` not. The exchange filters by none of them; the
 * held scans in the main process apply them.
 */
import { z } from 'zod';
import { FIELD_PROBLEM } from './fieldProblems';

/** Unix seconds, up to the year 3000. */
const UnixTime = z.number().int().min(0).max(32_503_680_000);

export const FILTER_FIELDS = {
  ticker: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{1,20}$/, FIELD_PROBLEM.tickerFormat).optional(),
  since: UnixTime.optional(),
  until: UnixTime.optional(),
};

/** The date range's rule, for `.refine(sinceBeforeUntil, SINCE_AFTER_UNTIL)`. */
export const sinceBeforeUntil = (f: { since?: number | undefined; until?: number | undefined }) => f.since === undefined || f.until === undefined || f.since < f.until;
/** Reported on the start date, the field a person corrects. */
export const SINCE_AFTER_UNTIL = { message: FIELD_PROBLEM.startAfterEnd, path: ['since'] };
