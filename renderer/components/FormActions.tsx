import type { ReactNode } from 'react';

/**
 * The buttons under a form: the primary one submits (Apply filter, Save, Test & save), the
 * optional second one cancels or clears without submitting.
 */
export function FormActions({ submit, disabled, cancel, onCancel }: { submit: ReactNode; disabled?: boolean; cancel?: ReactNode; onCancel?: () => void }) {
  return (
    <div className="toolbar">
      <button type="submit" className="button button--primary" disabled={disabled}>
        {submit}
      </button>
      {onCancel ? (
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {cancel}
        </button>
      ) : null}
    </div>
  );
}
