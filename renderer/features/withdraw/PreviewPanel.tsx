import type { WithdrawalPreview } from '../../../shared/api/fees';
import { compare } from '../../../shared/money/decimal';
import { formatAmount } from '../../format';

/** The decimal-exact fee-on-top breakdown: what arrives, what it costs, what is left. */
export function PreviewPanel({ preview, ticker, problem = false }: { preview: WithdrawalPreview; ticker: string; problem?: boolean }) {
  const negative = compare(preview.balanceAfter, '0') < 0;
  const limits = preview.limits.max === null ? `from ${formatAmount(preview.limits.min)} ${ticker}, no maximum` : `${formatAmount(preview.limits.min)} to ${formatAmount(preview.limits.max)} ${ticker}`;
  return (
    <dl className={`withdraw-preview${problem ? ' withdraw-preview--problem' : ''}`} aria-label="Withdrawal preview" aria-live="polite">
      <div>
        <dt>Receiver gets</dt>
        <dd className="num" data-testid="preview-receiver-gets">
          {formatAmount(preview.receiverGets)} {ticker}
        </dd>
      </div>
      <div>
        <dt>Fee</dt>
        <dd className="num" data-testid="preview-fee">
          + {formatAmount(preview.fee)} {ticker}
        </dd>
      </div>
      <div className="withdraw-preview__total">
        <dt>Balance falls by</dt>
        <dd className="num" data-testid="preview-total">
          {formatAmount(preview.totalDebit)} {ticker}
        </dd>
      </div>
      <div>
        <dt>Balance left</dt>
        <dd className={`num${negative ? ' withdraw-preview__negative' : ''}`} data-testid="preview-balance-after">
          {formatAmount(preview.balanceAfter)} {ticker}
        </dd>
      </div>
      <div className="withdraw-preview__limits">
        <dt>Limits</dt>
        <dd className="num" data-testid="preview-limits">
          {limits}
        </dd>
      </div>
    </dl>
  );
}
