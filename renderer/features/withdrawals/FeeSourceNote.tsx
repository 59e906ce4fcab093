import { t } from '@lingui/core/macro';
import type { FeeSchedule } from '../../../shared/model/fees';

/** Where the preview's fee terms come from: the account's own schedule, or the published list and why. */
export function FeeSourceNote({ schedule, ticker }: { schedule: Pick<FeeSchedule, 'accountSchedule' | 'accountTerms'>; ticker: string }) {
  // The account's terms apply only to a currency with a single fee entry, keyed by its ticker.
  const own = schedule.accountTerms.includes(ticker);
  const words = own
    ? t`Fee and limits from your account's own fee schedule.`
    : schedule.accountSchedule === 'not_permitted'
      ? t`Fee and limits from the exchange's published list: this API key may not read the account's own fee schedule.`
      : schedule.accountSchedule === 'unavailable'
        ? t`Fee and limits from the exchange's published list: the account's own fee schedule could not be read.`
        : t`Fee and limits from the exchange's published list: the account's schedule has one entry per currency, not one per network or provider.`;
  return (
    <p className="field__hint" data-testid="preview-fee-source" data-source={own ? 'account' : 'published'}>
      {words}
    </p>
  );
}
