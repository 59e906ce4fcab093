/**
 * The simulated exchange's currency catalogue: what `/public/assets` and `/public/fee` answer, in
 * the shapes the exchange documents (docs/exchange-api.md "Shapes that break naive parsers"):
 *   - fiat fee entries list `providers: [ids]` and key `withdraw`/`deposit` by provider ID; those IDs
 *     (UAH_VISAMASTER, EUR_SEPA_BCB) are NOT the provider names /public/assets lists and
 *     withdraw-pay takes (VISAMASTER, SEPA), and one provider (UAH GEOPAY, published as UAH_GP) has
 *     no fee ID that contains its name at all;
 *   - crypto fee entries are flat with `providers: []`; some lack `min_amount`/`max_amount`, and
 *     entries of assets that cannot be withdrawn lack `is_withdrawal`;
 *   - some assets have no `currency_precision`; memo assets carry `memo{deposit, withdraw}` beside
 *     `is_memo`; crypto assets carry `confirmations{NET: n}`.
 *
 * About forty hand-written assets cover every case the product must handle (multi-network USDT with
 * per-network fee keys, memo assets, fiat with providers, a currency that cannot be withdrawn, one
 * that only moves whole units, 18-decimal tokens, fee entries with fixed fees, percentage fees with
 * min/max clamps, both combined, and none). The rest is generated from the seed so lists are long
 * enough to need scrolling and searching.
 *
 * The wire types here describe what the exchange sends; they do not come from the client's schemas.
 */
import { feeKey } from '../../../shared/api/fees';
import { forkRandom, type Random } from '../random';

export interface FlexFeeSpec {
  percent: string;
  min_fee: string;
  /** "0" = no cap. */
  max_fee: string;
}

export interface FeeSpec {
  fixed: string | null;
  flex: FlexFeeSpec | null;
  min_amount: string;
  max_amount: string;
}

/** What a fiat provider needs in a withdraw-pay request besides the common fields (documented per field). */
export interface ProviderRequirements {
  /** End-customer IP: USD or EUR through VISAMASTER. */
  customerIp?: boolean;
  /** beneficiary{firstName, lastName}: USD and EUR. */
  beneficiary?: boolean;
  /** Bank BIC: SEPA-family providers. */
  bankBic?: boolean;
}

export interface FiatProviderSpec {
  /** The name /public/assets lists and withdraw-pay takes as `provider`. */
  name: string;
  /** The key of its entry in the fee table's `withdraw`/`deposit` objects; differs from `name`. */
  feeId: string;
  /** The fee entry's display name. */
  feeName: string;
  fee: FeeSpec;
  /** Keyed by `name` in the asset's limits.withdraw. */
  limits: { min?: string; max?: string };
  requires: ProviderRequirements;
  /** false: withdrawals only (not listed under providers.deposits). */
  deposits?: boolean;
}

export interface AssetSpec {
  ticker: string;
  name: string;
  /** Used for every check; sent as currency_precision unless `omitPrecision`. */
  precision: number;
  /** The asset entry has no currency_precision (as some real ones do). */
  omitPrecision?: boolean;
  fiat?: boolean;
  /** Withdrawal networks; the first is the default. Absent for fiat. */
  networks?: string[];
  /** Deposit networks when they differ from the withdrawal ones. */
  depositNetworks?: string[];
  /** Fiat payment providers. */
  providers?: FiatProviderSpec[];
  /** Fee entries published for the asset that no listed provider uses (the exchange lists such). */
  extraProviderFees?: { feeId: string; feeName: string; fee: FeeSpec }[];
  /** Deposits need a memo (is_memo, memo.deposit). */
  memo?: boolean;
  /** Withdrawals need a memo (memo.withdraw); defaults to `memo`. */
  memoWithdraw?: boolean;
  canDeposit?: boolean;
  canWithdraw?: boolean;
  /** false: withdrawals work on the website but not through the API (answered with code 1). */
  apiWithdrawal?: boolean;
  minWithdraw: string;
  maxWithdraw: string;
  /** Crypto: one fee per network for multi-network assets (keyed by network), otherwise one keyed by ticker. */
  fees: Record<string, FeeSpec>;
  /** Crypto deposit terms keyed like `fees`; absent: no fee and no limits. */
  depositFees?: Record<string, FeeSpec>;
  /** The fee entry leaves out min_amount/max_amount (documented as optional). */
  feeOmitsBounds?: boolean;
  /** Crypto: per network withdrawal limits. Fiat limits live on the providers. */
  limits?: Record<string, { min?: string; max?: string }>;
}

/** The `/public/assets` entry as the exchange documents it. */
export interface AssetWire {
  name: string;
  unified_cryptoasset_id: number;
  can_withdraw: boolean;
  can_deposit: boolean;
  min_withdraw: string;
  max_withdraw: string;
  maker_fee: string;
  taker_fee: string;
  min_deposit: string;
  max_deposit: string;
  currency_precision?: number;
  is_memo: boolean;
  memo: { deposit: boolean; withdraw: boolean };
  networks?: { deposits?: string[]; withdraws?: string[]; default: string };
  limits?: { deposit: Record<string, { min?: string; max?: string }>; withdraw: Record<string, { min?: string; max?: string }> };
  confirmations?: Record<string, number>;
  providers?: { deposits: string[]; withdraws: string[] };
}

export interface FeeSideWire {
  min_amount?: string;
  max_amount?: string;
  fixed: string | null;
  flex: FlexFeeSpec | null;
}

export interface ProviderFeeWire extends FeeSideWire {
  ticker: string;
  name: string;
  is_withdrawal?: boolean;
  is_api_withdrawal?: boolean;
  is_depositable?: boolean;
  is_api_depositable?: boolean;
}

/** A crypto entry of `/public/fee`: flat sides, `providers: []`. */
export interface CryptoFeeWire {
  ticker: string;
  name: string;
  is_depositable: boolean;
  is_withdrawal?: boolean;
  is_api_withdrawal: boolean;
  is_api_depositable: boolean;
  providers: [];
  withdraw: FeeSideWire;
  deposit: FeeSideWire;
}

/** A fiat entry of `/public/fee`: sides keyed by provider ID. */
export interface FiatFeeWire {
  ticker: string;
  name: string;
  is_api_withdrawal: boolean;
  is_api_depositable: boolean;
  providers: string[];
  withdraw: Record<string, ProviderFeeWire>;
  deposit: Record<string, ProviderFeeWire>;
}

export type FeeWire = CryptoFeeWire | FiatFeeWire;

const fixed = (fee: string, min: string, max = '0'): FeeSpec => ({ fixed: fee, flex: null, min_amount: min, max_amount: max });
const flex = (percent: string, minFee: string, maxFee: string, min: string, max = '0', fixedPart: string | null = null): FeeSpec => ({
  fixed: fixedPart,
  flex: { percent, min_fee: minFee, max_fee: maxFee },
  min_amount: min,
  max_amount: max,
});

/** EUR over SEPA, as the exchange documents it (fee entry EUR_SEPA_BCB). */
const EUR_SEPA_BCB: Omit<FiatProviderSpec, 'name'> = {
  feeId: 'EUR_SEPA_BCB',
  feeName: 'EUR SEPA BCB',
  fee: flex('0.05', '3', '7.25', '10', '14500'),
  limits: { min: '10', max: '14500' },
  requires: { bankBic: true, beneficiary: true },
};

/** Card payouts: one provider name for every fiat currency, fee entry <TICKER>_VISAMASTER. */
const visaMastercard = (ticker: string, fee: FeeSpec, limits: { min: string; max: string }): FiatProviderSpec => ({
  name: 'VISAMASTER',
  feeId: `${ticker}_VISAMASTER`,
  feeName: `${ticker} Visa/Mastercard`,
  fee,
  limits,
  requires: { customerIp: true, beneficiary: true },
});

/**
 * Hand-written assets. Tests and the UI rely on these exact properties; change them only together
 * with the simulator's tests.
 */
const KNOWN_ASSETS: readonly AssetSpec[] = [
  {
    ticker: 'BTC',
    name: 'Bitcoin',
    precision: 8,
    networks: ['BTC'],
    minWithdraw: '0.001',
    maxWithdraw: '0',
    fees: { BTC: fixed('0.0004', '0.001') },
    // The documented /public/fee example: a deposit minimum, no fee.
    depositFees: { BTC: { fixed: null, flex: null, min_amount: '0.0001', max_amount: '0' } },
  },
  { ticker: 'ETH', name: 'Ethereum', precision: 18, networks: ['ETH'], minWithdraw: '0.01', maxWithdraw: '0', fees: { ETH: fixed('0.002', '0.01') } },
  {
    ticker: 'USDT',
    name: 'Tether US',
    precision: 6,
    networks: ['ERC20', 'TRC20', 'BEP20'],
    depositNetworks: ['ERC20', 'TRC20', 'BEP20'],
    minWithdraw: '1',
    maxWithdraw: '0',
    fees: {
      ERC20: fixed('5', '10', '1000000'),
      TRC20: fixed('1', '2', '500000'),
      BEP20: flex('0.1', '0.3', '3', '1', '250000'),
    },
    depositFees: {
      ERC20: fixed('1', '10'),
      TRC20: { fixed: null, flex: null, min_amount: '1', max_amount: '1000000' },
      BEP20: flex('0.1', '0.1', '2', '1'),
    },
    limits: { ERC20: { min: '10', max: '1000000' }, TRC20: { min: '2', max: '500000' }, BEP20: { min: '1' } },
  },
  {
    ticker: 'USDC',
    name: 'USD Coin',
    precision: 6,
    networks: ['ERC20', 'POLYGON', 'SOL'],
    minWithdraw: '1',
    maxWithdraw: '0',
    fees: { ERC20: fixed('4', '10'), POLYGON: fixed('0.2', '1'), SOL: fixed('0.5', '1') },
  },
  { ticker: 'XRP', name: 'Ripple', precision: 6, networks: ['XRP'], memo: true, minWithdraw: '20', maxWithdraw: '0', fees: { XRP: fixed('0.25', '20') }, depositFees: { XRP: { fixed: null, flex: null, min_amount: '1', max_amount: '0' } } },
  { ticker: 'XLM', name: 'Stellar', precision: 7, networks: ['XLM'], memo: true, minWithdraw: '5', maxWithdraw: '0', fees: { XLM: fixed('0.01', '5') } },
  { ticker: 'TON', name: 'Toncoin', precision: 9, networks: ['TON'], memo: true, minWithdraw: '1', maxWithdraw: '0', fees: { TON: fixed('0.05', '1') } },
  { ticker: 'ATOM', name: 'Cosmos', precision: 6, networks: ['ATOM'], memo: true, minWithdraw: '0.5', maxWithdraw: '0', fees: { ATOM: fixed('0.01', '0.5') } },
  { ticker: 'EOS', name: 'EOS', precision: 4, networks: ['EOS'], memo: true, minWithdraw: '1', maxWithdraw: '0', fees: { EOS: fixed('0.1', '1') } },
  {
    ticker: 'UAH',
    name: 'Ukrainian Hryvnia',
    precision: 2,
    fiat: true,
    providers: [
      {
        name: 'VISAMASTER',
        feeId: 'UAH_VISAMASTER',
        feeName: 'UAH Visa/Mastercard',
        fee: flex('1.5', '10', '1000', '100', '50000'),
        limits: { min: '100', max: '50000' },
        requires: {},
      },
      { name: 'MONOBANK', feeId: 'UAH_MONOBANK', feeName: 'UAH monobank', fee: flex('1', '5', '500', '50', '100000', '2'), limits: { min: '50', max: '100000' }, requires: {} },
      // Its fee is published under an ID that does not contain "GEOPAY": the app cannot know it.
      { name: 'GEOPAY', feeId: 'UAH_GP', feeName: 'UAH GP', fee: flex('2', '20', '0', '200', '29999'), limits: { min: '200', max: '29999' }, requires: {}, deposits: false },
    ],
    minWithdraw: '50',
    maxWithdraw: '150000',
    fees: {},
  },
  {
    ticker: 'EUR',
    name: 'Euro',
    precision: 2,
    fiat: true,
    providers: [
      // The fee entry is the documented one (EUR_SEPA_BCB); the provider name is what withdraw-pay takes.
      { name: 'SEPA', ...EUR_SEPA_BCB },
      // Documented as a bankBic provider; its fee ID is not published under a name that contains it,
      // so it shares SEPA's entry.
      { name: 'SEPA_BCB_GROUP', ...EUR_SEPA_BCB, deposits: false },
      visaMastercard('EUR', flex('1.5', '1', '0', '20', '5000', '0.5'), { min: '20', max: '5000' }),
    ],
    extraProviderFees: [{ feeId: 'EUR_ADVCASH', feeName: 'EUR Volet.com', fee: flex('1.5', '0.15', '150', '10', '10000') }],
    minWithdraw: '10',
    maxWithdraw: '0',
    fees: {},
  },
  {
    ticker: 'USD',
    name: 'US Dollar',
    precision: 2,
    fiat: true,
    providers: [
      visaMastercard('USD', flex('2.5', '1', '0', '10', '50000', '0.3'), { min: '10', max: '50000' }),
    ],
    minWithdraw: '10',
    maxWithdraw: '50000',
    fees: {},
  },
  { ticker: 'LTC', name: 'Litecoin', precision: 8, networks: ['LTC'], minWithdraw: '0.01', maxWithdraw: '0', fees: { LTC: fixed('0.001', '0.01') } },
  // Minimum below the fee: a withdrawal of 2 DOGE passes the minimum but not the fee check (code 6).
  { ticker: 'DOGE', name: 'Dogecoin', precision: 8, networks: ['DOGE'], minWithdraw: '1', maxWithdraw: '0', fees: { DOGE: fixed('4', '1') } },
  { ticker: 'TRX', name: 'TRON', precision: 6, networks: ['TRX'], minWithdraw: '10', maxWithdraw: '0', fees: { TRX: fixed('1', '10') } },
  { ticker: 'BNB', name: 'BNB', precision: 8, networks: ['BEP20'], minWithdraw: '0.01', maxWithdraw: '0', fees: { BNB: fixed('0.0005', '0.01') } },
  { ticker: 'SOL', name: 'Solana', precision: 9, networks: ['SOL'], minWithdraw: '0.1', maxWithdraw: '0', fees: { SOL: fixed('0.01', '0.1') } },
  { ticker: 'ADA', name: 'Cardano', precision: 6, networks: ['ADA'], minWithdraw: '5', maxWithdraw: '0', fees: { ADA: fixed('1', '5') } },
  { ticker: 'DOT', name: 'Polkadot', precision: 10, networks: ['DOT'], minWithdraw: '1', maxWithdraw: '0', fees: { DOT: fixed('0.1', '1') } },
  // Whole units only (precision 0): a fractional amount is business error 7.
  { ticker: 'BTT', name: 'BitTorrent', precision: 0, networks: ['TRC20'], minWithdraw: '1000', maxWithdraw: '0', fees: { BTT: fixed('300', '1000') } },
  // Deposits work, withdrawals are switched off: business error 1.
  { ticker: 'BSV', name: 'Bitcoin SV', precision: 8, networks: ['BSV'], canWithdraw: false, minWithdraw: '0.01', maxWithdraw: '0', fees: { BSV: fixed('0.001', '0.01') } },
  // Neither deposits nor withdrawals: "The selected ticker is invalid." for a withdrawal (seed 4.5).
  { ticker: 'LUNC', name: 'Terra Classic', precision: 6, networks: ['LUNC'], canDeposit: false, canWithdraw: false, minWithdraw: '1000', maxWithdraw: '0', fees: { LUNC: fixed('500', '1000') } },
  // Withdrawable on the website only: the API answers code 1.
  { ticker: 'XMR', name: 'Monero', precision: 12, networks: ['XMR'], apiWithdrawal: false, minWithdraw: '0.01', maxWithdraw: '0', fees: { XMR: fixed('0.0001', '0.01') } },
  { ticker: 'WBT', name: 'WhiteBIT Coin', precision: 8, networks: ['ERC20', 'TRC20'], minWithdraw: '1', maxWithdraw: '0', fees: { ERC20: fixed('2', '5'), TRC20: fixed('0.5', '1') } },
  // Percentage fee clamped to [1, 20] with an 18-decimal token.
  { ticker: 'DAI', name: 'Dai', precision: 18, networks: ['ERC20'], minWithdraw: '5', maxWithdraw: '1000000', fees: { DAI: flex('0.1', '1', '20', '5', '1000000') } },
  // Fee entries without min_amount/max_amount (the asset's min_withdraw still applies).
  { ticker: 'LINK', name: 'Chainlink', precision: 18, networks: ['ERC20'], feeOmitsBounds: true, minWithdraw: '1', maxWithdraw: '0', fees: { LINK: fixed('0.35', '1') } },
  { ticker: 'UNI', name: 'Uniswap', precision: 18, networks: ['ERC20'], feeOmitsBounds: true, minWithdraw: '1', maxWithdraw: '0', fees: { UNI: fixed('0.9', '1') } },
  { ticker: 'AAVE', name: 'Aave', precision: 18, networks: ['ERC20'], minWithdraw: '0.1', maxWithdraw: '0', fees: { AAVE: flex('0.2', '0.01', '0.5', '0.1', '0', '0.005') } },
  { ticker: 'ETC', name: 'Ethereum Classic', precision: 18, networks: ['ETC'], minWithdraw: '0.1', maxWithdraw: '0', fees: { ETC: fixed('0.01', '0.1') } },
  { ticker: 'AVAX', name: 'Avalanche', precision: 18, networks: ['AVAXC'], minWithdraw: '0.1', maxWithdraw: '0', fees: { AVAX: fixed('0.01', '0.1') } },
  { ticker: 'MATIC', name: 'Polygon', precision: 18, networks: ['POLYGON', 'ERC20'], minWithdraw: '1', maxWithdraw: '0', fees: { POLYGON: fixed('0.1', '1'), ERC20: fixed('12', '20') } },
  { ticker: 'BCH', name: 'Bitcoin Cash', precision: 8, networks: ['BCH'], minWithdraw: '0.01', maxWithdraw: '0', fees: { BCH: fixed('0.0005', '0.01') } },
  { ticker: 'DASH', name: 'Dash', precision: 8, networks: ['DASH'], minWithdraw: '0.02', maxWithdraw: '0', fees: { DASH: fixed('0.002', '0.02') } },
  { ticker: 'ZEC', name: 'Zcash', precision: 8, networks: ['ZEC'], minWithdraw: '0.01', maxWithdraw: '0', fees: { ZEC: fixed('0.001', '0.01') } },
  { ticker: 'XTZ', name: 'Tezos', precision: 6, networks: ['XTZ'], minWithdraw: '1', maxWithdraw: '0', fees: { XTZ: fixed('0.1', '1') } },
  { ticker: 'ALGO', name: 'Algorand', precision: 6, networks: ['ALGO'], memo: true, minWithdraw: '1', maxWithdraw: '0', fees: { ALGO: fixed('0.01', '1') } },
  { ticker: 'NEAR', name: 'NEAR Protocol', precision: 24, networks: ['NEAR'], minWithdraw: '0.5', maxWithdraw: '0', fees: { NEAR: fixed('0.01', '0.5') } },
  { ticker: 'FIL', name: 'Filecoin', precision: 18, networks: ['FIL'], minWithdraw: '0.1', maxWithdraw: '0', fees: { FIL: fixed('0.01', '0.1') } },
  // A memo to deposit, none needed to withdraw; and no currency_precision in its entry.
  { ticker: 'HBAR', name: 'Hedera', precision: 8, omitPrecision: true, networks: ['HBAR'], memo: true, memoWithdraw: false, minWithdraw: '10', maxWithdraw: '0', fees: { HBAR: fixed('1', '10') } },
  { ticker: 'APT', name: 'Aptos', precision: 8, omitPrecision: true, networks: ['APT'], minWithdraw: '0.1', maxWithdraw: '0', fees: { APT: fixed('0.01', '0.1') } },
  { ticker: 'ARB', name: 'Arbitrum', precision: 18, networks: ['ARBITRUM'], minWithdraw: '1', maxWithdraw: '0', fees: { ARB: fixed('0.1', '1') } },
  // No fee at all.
  { ticker: 'SHIB', name: 'Shiba Inu', precision: 2, networks: ['ERC20'], minWithdraw: '100000', maxWithdraw: '0', fees: { SHIB: { fixed: '0', flex: null, min_amount: '100000', max_amount: '0' } } },
];

const SYLLABLES = ['ka', 'ze', 'lo', 'mi', 'ru', 'tan', 'vo', 'xi', 'qua', 'bel', 'dor', 'fen', 'gri', 'hol', 'jun', 'kor', 'lum', 'nex', 'pra', 'sol', 'tyr', 'val', 'wex', 'yor', 'zan'];
const NAME_SUFFIXES = ['Token', 'Coin', 'Protocol', 'Network', 'Finance', 'Chain', 'Swap', 'DAO', 'AI', 'Labs'];
const GENERATED_COUNT = 152;
/** What the exchange lists by default: the known assets and the generated ones. */
export const DEFAULT_ASSET_COUNT = KNOWN_ASSETS.length + GENERATED_COUNT;

/** "1", "0.05", "200": mantissa x 10^exponent written as a plain decimal. */
function scaled(mantissa: number, exponent: number): string {
  if (exponent >= 0) return String(mantissa * 10 ** exponent);
  const digits = String(mantissa).padStart(-exponent + 1, '0');
  const point = digits.length + exponent;
  return `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/\.?0+$/, '');
}

function generatedAsset(rng: Random, ticker: string, index: number): AssetSpec {
  const name = `${rng.pick(SYLLABLES)}${rng.pick(SYLLABLES)}`.replace(/^./, (c) => c.toUpperCase()) + ` ${rng.pick(NAME_SUFFIXES)}`;
  const precision = rng.pick([0, 2, 4, 6, 6, 8, 8, 8, 8, 10, 12, 18, 18, 18]);
  const roll = rng.next();
  const networks = roll < 0.35 ? ['ERC20'] : roll < 0.5 ? ['BEP20'] : roll < 0.6 ? ['TRC20'] : roll < 0.65 ? ['ERC20', 'BEP20'] : [ticker];
  const memo = networks[0] === ticker && rng.chance(0.07);
  // Fee one decimal step below the minimum, never finer than the asset's precision.
  const minExp = Math.max(-Math.min(precision, 3), rng.int(-3, 3));
  const minWithdraw = scaled(rng.pick([1, 2, 5]), minExp);
  const feeExp = Math.max(-precision, minExp - 1);
  const fee = scaled(rng.pick([1, 2, 5]), feeExp);
  const maxWithdraw = rng.chance(0.7) ? '0' : scaled(1, minExp + 6);
  const feeKind = rng.next();
  const makeFee = (): FeeSpec => {
    if (feeKind < 0.6) return fixed(fee, minWithdraw, maxWithdraw);
    if (feeKind < 0.75) return flex(rng.pick(['0.1', '0.25', '0.5', '1', '2']), fee, rng.chance(0.3) ? '0' : scaled(1, feeExp + 3), minWithdraw, maxWithdraw);
    if (feeKind < 0.9) return flex(rng.pick(['0.1', '0.2', '0.5']), fee, scaled(5, feeExp + 2), minWithdraw, maxWithdraw, fee);
    return { fixed: '0', flex: null, min_amount: minWithdraw, max_amount: maxWithdraw };
  };
  const fees: Record<string, FeeSpec> = {};
  if (networks.length > 1) for (const net of networks) fees[net] = makeFee();
  else fees[ticker] = makeFee();
  return {
    ticker,
    name,
    precision,
    networks,
    memo,
    canDeposit: !(index % 37 === 5),
    canWithdraw: !(index % 17 === 3),
    // Index-driven (not drawn) so the other numbers of the seed stay as they were.
    omitPrecision: index % 13 === 7 && precision === 8,
    feeOmitsBounds: index % 6 === 1,
    minWithdraw,
    maxWithdraw,
    fees,
    limits: rng.chance(0.15) ? { [networks[0] as string]: { min: minWithdraw, max: maxWithdraw === '0' ? scaled(1, minExp + 7) : maxWithdraw } } : undefined,
  };
}

function generatedTickers(rng: Random, taken: Set<string>, count: number): string[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out: string[] = [];
  while (out.length < count) {
    const ticker = rng.chars(rng.int(3, 5), letters);
    if (taken.has(ticker)) continue;
    taken.add(ticker);
    out.push(ticker);
  }
  return out;
}

export interface Catalogue {
  specs: Map<string, AssetSpec>;
  /** The `/public/assets` answer, keyed by ticker. */
  assets: Record<string, AssetWire>;
  /** The `/public/fee` answer, keyed by ticker or "TICKER (NETWORK)". */
  fees: Record<string, FeeWire>;
}


/** Confirmations a deposit needs per network (documented example: BTC 2, ERC20 20, TRC20 20). */
const CONFIRMATIONS: Record<string, number> = { BTC: 2, ERC20: 20, TRC20: 20, BEP20: 15, ETH: 12, LTC: 6, DOGE: 40, SOL: 1, TON: 1 };

/** A stable stand-in for the Unified Cryptoasset ID (0 = unknown, as the docs say). */
function cryptoassetId(ticker: string, fiat: boolean): number {
  if (fiat) return 0;
  let hash = 7;
  for (let i = 0; i < ticker.length; i++) hash = (hash * 31 + ticker.charCodeAt(i)) % 30_000;
  return hash + 1;
}

function assetWire(spec: AssetSpec): AssetWire {
  const canDeposit = spec.canDeposit ?? true;
  const canWithdraw = spec.canWithdraw ?? true;
  const memo = spec.memo ?? false;
  const wire: AssetWire = {
    name: spec.name,
    unified_cryptoasset_id: cryptoassetId(spec.ticker, spec.fiat === true),
    can_withdraw: canWithdraw,
    can_deposit: canDeposit,
    min_withdraw: spec.minWithdraw,
    max_withdraw: spec.maxWithdraw,
    maker_fee: '0.1',
    taker_fee: '0.1',
    min_deposit: spec.minWithdraw,
    max_deposit: '0',
    is_memo: memo,
    memo: { deposit: memo, withdraw: spec.memoWithdraw ?? memo },
  };
  if (!spec.omitPrecision) wire.currency_precision = spec.precision;
  if (spec.networks) {
    // A direction that is switched off has no list at all (docs/exchange-api.md).
    wire.networks = { default: spec.networks[0] as string };
    if (canDeposit) wire.networks.deposits = spec.depositNetworks ?? spec.networks;
    if (canWithdraw) wire.networks.withdraws = spec.networks;
    const deposit: Record<string, { min?: string; max?: string }> = {};
    for (const net of wire.networks.deposits ?? []) deposit[net] = { min: spec.minWithdraw };
    wire.limits = { deposit, withdraw: spec.limits ?? {} };
    wire.confirmations = Object.fromEntries((spec.depositNetworks ?? spec.networks).map((net) => [net, CONFIRMATIONS[net] ?? 12]));
  }
  if (spec.providers) {
    wire.providers = { deposits: spec.providers.filter((p) => p.deposits !== false).map((p) => p.name), withdraws: spec.providers.map((p) => p.name) };
    const withdraw: Record<string, { min?: string; max?: string }> = {};
    const deposit: Record<string, { min?: string; max?: string }> = {};
    for (const p of spec.providers) {
      withdraw[p.name] = p.limits;
      if (p.deposits !== false) deposit[p.name] = { min: p.limits.min };
    }
    wire.limits = { deposit, withdraw };
  }
  return wire;
}

function feeSide(fee: FeeSpec, omitBounds: boolean): FeeSideWire {
  const side: FeeSideWire = { fixed: fee.fixed, flex: fee.flex };
  if (omitBounds) return side;
  return { max_amount: fee.max_amount, min_amount: fee.min_amount, ...side };
}

const NO_DEPOSIT_FEE: FeeSideWire = { max_amount: '0', min_amount: '0', fixed: null, flex: null };

export function cryptoFeeWire(spec: AssetSpec, key: string, fee: FeeSpec): CryptoFeeWire {
  const canWithdraw = spec.canWithdraw ?? true;
  const canDeposit = spec.canDeposit ?? true;
  const wire: CryptoFeeWire = {
    ticker: spec.ticker,
    name: spec.name,
    is_depositable: canDeposit,
    is_api_withdrawal: canWithdraw && (spec.apiWithdrawal ?? true),
    is_api_depositable: canDeposit,
    providers: [],
    withdraw: feeSide(fee, spec.feeOmitsBounds === true),
    deposit: spec.depositFees?.[key] ? feeSide(spec.depositFees[key], false) : NO_DEPOSIT_FEE,
  };
  // Entries of assets that cannot be withdrawn leave the flag out (a missing flag reads as false).
  if (canWithdraw) wire.is_withdrawal = true;
  return wire;
}

function fiatFeeWire(spec: AssetSpec): FiatFeeWire {
  const withdraw: Record<string, ProviderFeeWire> = {};
  const deposit: Record<string, ProviderFeeWire> = {};
  const published = [
    ...(spec.providers ?? []).map((p) => ({ feeId: p.feeId, feeName: p.feeName, fee: p.fee, deposits: p.deposits !== false })),
    ...(spec.extraProviderFees ?? []).map((p) => ({ ...p, deposits: true })),
  ];
  for (const p of published) {
    if (withdraw[p.feeId]) continue;
    withdraw[p.feeId] = { is_withdrawal: true, is_api_withdrawal: true, ticker: p.feeId, name: p.feeName, ...feeSide(p.fee, false) };
    // Documented: a fiat deposit entry carries the provider's own terms (amounts and fee), like its withdraw entry.
    if (p.deposits) deposit[p.feeId] = { is_depositable: true, is_api_depositable: true, ticker: p.feeId, name: p.feeName, ...feeSide(p.fee, false) };
  }
  return {
    is_api_withdrawal: spec.canWithdraw ?? true,
    is_api_depositable: spec.canDeposit ?? true,
    ticker: spec.ticker,
    name: spec.name,
    providers: Object.keys(withdraw),
    withdraw,
    deposit,
  };
}

/**
 * `assetCount`: how many assets the exchange lists in all; more than the default generates more
 * from the same seed (the benchmarks' 1,000-asset account). The default's data never changes.
 */
export function buildCatalogue(seed: number, assetCount: number = DEFAULT_ASSET_COUNT): Catalogue {
  if (!Number.isInteger(assetCount) || assetCount < KNOWN_ASSETS.length) throw new RangeError(`assetCount must be an integer of at least ${KNOWN_ASSETS.length}`);
  const rng = forkRandom(seed, 'assets');
  const taken = new Set(KNOWN_ASSETS.map((a) => a.ticker));
  const generated = generatedTickers(rng, taken, assetCount - KNOWN_ASSETS.length).map((t, i) => generatedAsset(rng, t, i));
  const specs = new Map<string, AssetSpec>();
  for (const spec of [...KNOWN_ASSETS, ...generated]) specs.set(spec.ticker, spec);

  const assets: Record<string, AssetWire> = {};
  const fees: Record<string, FeeWire> = {};
  // The exchange lists assets alphabetically.
  for (const ticker of [...specs.keys()].sort()) {
    const spec = specs.get(ticker) as AssetSpec;
    assets[ticker] = assetWire(spec);
    if (spec.fiat) {
      fees[ticker] = fiatFeeWire(spec);
      continue;
    }
    const multiNetwork = (spec.networks?.length ?? 0) > 1;
    for (const [key, fee] of Object.entries(spec.fees)) fees[multiNetwork ? feeKey(ticker, key) : ticker] = cryptoFeeWire(spec, key, fee);
  }
  return { specs, assets, fees };
}
