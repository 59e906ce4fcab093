/**
 * What each demo account holds outside its main balance: the trade (spot) account's available and
 * frozen amounts, the collateral account's balances, and the collateral account's leverage. Keyed
 * by profile name (accounts.ts). Fixed rather than drawn, so that tests and the demo can rely on them;
 * one collateral amount carries more digits than a float keeps (the exchange sends these as JSON
 * numbers, which the client must read without losing any).
 */
export interface TradeHoldings {
  trade: Record<string, { available: string; freeze: string }>;
  collateral: Record<string, string>;
  /** The collateral account's leverage (an integer on the wire). */
  leverage: number;
}

export const TRADE_HOLDINGS: Readonly<Record<string, TradeHoldings>> = {
  'Main (B2B)': {
    trade: {
      BTC: { available: '0.123', freeze: '0.01' },
      USDT: { available: '1000.5', freeze: '100' },
      ETH: { available: '2', freeze: '0' },
      USDC: { available: '500', freeze: '0' },
      SOL: { available: '10', freeze: '1.5' },
      HBAR: { available: '2500', freeze: '0' },
    },
    collateral: { USDT: '15000.123456789012345678', BTC: '0.5', ETH: '1.25' },
    leverage: 5,
  },
  Trader: {
    trade: { BTC: { available: '0.05', freeze: '0' }, USDT: { available: '300', freeze: '25.5' } },
    collateral: { USDT: '2500', BTC: '0.01' },
    leverage: 10,
  },
  'Read-only': { trade: { USDT: { available: '50', freeze: '0' } }, collateral: { USDT: '1000' }, leverage: 3 },
  Empty: { trade: {}, collateral: {}, leverage: 1 },
  'EEA (Travel Rule)': { trade: { EUR: { available: '100', freeze: '0' } }, collateral: {}, leverage: 1 },
};
