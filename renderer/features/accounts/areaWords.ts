/**
 * A key test's finding for one area in the person's language: the main process reports a status
 * and the failure as a code (shared/model/accounts.ts AreaResult); these are the words.
 */
import { t } from '@lingui/core/macro';
import type { AreaResult, PermissionReport } from '../../../shared/model/accounts';
import { errorTitle, exchangeSaidWords } from '../../components/ErrorPanel';

export type AreaKey = keyof Omit<PermissionReport, 'testedAt'>;

/** What the withdrawal probe's answer means, where it means more than the failure's own headline. */
function withdrawWords(area: AreaResult): string | null {
  if (area.status === 'ok') return area.checkedBy === 'fields_refused' ? t`Checked with an empty request that the exchange refused for its fields; nothing was sent.` : null;
  if (area.status === 'no_permission') return t`The exchange refused this key for withdrawals. Allow withdrawals for the key in the exchange’s API settings (or ask the exchange’s support).`;
  if (area.failure?.reason === 'two_factor_off' || area.failure?.status === 412) return t`Withdrawals need two-factor authentication on the exchange account.`;
  return null;
}

/** The sentence under an area's badge, or null when the badge says it all. */
export function areaSentence(key: AreaKey, area: AreaResult): string | null {
  const said = area.failure?.exchangeSaid;
  const own = (key === 'withdraw' ? withdrawWords(area) : null) ?? (area.failure ? `${errorTitle(area.failure)}.` : null);
  const lead = area.status === 'not_tested' ? t`Not tested: the exchange did not answer the question.` : null;
  const parts = [lead, own, said ? exchangeSaidWords(said) : null].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' ') : null;
}
