import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { debitDiffers, type WithdrawalRecord } from '../../../shared/model/withdrawals';
import type { TravelRule } from '../../../shared/api/withdrawRequest';
import { CopyButton } from '../../components';
import { formatAmount } from '../../format/format';
import { formatLocales } from '../../i18n';
import { AddressText } from './AddressText';
import { countryName } from './countries';
import { providerName } from './providerNames';

/** A refused or canceled withdrawal took nothing from the balance; saying "falls by" would be false. */
function nothingDebited(record: WithdrawalRecord): boolean {
  return record.state === 'rejected' || record.phase === 'canceled';
}

/**
 * What a withdrawal sends and costs, line by line: the same list before confirming and after
 * sending, so the two can never disagree. `testIdPrefix` names the value cells (e.g.
 * `confirm-total`); `before` and `after` add rows specific to one screen.
 */
export function WithdrawalDetails({
  record,
  testIdPrefix,
  before,
  after,
  vaspName,
}: {
  record: WithdrawalRecord;
  testIdPrefix: string;
  before?: ReactNode;
  after?: ReactNode;
  /** The name of a listed platform (VASP) by its id, from the exchange's list. */
  vaspName?: ((vaspId: string) => string | undefined) | undefined;
}) {
  const amountIn = (amount: string, name: string) => (
    <span className="num" data-testid={`${testIdPrefix}-${name}`}>
      {formatAmount(amount)} {record.ticker}
    </span>
  );
  return (
    <dl className="withdraw-details">
      {before}
      <Row label={t`Asset`}>{record.ticker}</Row>
      {record.network ? <Row label={t`Network`}>{record.network}</Row> : null}
      {record.provider ? (
        <Row label={t`Payment provider`}>
          <span title={record.provider} data-testid={`${testIdPrefix}-provider`}>
            {providerName(record.provider)}
          </span>
        </Row>
      ) : null}
      <Row label={record.provider ? t`Pay out to` : t`To address`}>
        <span data-testid={`${testIdPrefix}-address`}>
          <AddressText address={record.address} />
        </span>
      </Row>
      <ExactRow label={t`Memo`} value={record.memo} />
      {record.beneficiary ? (
        <Row label={t`Beneficiary`}>
          <span data-testid={`${testIdPrefix}-beneficiary`}>
            {record.beneficiary.firstName} {record.beneficiary.lastName}
          </span>
        </Row>
      ) : null}
      <ExactRow label={t`Bank BIC`} value={record.bankBic} />
      <ExactRow label={t`Your IP address`} value={record.customerIp} />
      {record.travelRule ? <TravelRuleRows travelRule={record.travelRule} testIdPrefix={testIdPrefix} vaspName={vaspName} /> : null}
      <Row label={t`Receiver gets`}>{amountIn(record.amount, 'amount')}</Row>
      <Row label={t`Fee`}>
        {record.fee === null ? (
          <span data-testid={`${testIdPrefix}-fee`}>{t`Unknown: no fee terms of the exchange match this provider (you accepted this)`}</span>
        ) : (
          amountIn(record.fee, 'fee')
        )}
      </Row>
      <Row label={nothingDebited(record) ? t`Debited` : t`Balance falls by`} strong>
        {nothingDebited(record) ? (
          <span data-testid={`${testIdPrefix}-total`}>Nothing: the {record.state === 'rejected' ? 'exchange refused the withdrawal' : 'withdrawal was canceled'}</span>
        ) : record.totalDebit === null ? (
          <span className="num" data-testid={`${testIdPrefix}-total`}>
            {formatAmount(record.amount)} {record.ticker} + an unknown fee
          </span>
        ) : (
          amountIn(record.totalDebit, 'total')
        )}
      </Row>
      {record.debitedAmount !== null ? (
        <Row label={t`Debited by the exchange`}>
          <span className="num" data-testid={`${testIdPrefix}-debited`}>
            {formatAmount(record.debitedAmount)} {record.ticker}
            {record.debitedFee !== null ? ` + ${t`fee`} ${formatAmount(record.debitedFee)} ${record.ticker}` : ''}
          </span>
          {debitDiffers(record) ? <strong className="withdraw-details__mismatch">{' '}{t`This differs from what you confirmed.`}</strong> : null}
        </Row>
      ) : null}
      <Row label={t`Withdrawal id`}>
        <span className="num withdraw-details__id" data-testid={`${testIdPrefix}-unique-id`}>
          {record.uniqueId}
        </span>{' '}
        <CopyButton value={record.uniqueId} label={t`withdrawal id`} />
      </Row>
      {after}
    </dl>
  );
}

/** The Travel Rule data as it is sent, line by line (wording ours). */
function TravelRuleRows({ travelRule, testIdPrefix, vaspName }: { travelRule: TravelRule; testIdPrefix: string; vaspName: ((vaspId: string) => string | undefined) | undefined }) {
  const b = travelRule.beneficiary;
  const locales = formatLocales();
  const country = b.address.country ? countryName(b.address.country, locales) : '';
  const address = [b.address.addressLine1, b.address.postCode, b.address.city, country].filter(Boolean).join(', ');
  const residence = countryName(b.residenceCountry, locales);
  const name = b.type === 'individual' ? `${b.firstName} ${b.lastName}` : b.fullName;
  const beneficiary = b.type === 'individual' ? t`${name} (individual), resident in ${residence}` : t`${name} (entity), resident in ${residence}`;
  return (
    <>
      <Row label={t`Travel Rule: wallet`}>
        <span data-testid={`${testIdPrefix}-travel-rule-wallet`}>
          {travelRule.walletType === 'hosted' ? t`Hosted (exchange or custodian)` : t`Unhosted (own wallet)`}
        </span>
      </Row>
      {travelRule.walletType === 'hosted' ? (
        <Row label={t`Travel Rule: platform (VASP)`}>
          {'vaspId' in travelRule.vaspData ? (
            <ListedVasp id={travelRule.vaspData.vaspId} name={vaspName?.(travelRule.vaspData.vaspId)} testId={`${testIdPrefix}-travel-rule-vasp`} />
          ) : (
            <span data-testid={`${testIdPrefix}-travel-rule-vasp`}>{travelRule.vaspData.vaspName}</span>
          )}
        </Row>
      ) : null}
      <Row label={t`Travel Rule: beneficiary`}>
        <span data-testid={`${testIdPrefix}-travel-rule-beneficiary`}>
          {beneficiary}
        </span>
      </Row>
      <Row label={t`Travel Rule: address`}>
        <span data-testid={`${testIdPrefix}-travel-rule-address`}>{address}</span>
      </Row>
    </>
  );
}

/** A row only where the record has the value, written character for character (codes, not prose). */
function ExactRow({ label, value }: { label: string; value: string | null | undefined }) {
  return value ? (
    <Row label={label}>
      <span className="num">{value}</span>
    </Row>
  ) : null;
}

export function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`withdraw-details__row${strong ? ' withdraw-details__row--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A platform picked from the exchange's list: its name, the id it is sent as on hover. */
function ListedVasp({ id, name, testId }: { id: string; name: string | undefined; testId: string }) {
  return (
    <span data-testid={testId} title={t`Sent to the exchange as platform id ${id}`}>
      {name ?? t`A platform from the exchange’s list (its name could not be loaded)`}
    </span>
  );
}
