import { plural, t } from '@lingui/core/macro';
import type { WithdrawalPreview } from '../../../shared/api/fees';
import { feeUnknownWords } from './feeUnknownWords';
import { compare } from '../../../shared/money/decimal';
import { formatAmount } from '../../format/format';

/** The decimal-exact fee-on-top breakdown: what arrives, what it costs, what is left. */
export function PreviewPanel({ preview, ticker, problem = false }: { preview: WithdrawalPreview; ticker: string; problem?: boolean }) {
  const negative = preview.balanceAfter !== null && compare(preview.balanceAfter, '0') < 0;
  const min = formatAmount(preview.limits.min);
  const max = preview.limits.max === null ? null : formatAmount(preview.limits.max);
  const limits = max === null ? t`from ${min} ${ticker}, no maximum` : t`${min} to ${max} ${ticker}`;
  const gets = formatAmount(preview.receiverGets);
  const available = formatAmount(preview.balanceBefore);
  return (
    <dl className={`withdraw-preview${problem ? ' withdraw-preview--problem' : ''}`} aria-label={t`Withdrawal preview`} aria-live="polite">
      <div>
        <dt>{t`Receiver gets`}</dt>
        <dd className="num" data-testid="preview-receiver-gets">
          {formatAmount(preview.receiverGets)} {ticker}
        </dd>
      </div>
      <div>
        <dt>{t`Fee`}</dt>
        <dd className="num" data-testid="preview-fee">
          {preview.fee === null ? t`Fee unknown` : `+ ${formatAmount(preview.fee)} ${ticker}`}
        </dd>
      </div>
      <div className="withdraw-preview__total">
        <dt>{t`Balance falls by`}</dt>
        <dd className="num" data-testid="preview-total">
          {preview.totalDebit === null ? t`${gets} ${ticker} + an unknown fee` : `${formatAmount(preview.totalDebit)} ${ticker}`}
        </dd>
      </div>
      <div>
        <dt>{t`Balance left`}</dt>
        <dd className={`num${negative ? ' withdraw-preview__negative' : ''}`} data-testid="preview-balance-after">
          {preview.balanceAfter === null ? t`Unknown (the fee is unknown)` : `${formatAmount(preview.balanceAfter)} ${ticker}`}
        </dd>
      </div>
      {negative ? (
        <div className="withdraw-preview__note withdraw-preview__negative" data-testid="preview-overdrawn">
          <dt>{t`Not enough`}</dt>
          <dd>{t`This would take the balance below zero: ${available} ${ticker} available.`}</dd>
        </div>
      ) : null}
      <div className="withdraw-preview__limits">
        <dt>{t`Limits`}</dt>
        <dd className="num" data-testid="preview-limits">
          {limits}
        </dd>
      </div>
      {preview.feeUnknown ? (
        <div className="withdraw-preview__note" data-testid="preview-fee-unknown">
          <dt>{t`Why the fee is unknown`}</dt>
          <dd>{feeUnknownWords(preview.feeUnknown)}</dd>
        </div>
      ) : null}
      {preview.precisionAssumed ? (
        <div className="withdraw-preview__note" data-testid="preview-precision-assumed">
          <dt>{t`Precision`}</dt>
          <dd>
            {plural(preview.precision, {
              one: `The exchange states no precision for ${ticker}; amounts are rounded to # decimal place.`,
              other: `The exchange states no precision for ${ticker}; amounts are rounded to # decimal places.`,
            })}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
