import { useId, useState } from 'react';
import { checkMarketFilter } from './marketFilter';

/** Validates before applying: an invalid market shows an error here and sends nothing. */
export function MarketFilterForm({ applied, onApply }: { applied: string | undefined; onApply: (market: string | undefined) => void }) {
  const [text, setText] = useState(applied ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const apply = (input: string) => {
    const check = checkMarketFilter(input);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    setText(check.market ?? '');
    onApply(check.market);
  };

  return (
    <form
      className="market-filter"
      role="search"
      aria-label="Filter positions by market"
      onSubmit={(e) => {
        e.preventDefault();
        apply(text);
      }}
    >
      <label className="field">
        <span className="field__label">Market</span>
        <input
          type="search"
          value={text}
          placeholder="All markets, e.g. BTC_USDT"
          maxLength={40}
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
        <p className="field__error market-filter__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
