import { t } from '@lingui/core/macro';
import { formatTimeZone } from '../format/format';
import { Field } from './Field';

/** "From" and "To" local calendar days of a filter form (renderer/localDays.ts turns them into bounds). */
export function DateRangeFields(props: { from: string; to: string; errors: { from?: string | undefined; to?: string | undefined }; onChange(patch: { from?: string; to?: string }): void }) {
  // The exchange dates things in UTC; the filter's days are the person's own, and the fields say so.
  const zone = formatTimeZone();
  const localDays = t`Whole days in your time zone (${zone}), the end day included`;
  return (
    <>
      <Field label={t`From`} error={props.errors.from}>
        {(control) => <input {...control} type="date" title={localDays} value={props.from} onChange={(e) => props.onChange({ from: e.target.value })} />}
      </Field>
      <Field label={t`To`} error={props.errors.to}>
        {(control) => <input {...control} type="date" title={localDays} value={props.to} onChange={(e) => props.onChange({ to: e.target.value })} />}
      </Field>
    </>
  );
}
