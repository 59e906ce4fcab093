import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { KnownDestination } from '../../../shared/model/withdrawals';
import { useChannelMutation, useChannelQuery } from '../../api/queries';
import { Card, DataTable, downloadCsv, EmptyState, HiddenHeader, type Column } from '../../components';
import { csvFilename } from '../../csv/filename';
import { formatEpochMs } from '../../format/format';

/**
 * The known-destinations book: every address this account has sent to, most recent first. Picking
 * one fills the form; a label helps to tell them apart; the book can be saved as CSV.
 */
export function KnownDestinations({ accountId, accountName, onPick }: { accountId: string; accountName: string; onPick: (destination: KnownDestination) => void }) {
  const book = useChannelQuery('withdrawals.destinations', { accountId }, { refetchInterval: false });
  const label = useChannelMutation('withdrawals.labelDestination', { invalidates: ['withdrawals.destinations'] });
  const rows = book.data ?? [];
  const exportBook = () =>
    downloadCsv(csvFilename('known-destinations', accountName), [
      [t`Asset`, t`Network`, t`Payment provider`, t`Address`, t`Memo`, t`Label`, t`First used`, t`Last used`, t`Withdrawals`],
      ...rows.map((d) => [d.ticker, d.network, d.provider, d.address, d.memo, d.label, new Date(d.firstUsedAt).toISOString(), new Date(d.lastUsedAt).toISOString(), d.uses]),
    ]);
  const columns: Column<KnownDestination>[] = [
    {
      header: t`Label`,
      cell: (d) => (
        <LabelInput
          destination={d}
          onSave={(text) => label.mutate({ accountId, ticker: d.ticker, network: d.network, provider: d.provider, address: d.address, memo: d.memo, label: text })}
        />
      ),
    },
    {
      header: t`Asset`,
      cell: (d) => (
        <>
          <span className="cell-main">{d.ticker}</span>
          <span className="cell-sub">{d.network ?? d.provider ?? ''}</span>
        </>
      ),
    },
    { header: t`Address`, cellProps: (d) => ({ className: 'num', title: d.address }), cell: (d) => (d.memo ? `${shortAddress(d.address)} · ${d.memo}` : shortAddress(d.address)) },
    { header: t`Last used`, align: 'end', cell: (d) => formatEpochMs(d.lastUsedAt) },
    {
      header: <HiddenHeader>{t`Use`}</HiddenHeader>,
      align: 'end',
      cell: (d) => (
        <button type="button" className="button button--small" onClick={() => onPick(d)} aria-label={t`Fill the form with ${d.ticker} to ${shortAddress(d.address)}`}>
          {t`Use`}
        </button>
      ),
    },
  ];
  return (
    <Card title={t`Known destinations`} titleId="known-destinations-title" titleClassName="withdraw-form__title">
      {rows.length === 0 ? (
        <EmptyState title={t`No destinations yet`}>{t`Every address you send to is remembered here, so the next payment to it can be picked instead of pasted.`}</EmptyState>
      ) : (
        <>
          <DataTable
            className="withdraw-destinations"
            aria-labelledby="known-destinations-title"
            columns={columns}
            rows={rows}
            rowKey={(d) => [d.ticker, d.network, d.provider, d.address, d.memo].join('|')}
            rowTestId="known-destination"
          />
          <div className="card__section">
            <button type="button" className="button button--small" onClick={exportBook}>
              {t`Export as CSV`}
            </button>
          </div>
        </>
      )}
    </Card>
  );
}

function LabelInput({ destination, onSave }: { destination: KnownDestination; onSave: (label: string | null) => void }) {
  const [text, setText] = useState(destination.label ?? '');
  const save = () => {
    const next = text.trim() || null;
    if (next !== destination.label) onSave(next);
  };
  return (
    <input
      className="withdraw-destinations__label"
      value={text}
      maxLength={80}
      placeholder={t`Add a label`}
      aria-label={t`Label for ${destination.ticker} to ${shortAddress(destination.address)}`}
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
    />
  );
}

function shortAddress(address: string): string {
  return address.length > 18 ? `${address.slice(0, 8)}…${address.slice(-8)}` : address;
}
