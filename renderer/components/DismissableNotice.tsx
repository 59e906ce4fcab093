import type { ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { useDismissedNotices } from '../shell/toasts/toasts';

/**
 * A notice banner with a Dismiss button. `cause` identifies what it is about: once dismissed, the
 * same cause does not show again (a new cause does).
 */
export function DismissableNotice(props: { cause: string; children: ReactNode; className?: string; testId?: string }) {
  const dismissed = useDismissedNotices((s) => s.dismissed.includes(props.cause));
  const dismiss = useDismissedNotices((s) => s.dismiss);
  if (dismissed) return null;
  return (
    <div className={`notice-banner${props.className ? ` ${props.className}` : ''}`} role="status">
      <span className="notice-banner__text" data-testid={props.testId}>{props.children}</span>
      <button type="button" className="button button--ghost button--small" onClick={() => dismiss(props.cause)}>
        {t`Dismiss`}
      </button>
    </div>
  );
}
