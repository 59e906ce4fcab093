import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import type { AccountSummary } from '../../../shared/model/accounts';
import { DEFAULT_QUOTE } from '../../../shared/model/balances';
import { ALL_ACCOUNTS_SERIES, HISTORY_RANGES, RANGE_MS, type HistoryRange, type HistorySeries } from '../../../shared/model/history';
import { useChannelQuery, useSettings } from '../../api/queries';
import { AccountScopeSelect, useAccountScope } from '../balances/AccountScopeSelect';
import { EmptyState, errorTitle, QueryState, SidewaysScroller, View } from '../../components';
import { downloadCsv } from '../../csv/csv';
import { csvFilename } from '../../csv/filename';
import { formatAmount, formatDay, formatEpochMs } from '../../format/format';
import { isZero } from '../../../shared/money/decimal';
import { amountText, changeText, displayValue, frozenText } from '../balances/cells';
import { HistoryChart } from './HistoryChart';
import { timelineWords } from './timelineWords';
import { asOfCsvRows, endOfLocalDay, localToday } from './asOf';
import './history.css';

// The long words complete "over …" / "in …" phrases (Ukrainian puts its own "за" before them).
const RANGE_WORDS: Record<HistoryRange, { short: MessageDescriptor; long: MessageDescriptor }> = {
  '1d': { short: msg({ message: '1D', context: 'history range' }), long: msg`the last day` },
  '1w': { short: msg({ message: '1W', context: 'history range' }), long: msg`the last week` },
  '1m': { short: msg({ message: '1M', context: 'history range' }), long: msg`the last month` },
  '1y': { short: msg({ message: '1Y', context: 'history range' }), long: msg`the last year` },
  all: { short: msg({ message: 'All', context: 'history range' }), long: msg`everything kept` },
};

/** Snapshots refresh with the balances; the view asks again at most this often by itself. */
const REFRESH_MS = 60_000;

/**
 * The account over time: net worth (or one asset's amount and value) from the snapshots the main
 * process keeps, with the change over the range, exact figures under the cursor, withdrawals and
 * alerts as marks, and the balances as of a chosen date.
 */
export function HistoryView({ account }: { account: AccountSummary }) {
  const { settings } = useSettings();
  const quote = settings?.quote ?? DEFAULT_QUOTE;
  const [range, setRange] = useState<HistoryRange>('1d');
  const [asset, setAsset] = useState('');
  // Balances' choice too; History has no all-accounts series with a single account.
  const scope = useAccountScope();
  const allAccounts = scope.realAccounts > 1 && (scope.chosen ?? true);
  const accountId = allAccounts ? ALL_ACCOUNTS_SERIES : account.id;
  const series = useChannelQuery(
    'history.series',
    { accountId, range, quote, points: 1_000, ...(asset ? { asset } : {}) },
    { placeholderData: keepPreviousData, refetchInterval: REFRESH_MS },
  );
  // The asset picker lists what net worth's answer names (the asset answer carries none).
  const assets = useChannelQuery('history.series', { accountId, range, quote, points: 10 }, { enabled: asset !== '', refetchInterval: false });
  const assetChoices = (asset ? assets.data?.assets : series.data?.assets) ?? [];
  const firstAt = series.data?.firstAt ?? null;
  const idle = idleRanges(firstAt, series.data?.to ?? null);

  return (
    <View
      name="history"
      title={t`History`}
      className="history-view"
      subtitle={allAccounts ? t`All accounts over time, valued in ${quote}` : t`${account.name} over time, valued in ${quote}`}
      actions={
        <div className="toolbar">
          {scope.realAccounts > 1 ? (
            <AccountScopeSelect label={t`Account`} ariaLabel={t`History of`} accountName={account.name} allAccounts={allAccounts} onChange={scope.setAllAccounts} />
          ) : null}
          <div className="history-ranges" role="group" aria-label={t`Range`}>
            {HISTORY_RANGES.map((r) => (
              <button
                key={r}
                type="button"
                className="button button--small"
                aria-pressed={range === r}
                disabled={idle.has(r) && range !== r}
                title={idle.has(r) && firstAt !== null ? t`History starts ${formatEpochMs(firstAt)}: a shorter range already shows all of it.` : i18n._(RANGE_WORDS[r].long)}
                onClick={() => setRange(r)}
              >
                {i18n._(RANGE_WORDS[r].short)}
              </button>
            ))}
          </div>
          <label className="field field--inline">
            <span className="field__label">{t`Show`}</span>
            <select aria-label={t`Series`} value={asset} onChange={(e) => setAsset(e.target.value)}>
              <option value="">{t`Net worth`}</option>
              {[...new Set([...(asset ? [asset] : []), ...assetChoices])].map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </label>
        </div>
      }
    >
      <QueryState
        query={series}
        loading={{ rows: 4, label: t`Loading history` }}
        empty={{
          when: (s) => s.firstAt === null,
          title: t`No history yet`,
          text: (
            <p>
              {t`The app saves a snapshot of this account each time its balances are refreshed, and every 5 minutes while the app runs. The chart fills from the first one on; keep the app open (or open Balances) and come back.`}
            </p>
          ),
        }}
      >
        {(s) => <SeriesPanel series={s} rangeWords={i18n._(RANGE_WORDS[range].long)} />}
      </QueryState>
      <AsOfPanel accountId={accountId} name={allAccounts ? t`All accounts` : account.name} quote={quote} />
    </View>
  );
}

/**
 * Ranges that would only show the same data as a shorter one: the history is younger than the
 * shorter range already. "All" always stays.
 */
export function idleRanges(firstAt: number | null, to: number | null): Set<HistoryRange> {
  const idle = new Set<HistoryRange>();
  if (firstAt === null || to === null) return idle;
  let covered = false;
  for (const r of HISTORY_RANGES) {
    if (r === 'all') continue;
    if (covered) idle.add(r);
    else if (RANGE_MS[r] >= to - firstAt) covered = true;
  }
  return idle;
}

function SeriesPanel({ series, rangeWords }: { series: HistorySeries; rangeWords: string }) {
  const [hover, setHover] = useState<number | null>(null);
  const q = series.quote;
  const last = series.points.at(-1);
  const shown = hover !== null ? series.points[hover] : last;
  const subject = series.asset ?? t`Net worth`;
  const noPrice = t`no price`;

  if (!last) {
    return (
      <div className="card">
        <EmptyState title={t`Nothing in ${rangeWords}`}>
          <p>
            {series.firstAt === null
              ? t`History for this account starts with its first snapshot. Choose a longer range.`
              : t`History for this account starts on ${formatEpochMs(series.firstAt)}. Choose a longer range.`}
          </p>
        </EmptyState>
      </div>
    );
  }
  // The chart and the change cover the data that exists: a range longer than the history is
  // drawn from its first snapshot, and the change is labelled from then.
  const startsLate = series.firstAt !== null && series.firstAt > series.from;
  const from = startsLate ? series.firstAt! : series.from;
  const overWords = startsLate ? t`Change since ${formatEpochMs(series.firstAt!)}` : t`Change over ${rangeWords}`;
  const latestWords = last.value === null ? noPrice : displayValue(last.value, q);
  const change = series.change;
  const tone = change === null ? '' : change.value.startsWith('-') ? 'history-change--down' : /^0(\.0*)?$/.test(change.value) ? '' : 'history-change--up';

  return (
    <section className="card card__section history-panel" aria-label={t`${subject} over ${rangeWords}`}>
      <div className="history-figures">
        <p className="history-latest">
          <span className="history-label">{t`${subject}, latest`}</span>
          <strong className="num" data-testid="history-latest" data-value={last.value ?? ''} data-at={last.at} title={`${last.value ?? noPrice} ${q}`}>
            {last.value === null ? noPrice : `${displayValue(last.value, q)} ${q}`}
          </strong>
          {series.asset && last.amount !== undefined ? <span className="num history-amount">{formatAmount(last.amount)} {series.asset}</span> : null}
        </p>
        <p className={`history-change ${tone}`} data-testid="history-change">
          <span className="history-label">{overWords}</span>
          <strong className="num" title={change === null ? undefined : `${change.value} ${q}`}>
            {change === null ? '—' : `${change.value.startsWith('-') ? '' : '+'}${displayValue(change.value, q)} ${q}`}
            {change?.percent != null ? ` (${changeText(change.percent, change.value)})` : ''}
          </strong>
        </p>
        <p className="history-readout" aria-live="polite" data-testid="history-readout">
          <span className="history-label">{hover === null ? t`Point under the cursor` : formatEpochMs(shown!.at)}</span>
          {hover === null || !shown ? (
            <span className="muted">{t`Hover the chart for exact figures`}</span>
          ) : (
            <strong className="num" title={`${shown.value ?? noPrice} ${q}${series.asset && shown.amount !== undefined ? ` · ${shown.amount} ${series.asset}` : ''}`}>
              {shown.value === null ? noPrice : `${displayValue(shown.value, q)} ${q}`}
              {series.asset && shown.amount !== undefined ? ` · ${formatAmount(shown.amount)} ${series.asset}` : ''}
            </strong>
          )}
        </p>
      </div>
      <HistoryChart
        points={series.points}
        from={from}
        to={series.to}
        withAmount={series.asset !== null}
        events={series.events}
        label={plural(series.points.length, {
          one: `${subject} in ${q} over ${rangeWords}: # point, latest ${latestWords}`,
          other: `${subject} in ${q} over ${rangeWords}: # points, latest ${latestWords}`,
        })}
        onHover={setHover}
      />
      <p className="history-note muted">
        {startsLate ? <span data-testid="history-starts">{t`History starts ${formatEpochMs(series.firstAt!)}.`} </span> : null}
        {plural(series.snapshots, { one: '# snapshot in this range.', other: '# snapshots in this range.' })}
        {series.points.length < series.snapshots
          ? ` ${plural(series.points.length, { one: 'Drawn as # point: the newest of each interval.', other: 'Drawn as # points: the newest of each interval.' })}`
          : ''}
        {series.asset ? ` ${t`The green line is the amount held (right scale).`}` : ''}
      </p>
      {series.events.length > 0 ? (
        <details className="history-events">
          <summary>
            {plural(series.events.length, {
              one: '# event on the timeline (dashed marks: blue withdrawals, amber alerts)',
              other: '# events on the timeline (dashed marks: blue withdrawals, amber alerts)',
            })}
          </summary>
          <ul>
            {series.events.map((e, i) => {
              const words = timelineWords(e);
              return (
                <li key={`${e.kind}-${e.at}-${i}`} data-testid="history-event">
                  <span className="num">{formatEpochMs(e.at)}</span> {words.title} <span className="muted">{words.detail}</span>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** An amount in the as-of table: a dash for zero, the frozen part of a trade balance under it. */
function AmountCell({ amount, frozen }: { amount: string; frozen?: string }) {
  const held = frozen !== undefined && !isZero(frozen);
  return (
    <td className="num align-end" title={held ? `${amount} + ${frozen}` : amount}>
      {isZero(amount) && !held ? <span className="cell-zero">{'\u2013'}</span> : amountText(amount)}
      {held ? <span className="cell-sub">{frozenText(frozen)}</span> : null}
    </td>
  );
}

function AsOfPanel({ accountId, name, quote }: { accountId: string; name: string; quote: string }) {
  const [day, setDay] = useState(localToday);
  const at = endOfLocalDay(day);
  const asOf = useChannelQuery('history.asOf', { accountId, at: at ?? 0, quote }, { enabled: at !== null, refetchInterval: false });
  const snapshot = asOf.data?.snapshot;
  const shownDay = formatDay(day);

  return (
    <section className="card card__section history-asof" aria-labelledby="history-asof-title">
      <header className="history-asof__header">
        <h2 id="history-asof-title">{t`Balances as of a date`}</h2>
        <div className="toolbar">
          <label className="field field--inline">
            <span className="field__label">{t`Date`}</span>
            <input type="date" aria-label={t`As of date`} value={day} max={localToday()} onChange={(e) => setDay(e.target.value)} />
          </label>
          <button
            type="button"
            className="button"
            disabled={!snapshot || !asOf.data}
            onClick={() => asOf.data && downloadCsv(csvFilename(`balances-as-of-${day}`, name), asOfCsvRows(asOf.data))}
          >
            {t`Export CSV`}
          </button>
        </div>
      </header>
      {at === null ? (
        <p className="field__error">{t`Choose a date.`}</p>
      ) : asOf.isPending ? (
        <p className="muted">{t`Loading…`}</p>
      ) : asOf.isError ? (
        <p className="field__error">{errorTitle(asOf.error.error)}</p>
      ) : !snapshot ? (
        <p className="muted" data-testid="asof-none">
          {t`No snapshot by the end of ${shownDay}: history starts later.`}
        </p>
      ) : (
        <>
          <p data-testid="asof-summary">
            {t`The snapshot nearest before the end of ${shownDay}, taken ${formatEpochMs(snapshot.takenAt)}:`}{' '}
            <strong className="num" data-testid="asof-total" title={`${snapshot.total} ${quote}`}>
              {formatAmount(snapshot.total)} {quote}
            </strong>
            {snapshot.unpriced > 0 ? ` ${plural(snapshot.unpriced, { one: '(# asset without a price, left out)', other: '(# assets without a price, left out)' })}` : ''}
          </p>
          <SidewaysScroller className="history-asof__table" aria-labelledby="history-asof-title">
            <table className="table" aria-labelledby="history-asof-title">
              <thead>
                <tr>
                  {/* As on Balances: the holding, its price and worth first; its split over the balances after. */}
                  <th scope="col" className="cell-sticky">{t`Asset`}</th>
                  <th scope="col" className="align-end">{t`Total`}</th>
                  <th scope="col" className="align-end">{t`Price (${quote})`}</th>
                  <th scope="col" className="align-end">{t`Value (${quote})`}</th>
                  <th scope="col" className="align-end">{t`Main`}</th>
                  <th scope="col" className="align-end">{t`Trade`}</th>
                  <th scope="col" className="align-end">{t`Collateral`}</th>
                </tr>
              </thead>
              <tbody>
                {snapshot.assets.map((a) => (
                  <tr key={a.asset}>
                    <th scope="row" className="cell-sticky">{a.asset}</th>
                    {/* As Balances shows them: up to 8 places, values in the quote's, zeros as a dash; every digit in the title. */}
                    <td className="num align-end" title={a.total}>{amountText(a.total)}</td>
                    <td className="num align-end" title={a.price ?? undefined}>{a.price === null ? t`no price` : formatAmount(a.price)}</td>
                    <td className="num align-end" title={a.value ?? undefined}>{a.value === null ? '—' : displayValue(a.value, quote)}</td>
                    <AmountCell amount={a.main} />
                    <AmountCell amount={a.tradeAvailable} frozen={a.tradeFrozen} />
                    <AmountCell amount={a.collateral} />
                  </tr>
                ))}
              </tbody>
            </table>
          </SidewaysScroller>
        </>
      )}
    </section>
  );
}
