/**
 * The five demo account profiles:
 *   Main (B2B)         every permission, flex access, hundreds of balances, codes and history records
 *   Trader             every permission, no flex access (flex endpoints answer 403)
 *   Read-only          may read but not withdraw (withdraw-pay answers 401 code 4)
 *   Empty              B2B but owns nothing: for the empty states of every screen
 *   EEA (Travel Rule)  an account from the European Economic Area: crypto withdrawals need a valid
 *                      structured `travelRule`, and /travel-rule/vasps answers for it
 */
import type { Permission, PositionRecord } from '../model';
import { mainPositions, position, traderPositions } from './positions';

export interface Profile {
  name: string;
  b2b: boolean;
  /** Travel Rule applies to its crypto withdrawals. */
  eea?: boolean;
  permissions: Permission[];
  /** Share of the catalogue with a non-zero balance. */
  balanceShare: number;
  codes: number;
  deposits: number;
  withdrawals: number;
  investments: number;
  positions: (firstId: number) => PositionRecord[];
  /** Closed positions in its collateral history. */
  closedPositions: number;
  /** Balances that tests and the UI rely on. */
  fixedBalances: Record<string, string>;
}

const ALL: Permission[] = ['read', 'withdraw', 'invest', 'subAccounts'];

export const PROFILES: readonly Profile[] = [
  {
    name: 'Main (B2B)',
    b2b: true,
    permissions: ALL,
    balanceShare: 0.93,
    codes: 263,
    deposits: 120,
    withdrawals: 45,
    investments: 4,
    positions: mainPositions,
    closedPositions: 40,
    fixedBalances: {
      BTC: '1.23456789',
      ETH: '12.5',
      USDT: '25000.123456',
      USDC: '9000',
      UAH: '150000.5',
      EUR: '3200.75',
      USD: '75000',
      XRP: '5000',
      XLM: '1200.1234567',
      DOGE: '1000',
      BTT: '50000000',
      BSV: '3.5',
      XMR: '2.5',
      LUNC: '1000000',
      DAI: '1500.123456789012345678',
      SHIB: '123456789012.25',
      TRX: '80000',
      WBT: '420.5',
      TON: '300',
      SOL: '45.123456789',
      LTC: '30',
    },
  },
  {
    name: 'Trader',
    b2b: false,
    permissions: ALL,
    balanceShare: 0.2,
    codes: 18,
    deposits: 20,
    withdrawals: 8,
    investments: 0,
    positions: traderPositions,
    closedPositions: 6,
    fixedBalances: { BTC: '0.5', ETH: '3', USDT: '1200', UAH: '20000' },
  },
  {
    name: 'Read-only',
    b2b: false,
    permissions: ['read'],
    balanceShare: 0.12,
    codes: 7,
    deposits: 10,
    withdrawals: 3,
    investments: 0,
    positions: (id) => [
      position(id, 'BTC_USDT', { amount: '0.01', basePrice: '64000', liquidationPrice: '51000', liquidationState: null, side: 'LONG', tpsl: null }),
    ],
    closedPositions: 0,
    fixedBalances: { BTC: '0.1', ETH: '1', USDT: '500' },
  },
  {
    name: 'Empty',
    b2b: true,
    permissions: ALL,
    balanceShare: 0,
    codes: 0,
    deposits: 0,
    withdrawals: 0,
    investments: 0,
    positions: () => [],
    closedPositions: 0,
    fixedBalances: {},
  },
  {
    name: 'EEA (Travel Rule)',
    b2b: false,
    eea: true,
    permissions: ALL,
    balanceShare: 0.05,
    codes: 3,
    deposits: 8,
    withdrawals: 4,
    investments: 0,
    positions: () => [],
    closedPositions: 0,
    fixedBalances: { BTC: '2.5', USDT: '30000', ETH: '10', EUR: '5000' },
  },
];
