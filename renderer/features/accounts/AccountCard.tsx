import { t } from '@lingui/core/macro';
import { useRef, useState, type ReactNode } from 'react';
import type { AccountSummary } from '../../../shared/model/accounts';
import { useChannelMutation } from '../../api/queries';
import { Badge, ErrorPanel } from '../../components';
import { PermissionReportView } from './PermissionReportView';
import { EditAccountForm } from './EditAccountForm';
import { ReplaceKeyForm } from './ReplaceKeyForm';
import { AlertThresholdField } from '../alerts/AlertThresholdField';

/** Worded at render time, in the language chosen then (a module-level table would keep the first one). */
const regionLabel = (region: AccountSummary['region']): string => ({ global: t`Global`, eu: t`EU`, custom: t`Custom` })[region];

export function AccountCard({ account, isActive }: { account: AccountSummary; isActive: boolean }) {
  const [replacing, setReplacing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  // Closing the confirmation (Cancel or Escape) puts focus back on the Remove button that opened it.
  const cancelRemove = () => {
    setConfirmingRemove(false);
    requestAnimationFrame(() => removeButton.current?.focus());
  };
  const select = useChannelMutation('accounts.select', { invalidates: ['accounts.list'] });
  const test = useChannelMutation('accounts.test');
  const update = useChannelMutation('accounts.update', { invalidates: ['accounts.list'] });
  const remove = useChannelMutation('accounts.remove', { invalidates: ['accounts.list'] });
  const secretMissing = !account.isDemo && !account.hasSecret;
  const error = select.error ?? test.error ?? update.error ?? remove.error;

  return (
    <li className="card account-card" aria-label={account.name} data-account-id={account.id}>
      <div className="account-card__head">
        <div className="account-card__title">
          <span className="account-card__name" title={account.name}>
            {account.name}
          </span>
          {isActive ? <Badge tone="info">{t`Active`}</Badge> : null}
          {account.isDemo ? <Badge tone="demo">DEMO</Badge> : null}
          <Badge>{regionLabel(account.region)}</Badge>
        </div>
        <div className="toolbar">
          {!isActive ? (
            <button type="button" className="button" disabled={select.isPending} onClick={() => select.mutate({ accountId: account.id })}>
              {t`Set active`}
            </button>
          ) : null}
          <button type="button" className="button" disabled={test.isPending || secretMissing} onClick={() => test.mutate({ accountId: account.id })}>
            {test.isPending ? t`Testing…` : t`Test key`}
          </button>
          {!account.isDemo ? (
            <>
              <button type="button" className="button" aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
                {t`Edit`}
              </button>
              <button type="button" className="button" aria-expanded={replacing} onClick={() => setReplacing((v) => !v)}>
                {secretMissing ? t`Re-enter key` : t`Replace key`}
              </button>
              <button ref={removeButton} type="button" className="button button--danger" onClick={() => setConfirmingRemove(true)} disabled={confirmingRemove}>
                {t`Remove`}
              </button>
            </>
          ) : null}
        </div>
      </div>

      <dl className="account-card__facts">
        <div>
          <dt>{t`API key`}</dt>
          <dd className="num">{account.apiKeyMasked ?? '\u2014'}</dd>
        </div>
        <div>
          <dt>{t`Secret`}</dt>
          <dd>
            {account.isDemo ? (
              t`Not needed (simulated exchange)`
            ) : account.hasSecret ? (
              <Badge tone="positive">{t`Stored in keychain`}</Badge>
            ) : (
              <Badge tone="danger">{t`Secret missing - re-enter`}</Badge>
            )}
          </dd>
        </div>
        <div className="account-card__url">
          <dt>{t`Server`}</dt>
          <dd title={account.baseUrl}>{account.baseUrl}</dd>
        </div>
      </dl>

      <AccountFlag account={account} flag="notifyPositions" update={update}>
        {t`Notify me about margin calls and liquidations`}
      </AccountFlag>
      {account.notifyPositionsByDefault ? (
        <p className="field__hint" data-testid="notify-default">
          {t`On by default: alerts come when this account has open positions. Untick to switch them off; your choice is kept.`}
        </p>
      ) : null}
      <AlertThresholdField key={account.alertThresholdPercent ?? ''} account={account} />
      <AccountFlag account={account} flag="eea" update={update}>
        {t`EEA account (crypto withdrawals need Travel Rule details)`}
      </AccountFlag>

      {confirmingRemove ? (
        <div
          className="confirm"
          role="alertdialog"
          aria-label={t`Remove ${account.name}?`}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            cancelRemove();
          }}
        >
          <p>
            {t`Remove “${account.name}”? Its API key and secret are deleted from this computer (the key itself stays valid on the exchange).`}
          </p>
          <div className="toolbar">
            <button type="button" className="button button--danger" disabled={remove.isPending} onClick={() => remove.mutate({ accountId: account.id })}>
              {t`Yes, remove`}
            </button>
            {/* Focus starts on the harmless choice, so Enter does not remove by accident. */}
            <button type="button" className="button button--ghost" autoFocus onClick={cancelRemove}>
              {t`Cancel`}
            </button>
          </div>
        </div>
      ) : null}

      {editing ? <EditAccountForm account={account} onDone={() => setEditing(false)} /> : null}
      {replacing ? <ReplaceKeyForm account={account} onCancel={() => setReplacing(false)} /> : null}
      {test.data ? <PermissionReportView report={test.data} /> : null}
      {error ? <ErrorPanel error={error.error} compact /> : null}
    </li>
  );
}

/** A yes/no setting of the account, saved as soon as it is clicked. */
function AccountFlag({
  account,
  flag,
  update,
  children,
}: {
  account: AccountSummary;
  flag: 'notifyPositions' | 'eea';
  update: ReturnType<typeof useChannelMutation<'accounts.update'>>;
  children: ReactNode;
}) {
  // The choice shows at once, set in the click itself: the mutation's own pending state arrives a
  // tick later, long enough for a controlled checkbox to snap back visibly. Cleared once the save
  // settles, when the refreshed account list (or, on failure, the old value) takes over.
  const [choice, setChoice] = useState<boolean | null>(null);
  return (
    <label className="checkbox account-card__notify">
      <input
        type="checkbox"
        checked={choice ?? account[flag]}
        disabled={update.isPending}
        onChange={(e) => {
          setChoice(e.target.checked);
          update.mutate({ accountId: account.id, [flag]: e.target.checked }, { onSettled: () => setChoice(null) });
        }}
      />
      {children}
    </label>
  );
}
