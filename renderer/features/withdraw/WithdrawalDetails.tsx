import type { ReactNode } from 'react';
import type { WithdrawalRecord } from '../../../shared/ipc';
import { CopyButton } from '../../components';
import { formatAmount } from '../../format';
import { AddressText } from './AddressText';

/**
 * What a withdrawal sends and costs, line by line: the same list before confirming and after
 * sending, so the two can never disagree. `testIdPrefix` names the value cells (e.g.
 * `confirm-total`); `before` and `after` add rows specific to one screen.
 */
export function WithdrawalDetails({ record, testIdPrefix, before, after }: { record: WithdrawalRecord; testIdPrefix: string; before?: ReactNode; after?: ReactNode }) {
  const amountIn = (amount: string, name: string) => (
    <span className="num" data-testid={`${testIdPrefix}-${name}`}>
      {formatAmount(amount)} {record.ticker}
    </span>
  );
  return (
    <dl className="withdraw-details">
      {before}
      <Row label="Asset">{record.ticker}</Row>
      {record.network ? <Row label="Network">{record.network}</Row> : null}
      {record.provider ? <Row label="Payment provider">{record.provider}</Row> : null}
      <Row label={record.provider ? 'Pay out to' : 'To address'}>
        <span data-testid={`${testIdPrefix}-address`}>
          <AddressText address={record.address} />
        </span>
      </Row>
      {record.memo ? (
        <Row label="Memo">
          <span className="num">{record.memo}</span>
        </Row>
      ) : null}
      <Row label="Receiver gets">{amountIn(record.amount, 'amount')}</Row>
      <Row label="Fee">{amountIn(record.fee, 'fee')}</Row>
      <Row label="Balance falls by" strong>
        {amountIn(record.totalDebit, 'total')}
      </Row>
      <Row label="Withdrawal id">
        <span className="num withdraw-details__id" data-testid={`${testIdPrefix}-unique-id`}>
          {record.uniqueId}
        </span>{' '}
        <CopyButton value={record.uniqueId} label="withdrawal id" />
      </Row>
      {after}
    </dl>
  );
}

export function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`withdraw-details__row${strong ? ' withdraw-details__row--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
