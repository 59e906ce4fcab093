import { useId, useState } from 'react';

export type FilterCheck = { ok: true; value: string | undefined } | { ok: false; message: string };

export interface ValidatedFilterFormProps {
  /** Accessible name of the search form, e.g. "Filter positions by market". */
  formLabel: string;
  /** Visible label of the input, e.g. "Market". */
  label: string;
  placeholder: string;
  maxLength: number;
  className: string;
  /** The same rule the request schema applies; `value: undefined` means "no filter". */
  check: (input: string) => FilterCheck;
  applied: string | undefined;
  onApply: (value: string | undefined) => void;
}

/**
 * A one-field filter that validates before applying: invalid input shows an error here and sends
 * nothing, so a malformed filter never reaches the exchange.
 */
export function ValidatedFilterForm({ formLabel, label, placeholder, maxLength, className, check, applied, onApply }: ValidatedFilterFormProps) {
  const [text, setText] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const apply = (input: string) => {
    const result = check(input);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setText(result.value ?? '');
    onApply(result.value);
  };

  return (
    <form
      className={className}
      role="search"
      aria-label={formLabel}
      onSubmit={(e) => {
        e.preventDefault();
        apply(text);
      }}
    >
      <label className="field">
        <span className="field__label">{label}</span>
        <input
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={maxLength}
          spellCheck={false}
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
        />
      </label>
      <button type="submit" className="button">
        Filter
      </button>
      {applied ? (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setText('');
            apply('');
          }}
        >
          Show all
        </button>
      ) : null}
      {error ? (
        <p className={`field__error ${className}__error`} id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
