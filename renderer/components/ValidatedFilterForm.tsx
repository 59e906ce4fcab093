import { useId, useState } from 'react';
import type { ZodType } from 'zod';
import { t } from '@lingui/core/macro';
import './ValidatedFilterForm.css';

export type FilterCheck = { ok: true; value: string | undefined } | { ok: false; message: string };

/**
 * What a person typed, checked with the same rule the request schema applies, so an invalid value
 * never reaches the exchange (which would answer with an error code). Tickers and markets are
 * always written in capitals, so lower case is accepted and upper-cased; empty means "no filter".
 */
export function checkFilter(input: string, schema: ZodType<string>, invalid: string): FilterCheck {
  const value = input.trim().toUpperCase();
  if (value === '') return { ok: true, value: undefined };
  const parsed = schema.safeParse(value);
  if (!parsed.success) return { ok: false, message: invalid };
  return { ok: true, value: parsed.data };
}

export interface ValidatedFilterFormProps {
  /** Accessible name of the search form, e.g. "Filter positions by market". */
  formLabel: string;
  /** Visible label of the input, e.g. "Market". */
  label: string;
  placeholder: string;
  maxLength: number;
  /** Added to the form's own class, for a view's extra rules (such as the input's width). */
  className?: string;
  /** The request schema's rule for the value, e.g. MarketName. */
  schema: ZodType<string>;
  /** Said when the value breaks the schema, in the person's language: "The market must look like…". */
  invalid: string;
  applied: string | undefined;
  onApply: (value: string | undefined) => void;
}

/**
 * A one-field filter that validates before applying: invalid input shows an error here and sends
 * nothing, so a malformed filter never reaches the exchange.
 */
export function ValidatedFilterForm({ formLabel, label, placeholder, maxLength, className, schema, invalid, applied, onApply }: ValidatedFilterFormProps) {
  const [text, setText] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const apply = (input: string) => {
    const result = checkFilter(input, schema, invalid);
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
      className={className ? `filter-inline ${className}` : 'filter-inline'}
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
          spellCheck="false"
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
        {t`Filter`}
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
          {t`Show all`}
        </button>
      ) : null}
      {error ? (
        <p className="field__error filter-inline__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
