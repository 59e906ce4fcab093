import { ValidatedFilterForm, type FilterCheck } from '../../components/ValidatedFilterForm';
import { checkMarketFilter } from './marketFilter';

function checkMarket(input: string): FilterCheck {
  const result = checkMarketFilter(input);
  return result.ok ? { ok: true, value: result.market } : result;
}

/** Validates before applying: an invalid market shows an error here and sends nothing. */
export function MarketFilterForm({ applied, onApply }: { applied: string | undefined; onApply: (market: string | undefined) => void }) {
  return (
    <ValidatedFilterForm
      className="market-filter"
      formLabel="Filter positions by market"
      label="Market"
      placeholder="All markets, e.g. BTC_USDT"
      maxLength={40}
      check={checkMarket}
      applied={applied}
      onApply={onApply}
    />
  );
}
