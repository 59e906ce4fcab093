import { useState } from 'react';
import { t } from '@lingui/core/macro';
import { useChannelQuery, REFERENCE_DATA } from '../../api/queries';
import { CopyButton, EmptyState, QueryState, View } from '../../components';
import type { ViewProps } from '../../shell/views';
import { formatAmount } from '../../format/format';
import { AddressQr } from './AddressQr';
import './deposits.css';

/**
 * Receive: pick an asset and its network, get the exchange's address (and memo) for it with a QR
 * code, the deposit limits and fee, and the warnings that keep a deposit from being lost.
 */
export function DepositView({ account }: ViewProps) {
  const assets = useChannelQuery('exchange.assets', { accountId: account.id }, { ...REFERENCE_DATA, refetchInterval: false });
  const [ticker, setTicker] = useState('USDT');
  const [chosenNetwork, setNetwork] = useState<string | null>(null);
  const asset = assets.data?.items[ticker];
  const networks = asset?.networks?.deposits ?? [];
  const network = chosenNetwork !== null && networks.includes(chosenNetwork) ? chosenNetwork : (networks[0] ?? null);
  const tickers = assets.data ? Object.keys(assets.data.items).sort() : [];

  return (
    <View name="deposit" title={t`Receive`} subtitle={t`Deposit addresses of ${account.name}`}>
      <div className="toolbar">
        <label className="field field--inline">
          <span className="field__label">{t`Asset`}</span>
          <select aria-label={t`Asset to receive`} value={ticker} onChange={(e) => { setTicker(e.target.value); setNetwork(null); }}>
            {(tickers.includes(ticker) ? tickers : [ticker, ...tickers]).map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        {networks.length > 1 ? (
          <label className="field field--inline">
            <span className="field__label">{t`Network`}</span>
            <select aria-label={t`Network`} value={network ?? ''} onChange={(e) => setNetwork(e.target.value)}>
              {networks.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {asset && !asset.can_deposit ? (
        <div className="card">
          <EmptyState title={t`${ticker} has no deposit address`}>{t`The exchange does not accept ${ticker} deposits right now.`}</EmptyState>
        </div>
      ) : (
        <AddressCard accountId={account.id} ticker={ticker} network={networks.length > 1 ? network : null} />
      )}
    </View>
  );
}

function AddressCard({ accountId, ticker, network }: { accountId: string; ticker: string; network: string | null }) {
  const query = useChannelQuery('deposits.address', { accountId, ticker, ...(network ? { network } : {}) }, { refetchInterval: false, staleTime: 10 * 60_000 });
  return (
    <QueryState query={query} loading={{ label: t`Loading the deposit address`, rows: 3 }}>
      {(d) =>
        d.state === 'not_depositable' || d.address === null ? (
          <div className="card" data-testid="deposit-none">
            <EmptyState title={t`${ticker} has no deposit address`}>{t`Fiat money and assets the exchange does not accept for deposit cannot be received to an address.`}</EmptyState>
          </div>
        ) : (
          <section className="card card__section deposit" aria-label={t`Deposit address`} data-testid="deposit-address">
            <p className="deposit__warning" role="note">
              {network ? t`Send only ${ticker} on ${network} to this address.` : t`Send only ${ticker} to this address.`}
            </p>
            {d.memo ? (
              <p className="deposit__warning deposit__warning--memo" role="alert" data-testid="memo-warning">
                {t`The memo is required: a deposit without it is lost.`}
              </p>
            ) : null}
            <div className="deposit__body">
              <AddressQr address={d.address} />
              <dl className="deposit__fields">
                <dt>{t`Address`}</dt>
                <dd>
                  <code data-testid="deposit-address-text">{d.address}</code> <CopyButton value={d.address} label={t`address`} />
                </dd>
                {d.memo ? (
                  <>
                    <dt>{t`Memo`}</dt>
                    <dd>
                      <code data-testid="deposit-memo">{d.memo}</code> <CopyButton value={d.memo} label={t`memo`} />
                    </dd>
                  </>
                ) : null}
                <dt>{t`Minimum deposit`}</dt>
                <dd className="num">{d.minAmount ? `${formatAmount(d.minAmount)} ${ticker}` : t`No minimum`}</dd>
                <dt>{t`Maximum deposit`}</dt>
                <dd className="num">{d.maxAmount ? `${formatAmount(d.maxAmount)} ${ticker}` : t`No limit`}</dd>
                <dt>{t`Deposit fee`}</dt>
                <dd className="num" data-testid="deposit-fee">
                  {feeText(d.fixedFee, d.flexFee, ticker)}
                </dd>
              </dl>
            </div>
          </section>
        )
      }
    </QueryState>
  );
}

function feeText(fixed: string | null, flex: { percent: string; minFee: string; maxFee: string | null } | null, ticker: string): string {
  const parts: string[] = [];
  if (fixed) parts.push(`${formatAmount(fixed)} ${ticker}`);
  if (flex) {
    const percent = formatAmount(flex.percent);
    const min = formatAmount(flex.minFee);
    parts.push(flex.maxFee ? t`${percent}% (at least ${min}, at most ${formatAmount(flex.maxFee)} ${ticker})` : t`${percent}% (at least ${min} ${ticker})`);
  }
  return parts.length === 0 ? t`No fee` : parts.join(' + ');
}
