import { t } from '@lingui/core/macro';
import { REGIONS } from '../../../shared/api/endpoints';
import type { RegionName } from '../../../shared/model/accounts';
import { Field, TextInputField } from '../../components';
import { describeFieldError, type FieldErrors } from './fieldErrors';

const REGION_OPTIONS = (): ReadonlyArray<{ value: RegionName; label: string }> => [
  { value: 'global', label: t`Global (${new URL(REGIONS.global).host})` },
  { value: 'eu', label: t`EU (${new URL(REGIONS.eu).host})` },
  { value: 'custom', label: t`Custom` },
];

export interface AccountPlace {
  name: string;
  region: RegionName;
  baseUrl: string;
}

/** An account's name and where it lives (region, or a custom server): the same fields to add and to edit. */
export function AccountPlaceFields({ place, onChange, errors }: { place: AccountPlace; onChange: (next: AccountPlace) => void; errors: FieldErrors }) {
  return (
    <>
      <TextInputField label={t`Name`} value={place.name} maxLength={64} onChange={(name) => onChange({ ...place, name })} error={errors.name?.map((m) => describeFieldError(t`Name`, m))} />
      <Field label={t`Region`}>
        {(control) => (
          <select {...control} value={place.region} onChange={(e) => onChange({ ...place, region: e.target.value as RegionName })}>
            {REGION_OPTIONS().map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {place.region === 'custom' ? (
        <Field label={t`Base URL`} className="form__wide" error={errors.baseUrl?.map((m) => describeFieldError(t`Base URL`, m))}>
          {(control) => <input {...control} type="url" placeholder="https://…" value={place.baseUrl} onChange={(e) => onChange({ ...place, baseUrl: e.target.value })} />}
        </Field>
      ) : null}
    </>
  );
}

/** The place as the request carries it: a base URL only for the custom region. */
export function placeRequest(place: AccountPlace) {
  return { name: place.name, region: place.region, ...(place.region === 'custom' && place.baseUrl.trim() ? { baseUrl: place.baseUrl.trim() } : {}) };
}
