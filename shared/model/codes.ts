/**
 * The account's exchange codes as the Codes view shows them: the codes it created (`codes/my`) and
 * the codes history (`codes/history`: created ones with a negative amount, applied ones with a
 * positive one), with the filters a person picks and the status words they read.
 */
import { z } from 'zod';
import { FILTER_FIELDS, SINCE_AFTER_UNTIL, sinceBeforeUntil } from './listFilter';
import { CODES_LIMIT, CODES_OFFSET } from '../api/endpoints';
import type { CodeRecord } from '../api/schemas';
import { CODE_LISTS } from './choices';

/**
 * The status words the exchange is known to send (its documented examples: "Activated", "active",
 * "applied"; "New" and "Not activated" as seen from the exchange's site), grouped into what they mean
 * for a person. The status is a free string: anything else is shown as sent.
 */
const CODE_STATUS_GROUPS = {
  unused: { words: 'Not applied yet', sent: ['new', 'active', 'not activated'] },
  applied: { words: 'Applied', sent: ['activated', 'applied'] },
} as const;
export type CodeStatusGroup = keyof typeof CODE_STATUS_GROUPS;
const CODE_STATUS_GROUP_NAMES = Object.keys(CODE_STATUS_GROUPS) as CodeStatusGroup[];

/** The group of a status as the exchange sent it, or 'other' for one this app does not know. */
export function codeStatusGroup(status: string): CodeStatusGroup | 'other' {
  const sent = status.trim().toLowerCase();
  for (const name of CODE_STATUS_GROUP_NAMES) if ((CODE_STATUS_GROUPS[name].sent as readonly string[]).includes(sent)) return name;
  return 'other';
}

/** Plain words for a status; an unknown one exactly as the exchange sent it. */
export function codeStatusWords(status: string): string {
  const group = codeStatusGroup(status);
  return group === 'other' ? status : CODE_STATUS_GROUPS[group].words;
}

export const CodeList = z.enum(CODE_LISTS);
export type CodeList = z.infer<typeof CodeList>;

/** What the person filters by. `since` is included, `until` is not. The exchange has none of these. */
export const CodeFilter = z
  .object({
    ...FILTER_FIELDS,
    status: z.enum(['unused', 'applied', 'other']).optional(),
  })
  .strict()
  .refine(sinceBeforeUntil, SINCE_AFTER_UNTIL);
export type CodeFilter = z.input<typeof CodeFilter>;
export type ParsedCodeFilter = z.output<typeof CodeFilter>;

export const isFilteredCodes = (filter: ParsedCodeFilter) => Object.values(filter).some((v) => v !== undefined);

/** The exchange serves the first 10 000 records of either list (offset + limit <= 10 000). */
export const CODES_WINDOW = CODES_OFFSET.max;

export const CODE_PAGE_FIELDS = {
  list: CodeList,
  filter: CodeFilter,
  limit: z.number().int().min(CODES_LIMIT.min).max(CODES_LIMIT.max),
  offset: z.number().int().min(CODES_OFFSET.min).max(CODES_OFFSET.max),
};
export const withinCodesWindow = (r: { limit: number; offset: number }) => r.offset + r.limit <= CODES_WINDOW;

export interface CodePage {
  /** History amounts are signed: "+" received, "-" given. */
  rows: CodeRecord[];
  /** How many codes match (within what the exchange lets us read). */
  total: number;
  offset: number;
  limit: number;
  /** More codes exist than the exchange serves through its API: the list and the export stop at 10 000. */
  windowLimited: boolean;
  /** Codes that could not be read, named by external id (never by the code). */
  unreadable: Array<{ where: string; reason: string }>;
}
