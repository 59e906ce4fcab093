import { useId, useState } from 'react';
import { checkTickerFilter } from './tickerFilter';

/** Validates before applying: an invalid ticker shows an error here and sends nothing. */
export function TickerFilterForm({ applied, onApply }: { applied: string | undefined; onApply: (ticker: string | undefined) => void }) {
  const [text, setText] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const apply = (input: string) => {
    const check = checkTickerFilter(input);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    setText(check.ticker ?? '');
    onApply(check.ticker);
  };

  return (
    <form
      className="inline-filter"
      role="search"
      aria-label="Filter plans by ticker"
      onSubmit={(e) => {
        e.preventDefault();
        apply(text);
      }}
    >
      <label className="field">
        <span className="field__label">Ticker</span>
        <input
          type="search"
          value={text}
          placeholder="All tickers, e.g. USDT"
          maxLength={32}
          spellCheck={false}
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
        <p className="field__error inline-filter__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
