import { t } from '@lingui/core/macro';
import type { RefObject } from 'react';
import { Field, TextInputField } from '../../components';
import { describeFieldError, type FieldErrors } from './fieldErrors';

/**
 * API key + API secret inputs. The secret input is uncontrolled on purpose: a controlled React
 * input mirrors its value into component state and the `value` attribute; this one keeps it only
 * in the input element until the form reads and clears it.
 */
export function KeyFields({
  apiKey,
  onApiKeyChange,
  secretRef,
  errors,
}: {
  apiKey: string;
  onApiKeyChange(value: string): void;
  secretRef: RefObject<HTMLInputElement | null>;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextInputField label={t`API key`} value={apiKey} onChange={onApiKeyChange} error={errors.apiKey?.map((m) => describeFieldError(t`API key`, m))} />
      <Field
        label={t`API secret`}
        hint={t`Stored only in your system keychain. It is never shown again.`}
        error={errors.apiSecret?.map((m) => describeFieldError(t`API secret`, m))}
      >
        {(control) => <input {...control} ref={secretRef} type="password" autoComplete="new-password" spellCheck="false" />}
      </Field>
    </>
  );
}

/** Reads the secret from its input and empties the input in the same step. */
/**
 * The secret as typed, read from its input at the moment of sending (it lives in no React state).
 * It stays in its field until the exchange accepted it, so a failed attempt loses nothing typed;
 * `clearSecret` empties the field once the key is saved.
 */
export function readSecret(secretRef: RefObject<HTMLInputElement | null>): string {
  return secretRef.current?.value ?? '';
}

export function clearSecret(secretRef: RefObject<HTMLInputElement | null>): void {
  if (secretRef.current) secretRef.current.value = '';
}
