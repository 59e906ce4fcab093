import { ValidatedFilterForm, type FilterCheck } from '../../components/ValidatedFilterForm';
import { checkTickerFilter } from './tickerFilter';

function checkTicker(input: string): FilterCheck {
  const result = checkTickerFilter(input);
  return result.ok ? { ok: true, value: result.ticker } : result;
}

/** Validates before applying: an invalid ticker shows an error here and sends nothing. */
export function TickerFilterForm({ applied, onApply }: { applied: string | undefined; onApply: (ticker: string | undefined) => void }) {
  return (
    <ValidatedFilterForm
      className="inline-filter"
      formLabel="Filter plans by ticker"
      label="Ticker"
      placeholder="All tickers, e.g. USDT"
      maxLength={32}
      check={checkTicker}
      applied={applied}
      onApply={onApply}
    />
  );
}
