import { t } from '@lingui/core/macro';
import type { RiskSummary } from './risk';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A summary at the top of the view whenever any position is at risk; silent otherwise. */
export function RiskBanner({ summary }: { summary: RiskSummary }) {
  const { liquidation, marginCall } = summary;
  if (liquidation === 0 && marginCall === 0) return null;
  const parts = [
    liquidation > 0 ? `${plural(liquidation, 'position', 'positions')} in liquidation` : null,
    marginCall > 0 ? `${plural(marginCall, 'position', 'positions')} in margin call` : null,
  ].filter(Boolean);
  return (
    <div className={`risk-banner risk-banner--${liquidation > 0 ? 'danger' : 'warning'}`} role="alert" data-testid="risk-banner">
      <span className="risk-banner__icon" aria-hidden="true">
        !
      </span>
      <div>
        <p className="risk-banner__title">{parts.join(' and ')}</p>
        <p className="risk-banner__advice">
          {liquidation > 0 && marginCall > 0
            ? t`The exchange is liquidating ${liquidation === 1 ? 'one of them' : `${liquidation} of them`}; add margin or reduce the ${marginCall === 1 ? 'one' : marginCall} in margin call to avoid liquidation. They are listed first below.`
            : liquidation > 0
              ? t`The exchange is liquidating these positions. They are listed first below.`
              : t`Add margin or reduce these positions to avoid liquidation. They are listed first below.`}
        </p>
      </div>
    </div>
  );
}
