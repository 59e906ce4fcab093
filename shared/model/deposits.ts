/**
 * A deposit address as the Receive view shows it: the address and memo, the exchange's limits and
 * fee for deposits on that network ("0" from the exchange means none, so null here), or the state
 * that there is no address: fiat money and assets the exchange does not accept for deposit.
 */
export interface DepositAddressView {
  ticker: string;
  network: string | null;
  state: 'ok' | 'not_depositable';
  address: string | null;
  /** Present for assets that need one: a deposit without it is lost. */
  memo: string | null;
  minAmount: string | null;
  maxAmount: string | null;
  fixedFee: string | null;
  flexFee: { percent: string; minFee: string; maxFee: string | null } | null;
}
