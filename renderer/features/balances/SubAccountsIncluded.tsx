import { plural, t } from '@lingui/core/macro';
import type { SubAccountsTotal } from '../../../shared/model/subAccounts';
import { add } from '../../../shared/money/decimal';
import { useChannelQuery } from '../../api/queries';
import { displayValue } from './cells';

const REASON: Record<SubAccountsTotal['excluded'][number]['reason'], () => string> = {
  unconfirmed: () => t`not confirmed`,
  no_permission: () => t`not readable with this key`,
  unreadable: () => t`could not be read`,
};

/** Why an account or sub-account is left out of a sum, in words. */
export const leftOutReason = (reason: keyof typeof REASON): string => REASON[reason]();

/**
 * The account's sub-accounts valued together and added to its own total, on request: what was
 * included, and every sub-account left out with why. A key that may not list sub-accounts says so.
 */
export function SubAccountsIncluded({ accountId, quote, ownTotal }: { accountId: string; quote: string; ownTotal: string }) {
  const query = useChannelQuery('subAccounts.total', { accountId, quote });
  if (query.isPending) return <p className="field__hint">{t`Reading the sub-accounts…`}</p>;
  if (query.isError) return <p className="field__hint" role="alert">{t`The sub-accounts could not be read; the total above is this account's own.`}</p>;
  const sub = query.data;
  if (sub.access === 'no_permission') return <p className="field__hint">{t`This API key may not read sub-accounts; the total above is this account's own.`}</p>;
  const withSubs = add(ownTotal, sub.total);
  return (
    <section className="card card__section sub-accounts-included" aria-label={t`With sub-accounts`} data-testid="sub-accounts-included" data-own={ownTotal}>
      <dl>
        <div>
          <dt>{plural(sub.included, { one: '# sub-account', other: '# sub-accounts' })}</dt>
          <dd className="num" data-testid="sub-accounts-value" data-value={sub.total} title={`${sub.total} ${quote}`}>
            {displayValue(sub.total, quote)} {quote}
          </dd>
        </div>
        <div>
          <dt>{t`Total with sub-accounts`}</dt>
          <dd className="num" data-testid="total-with-sub-accounts" data-value={withSubs} title={`${withSubs} ${quote}`}>
            <strong>
              {displayValue(withSubs, quote)} {quote}
            </strong>
          </dd>
        </div>
      </dl>
      {sub.excluded.length > 0 ? (
        <p className="field__hint" data-testid="sub-accounts-excluded">
          {t`Not included:`} {sub.excluded.map((e) => `${e.alias} (${leftOutReason(e.reason)})`).join(', ')}
        </p>
      ) : null}
      {sub.unpriced > 0 ? <p className="field__hint">{plural(sub.unpriced, { one: `# asset in sub-accounts has no price in ${quote}`, other: `# assets in sub-accounts have no price in ${quote}` })}</p> : null}
      {sub.truncated ? <p className="field__hint">{t`Only the first 1,000 sub-accounts are included.`}</p> : null}
    </section>
  );
}
