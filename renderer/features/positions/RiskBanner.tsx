import { plural, t } from '@lingui/core/macro';
import type { RiskSummary } from './risk';

/** A summary at the top of the view whenever any position is at risk; silent otherwise. */
export function RiskBanner({ summary }: { summary: RiskSummary }) {
  const { liquidation, marginCall } = summary;
  if (liquidation === 0 && marginCall === 0) return null;
  const inLiquidation = plural(liquidation, { one: '# position in liquidation', other: '# positions in liquidation' });
  const inMarginCall = plural(marginCall, { one: '# position in margin call', other: '# positions in margin call' });
  const title = liquidation > 0 && marginCall > 0 ? t`${inLiquidation} and ${inMarginCall}` : liquidation > 0 ? inLiquidation : inMarginCall;
  // Which of them the exchange is liquidating, and how many more are in margin call.
  const liquidating = plural(liquidation, { one: 'one of them', other: '# of them' });
  const rest = plural(marginCall, { one: 'the one', other: 'the #' });
  return (
    <div className={`risk-banner risk-banner--${liquidation > 0 ? 'danger' : 'warning'}`} role="alert" data-testid="risk-banner">
      <span className="risk-banner__icon" aria-hidden="true">
        !
      </span>
      <div>
        <p className="risk-banner__title">{title}</p>
        <p className="risk-banner__advice">
          {liquidation > 0 && marginCall > 0
            ? t`The exchange is liquidating ${liquidating}; add margin or reduce ${rest} in margin call to avoid liquidation. They are listed first below.`
            : liquidation > 0
              ? t`The exchange is liquidating these positions. They are listed first below.`
              : t`Add margin or reduce these positions to avoid liquidation. They are listed first below.`}
        </p>
      </div>
    </div>
  );
}
