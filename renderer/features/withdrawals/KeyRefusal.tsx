import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { AccountSummary } from '../../../shared/model/accounts';
import { exchangeSaidWords } from '../../components';
import { formatEpochMs } from '../../format/format';

/** Where a person allows withdrawals for a key: the exchange's own API settings page. */
function apiSettingsUrl(account: AccountSummary): string {
  return account.region === 'eu' ? 'https://whitebit.eu/settings/api' : 'https://whitebit.com/settings/api';
}

/** The reason Send is off, when the account's key is known not to withdraw; null otherwise. */
export function keyRefusalOf(account: AccountSummary): string | null {
  const access = account.withdrawAccess;
  if (access?.status !== 'no_permission') return null;
  const refused = t`The exchange refused this key for withdrawals.`;
  return access.exchangeSaid ? `${refused} ${exchangeSaidWords(access.exchangeSaid)}` : refused;
}

/**
 * Said before anything is typed: a key the exchange refused for withdrawals (in its key test, or on
 * a real attempt) cannot send, so Review and Send stay off until the key is allowed and tested again.
 */
export function KeyRefusalNotice({ account }: { account: AccountSummary }) {
  const reason = keyRefusalOf(account);
  if (reason === null || account.withdrawAccess === undefined) return null;
  const learned = account.withdrawAccess.source === 'withdrawal' ? t`when a withdrawal was sent` : t`when the key was tested`;
  const at = formatEpochMs(account.withdrawAccess.learnedAt);
  const url = apiSettingsUrl(account);
  return (
    <div className="withdraw-alert" role="alert" data-testid="key-refusal">
      <Trans>
        <strong>This key cannot withdraw.</strong> {reason} (learned {learned}, {at}). Allow withdrawals for the key on the{' '}
        <a href={url} target="_blank" rel="noreferrer">
          exchange&apos;s API settings page
        </a>
        , then choose Test key on the Accounts page.
      </Trans>
    </div>
  );
}
