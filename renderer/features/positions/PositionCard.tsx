import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import type { Position } from '../../../shared/api/schemas';
import { Badge } from '../../components';
import { formatAmount, formatUnixSeconds, isoFromUnixSeconds } from '../../format/format';
import { distanceText } from './distance';
import { formatSigned, isPerpetual, moneyCurrency, signTone } from './numbers';
import { isAtRisk, riskBadge, sideLabel } from './risk';

export const perpFundingNote = () => t`futures funding is settled through periodic balance updates, not per position`;

const SIDE_TONES = { LONG: 'positive', SHORT: 'danger', BOTH: 'info' } as const;

function Field({ label, children, sub, wide = false }: { label: string; children: ReactNode; sub?: ReactNode; wide?: boolean }) {
  return (
    <div className={`position-field${wide ? ' position-field--wide' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <span className="position-field__value">{children}</span>
        {sub ? <span className="position-field__sub">{sub}</span> : null}
      </dd>
    </div>
  );
}

/** A profit or loss: coloured, and always with an explicit sign and a spoken word. */
function Signed({ value, suffix = '' }: { value: string; suffix?: string }) {
  const tone = signTone(value);
  const spoken = tone === 'positive' ? ` ${t`(gain)`}` : tone === 'negative' ? ` ${t`(loss)`}` : '';
  return (
    <span className={`num signed signed--${tone}`} title={`${value}${suffix}`}>
      {formatSigned(value)}
      {suffix}
      {spoken ? <span className="visually-hidden">{spoken}</span> : null}
    </span>
  );
}

/**
 * The exchange sends null amounts, prices and PnL for a position opened by a trigger or limit
 * order that has not filled yet (docs/exchange-api.md). Shown as a dash with the word, never as NaN.
 */
function Pending() {
  return (
    <span className="position-muted" title={t`Not known yet: the order that opens this position has not filled`}>
      — <span className="position-pending">{t`pending`}</span>
    </span>
  );
}

function Money({ value, currency }: { value: string; currency: string | null }) {
  return (
    <span className="num" title={value}>
      {formatAmount(value)}
      {currency ? <span className="ticker"> {currency}</span> : null}
    </span>
  );
}

function Dated({ seconds }: { seconds: number }) {
  return <time dateTime={isoFromUnixSeconds(seconds)} title={isoFromUnixSeconds(seconds)}>{formatUnixSeconds(seconds)}</time>;
}

function TakeProfitStopLoss({ tpsl, currency }: { tpsl: Position['tpsl']; currency: string | null }) {
  const takeProfit = tpsl?.takeProfit ?? null;
  const stopLoss = tpsl?.stopLoss ?? null;
  if (takeProfit === null && stopLoss === null) return <span className="position-muted">{t`none`}</span>;
  return (
    <span className="tpsl">
      <span>
        {t`TP`} {takeProfit === null ? <span className="position-muted">{t`none`}</span> : <Money value={takeProfit} currency={currency} />}
      </span>
      <span>
        {t`SL`} {stopLoss === null ? <span className="position-muted">{t`none`}</span> : <Money value={stopLoss} currency={currency} />}
      </span>
    </span>
  );
}

/** One open position with every field the exchange reports, its risk state impossible to miss. */
/**
 * `distancePercent` is the risk table's figure for this position (from the current price), so the
 * card and the table say the same; undefined while the risk overview has not answered.
 */
export function PositionCard({ position, distancePercent }: { position: Position; distancePercent: string | null | undefined }) {
  const risk = riskBadge(position.liquidationState);
  const perp = isPerpetual(position.market);
  const currency = moneyCurrency(position.market);
  const distance =
    position.liquidationPrice === null
      ? t`no liquidation price reported`
      : distancePercent === undefined
        ? null
        : distancePercent === null
          ? t`distance unknown: no current price`
          : distanceText(distancePercent);
  const fundingNote = perp ? perpFundingNote() : undefined;
  const pending = position.amount === null || position.basePrice === null;

  return (
    <article
      className={`card position-card position-card--${risk.tone}`}
      aria-label={t`Position ${position.positionId} on ${position.market}`}
      data-testid="position-card"
      data-position-id={position.positionId}
      data-liquidation-state={position.liquidationState ?? 'normal'}
    >
      <header className="position-card__header">
        <h2 className="position-card__market" title={position.market}>
          {position.market}
        </h2>
        {position.positionSide ? (
          <Badge tone={SIDE_TONES[position.positionSide]} title={position.positionSide}>
            {sideLabel(position.positionSide)}
          </Badge>
        ) : (
          <Badge tone="neutral" title={t`The exchange did not report the position side`}>
            {t`side not reported`}
          </Badge>
        )}
        {perp ? <Badge tone="neutral">{t`Futures`}</Badge> : null}
        <span className={`risk-badge risk-badge--${risk.tone}`} data-testid="risk-badge" title={riskTitle(position.liquidationState)}>
          <span className="risk-badge__dot" aria-hidden="true" />
          {risk.label}
        </span>
        {pending ? (
          <Badge tone="neutral" title={t`The order that opens this position has not filled yet`}>
            {t`pending`}
          </Badge>
        ) : null}
        <span className="position-card__id num">#{position.positionId}</span>
      </header>
      <dl className="position-card__fields">
        <Field label={t`Amount`}>
          {/* As sent (a short is negative), not coloured: size is not profit. */}
          {position.amount === null ? (
            <Pending />
          ) : (
            <span className="num" title={position.amount}>
              {formatAmount(position.amount)}
            </span>
          )}
        </Field>
        <Field label={t`Base price`}>{position.basePrice === null ? <Pending /> : <Money value={position.basePrice} currency={currency} />}</Field>
        <Field label={t`Liquidation price`} sub={distance === null ? undefined : <span data-testid="liquidation-distance">{distance}</span>}>
          {position.liquidationPrice === null ? <span className="position-muted">—</span> : <Money value={position.liquidationPrice} currency={currency} />}
        </Field>
        <Field label={t`PnL (realized)`}>{position.pnl === null ? <Pending /> : <Signed value={position.pnl} suffix={currency ? ` ${currency}` : ''} />}</Field>
        <Field label={t`PnL % (unrealized)`}>{position.pnlPercent === null ? <Pending /> : <Signed value={position.pnlPercent} suffix=" %" />}</Field>
        {position.unrealizedPnl !== null ? (
          <Field label={t`Unrealized PnL`}>
            <Signed value={position.unrealizedPnl} suffix={currency ? ` ${currency}` : ''} />
          </Field>
        ) : null}
        {position.leverage !== null ? (
          <Field label={t`Leverage`}>
            <span className="num" title={position.leverage}>
              {formatAmount(position.leverage)}×
            </span>
          </Field>
        ) : null}
        <Field label={t`Margin`}>
          <Money value={position.margin} currency={currency} />
        </Field>
        <Field label={t`Free margin`}>
          <Money value={position.freeMargin} currency={currency} />
        </Field>
        <Field label={t`Funding`} sub={fundingNote}>
          <Money value={position.funding} currency={currency} />
        </Field>
        <Field label={t`Unrealized funding`} sub={perp ? t`always 0 on futures` : undefined}>
          <Money value={position.unrealizedFunding} currency={currency} />
        </Field>
        <Field label={t`TP / SL`}>
          <TakeProfitStopLoss tpsl={position.tpsl} currency={currency} />
        </Field>
        <Field label={t`Opened`}>
          <Dated seconds={position.openDate} />
        </Field>
        <Field label={t`Modified`}>
          <Dated seconds={position.modifyDate} />
        </Field>
      </dl>
    </article>
  );
}

/** The risk badge's tooltip: words for the states we know, the exchange's own word only for one we do not. */
function riskTitle(state: string | null): string | undefined {
  if (state === null) return t`No liquidation state reported`;
  return isAtRisk(state) ? undefined : t`State as the exchange reports it: ${state}`;
}
