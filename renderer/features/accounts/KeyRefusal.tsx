import { t } from '@lingui/core/macro';
import type { AppError } from '../../../shared/errors';
import { ErrorPanel } from '../../components';

/**
 * Brings a new refusal to the person: focus for keyboards and screen readers, and a scroll that
 * shows it beside the button they pressed. Below the fold at 1440 x 900, "Test & save" seemed to
 * do nothing. Module-level, so the ref runs once per refusal (each send clears the last one).
 */
function bringIntoView(element: HTMLElement | null): void {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'nearest' });
}

/** Why a key test refused to save, where the form's button is. */
export function KeyRefusal({ error }: { error: AppError }) {
  return (
    <div className="form__refusal" tabIndex={-1} ref={bringIntoView} data-testid="key-refusal">
      <ErrorPanel error={error} outcome={t`Nothing was saved.`} />
    </div>
  );
}
