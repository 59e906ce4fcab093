/**
 * The sub-accounts of the demo master account ("Main (B2B)") and what each holds. Fixed rather than
 * drawn, so that tests and the demo can rely on them; enough generated ones follow the fixed ones to
 * make the list span more than one page of the default limit (30). One sub-account is not confirmed:
 * its balances answer 422 "Account is not confirmed". One ticker maps to two rows, as the documented
 * array allows (each ticker maps to an ARRAY of {main, spot, collateral}).
 */
export interface SubAccountRecord {
  id: string;
  alias: string;
  userId: string;
  email: string;
  status: string;
  color: string;
  kyc: { shareKyc: boolean; kycStatus: string };
  permissions: { spotEnabled: boolean; collateralEnabled: boolean };
}

export interface SubAccountBalanceRow {
  main: string;
  spot: string;
  collateral: string;
}

export interface SubAccountSeed {
  record: SubAccountRecord;
  /** false: the exchange answers its balances with 422 "Account is not confirmed". */
  confirmed: boolean;
  balances: Record<string, SubAccountBalanceRow[]>;
}

const COLORS = ['#FF5733', '#2E86DE', '#28B463', '#AF7AC5', '#F1C40F'];

function subAccount(index: number, alias: string, email: string, options: Partial<SubAccountRecord> = {}): SubAccountRecord {
  const hex = (1000 + index).toString(16).padStart(12, '0');
  return {
    id: `5ab0c1d2-7e3f-4a1b-9c2d-${hex}`,
    alias,
    userId: `u-${20_000 + index}`,
    email,
    status: 'active',
    color: COLORS[index % COLORS.length] as string,
    kyc: { shareKyc: true, kycStatus: 'verified' },
    permissions: { spotEnabled: true, collateralEnabled: index % 2 === 0 },
    ...options,
  };
}

const GENERATED = 33;

function mainSubAccounts(): SubAccountSeed[] {
  const fixed: SubAccountSeed[] = [
    {
      record: subAccount(1, 'trading_bot', 't***@example.com'),
      confirmed: true,
      balances: {
        USDT: [{ main: '1500.5', spot: '250.25', collateral: '1000' }],
        BTC: [
          { main: '0.015', spot: '0.005', collateral: '0' },
          { main: '0.0001', spot: '0', collateral: '0' },
        ],
        ETH: [{ main: '0.75', spot: '0', collateral: '0.25' }],
      },
    },
    {
      record: subAccount(2, 'savings', 's***@example.com', { permissions: { spotEnabled: false, collateralEnabled: false } }),
      confirmed: true,
      balances: { USDC: [{ main: '42', spot: '10', collateral: '14' }], UAH: [{ main: '12000.75', spot: '0', collateral: '0' }] },
    },
    {
      record: subAccount(3, 'new_desk', 'n***@example.com', { status: 'pending', kyc: { shareKyc: false, kycStatus: 'unverified' } }),
      confirmed: false,
      balances: {},
    },
  ];
  const generated: SubAccountSeed[] = [];
  for (let i = 0; i < GENERATED; i++) {
    const n = String(i + 1).padStart(2, '0');
    generated.push({ record: subAccount(10 + i, `desk_${n}`, `d***${n}@example.com`), confirmed: true, balances: { USDT: [{ main: String(10 + i), spot: '0', collateral: '0' }] } });
  }
  return [...fixed, ...generated];
}

/** Keyed by profile name (accounts.ts); accounts not listed have no sub-accounts. */
export function buildSubAccounts(): Map<string, SubAccountSeed[]> {
  return new Map([['Main (B2B)', mainSubAccounts()]]);
}
