import { t } from '@lingui/core/macro';
import type { AreaStatus, PermissionReport } from '../../../shared/model/accounts';
import { areaSentence, type AreaKey } from './areaWords';
import { Badge, type BadgeTone } from '../../components';
import { formatEpochMs } from '../../format/format';

const AREAS = (): ReadonlyArray<{ key: AreaKey; label: string }> => [
  { key: 'balance', label: t`Balance` },
  { key: 'codes', label: t`Codes` },
  { key: 'positions', label: t`Positions` },
  { key: 'flex', label: t`Flex plans` },
  { key: 'withdraw', label: t`Withdrawals` },
];

const STATUS = (): Record<AreaStatus, { text: string; tone: BadgeTone }> => ({
  ok: { text: t`OK`, tone: 'positive' },
  no_permission: { text: t`No permission`, tone: 'warning' },
  failed: { text: t`Failed`, tone: 'danger' },
  not_tested: { text: t`Not tested`, tone: 'neutral' },
});

/** What the key can reach, area by area, like a "test connection" result. */
export function PermissionReportView({ report, title = t`Key test` }: { report: PermissionReport; title?: string }) {
  return (
    <div className="permission-report" aria-label={title} role="group">
      <p className="permission-report__title">
        {title} <span className="field__hint">{testedAtWords(report.testedAt)}</span>
      </p>
      <ul className="permission-report__list">
        {AREAS().map(({ key, label }) => {
          const area = report[key];
          const status = STATUS()[area.status];
          const sentence = areaSentence(key, area);
          return (
            <li key={key} className="permission-report__item" data-area={key} data-status={area.status}>
              <span className="permission-report__area">{label}</span>
              <Badge tone={status.tone}>{status.text}</Badge>
              {sentence ? <span className="permission-report__message">{sentence}</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function testedAtWords(testedAt: number): string {
  const when = formatEpochMs(testedAt);
  return t`at ${when}`;
}
