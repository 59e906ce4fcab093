import { t } from '@lingui/core/macro';
import { exchangeSaidWords } from '../../components';
/**
 * Shown instead of an error when the exchange refuses the flex endpoints with 403. The exchange's
 * words do not say why, and two causes are documented (docs/exchange-api.md), so both are named.
 */
export function B2bPanel({ exchangeSaid }: { exchangeSaid: string | undefined }) {
  return (
    <div className="card b2b-panel" role="status" data-testid="b2b-panel">
      <div className="card__section">
        <p className="b2b-panel__title">{t`Flex plans are not available with this account or API key`}</p>
        <p>{t`The exchange refused the flex endpoints. There are two possible causes:`}</p>
        <ul>
          <li>
            {t`The account has no B2B lending access. Flex plans are available to B2B partner accounts; request access from WhiteBIT (institutional services).`}
          </li>
          <li>
            {t`This API key’s endpoint access restrictions exclude the flex endpoints. Allow them for the key in the API settings on the exchange website, or use another key.`}
          </li>
        </ul>
        <p>{t`Balances, codes, positions and withdrawals work as usual.`}</p>
        {exchangeSaid ? <p className="field__hint b2b-panel__detail">{exchangeSaidWords(exchangeSaid)}</p> : null}
      </div>
    </div>
  );
}
