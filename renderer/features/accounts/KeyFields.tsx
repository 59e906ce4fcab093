import type { RefObject } from 'react';
import { describeFieldError, type FieldErrors } from './fieldErrors';

/**
 * API key + API secret inputs. The secret input is uncontrolled on purpose: a controlled React
 * input mirrors its value into component state and the `value` attribute; this one keeps it only
 * in the input element until the form reads and clears it.
 */
export function KeyFields({
  idPrefix,
  apiKey,
  onApiKeyChange,
  secretRef,
  errors,
}: {
  idPrefix: string;
  apiKey: string;
  onApiKeyChange(value: string): void;
  secretRef: RefObject<HTMLInputElement | null>;
  errors: FieldErrors;
}) {
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-key`}>
          API key
        </label>
        <input
          id={`${idPrefix}-key`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          aria-invalid={Boolean(errors.apiKey)}
          onChange={(e) => onApiKeyChange(e.target.value)}
        />
        {errors.apiKey?.map((m) => (
          <span key={m} className="field__error">
            {describeFieldError('API key', m)}
          </span>
        ))}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-secret`}>
          API secret
        </label>
        <input
          id={`${idPrefix}-secret`}
          ref={secretRef}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          aria-invalid={Boolean(errors.apiSecret)}
          aria-describedby={`${idPrefix}-secret-hint`}
        />
        <span className="field__hint" id={`${idPrefix}-secret-hint`}>
          Stored only in your system keychain. It is never shown again.
        </span>
        {errors.apiSecret?.map((m) => (
          <span key={m} className="field__error">
            {describeFieldError('API secret', m)}
          </span>
        ))}
      </div>
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
