/**
 * The demo accounts and everything they own, generated from the seed. Five profiles:
 *   Main (B2B)         every permission, flex access, hundreds of balances, codes and history records
 *   Trader             every permission, no flex access (flex endpoints answer 403)
 *   Read-only          may read but not withdraw (withdraw-pay answers 401 code 4)
 *   Empty              B2B but owns nothing: for the empty states of every screen
 *   EEA (Travel Rule)  an account from the European Economic Area: crypto withdrawals need a valid
 *                      structured `travelRule`, and /travel-rule/vasps answers for it
 * Balances list every asset of the catalogue, zero where the account holds none (as the exchange does).
 */
import type { Catalogue, AssetSpec } from './catalogue';
import type { FlexPlanRecord } from './plans';
import type { CodeRecord, HistoryEntry, InvestmentRecord, Permission, PositionRecord } from '../model';
import { forkRandom, type Random } from '../random';
import { buildPositionsHistory, type PositionHistoryRecord } from './positionsHistory';
import { buildSubAccounts, type SubAccountSeed } from './subAccounts';
import { dec, mul, roundDown } from '../../../shared/money/decimal';

const halfOf = (amount: string, precision: number) => roundDown(dec(amount).dividedBy(2), precision);

/** Seeded records are dated before this moment (2025-10-09), so the same seed gives the same data. */
export const DATA_EPOCH_SECONDS = 1_760_000_000;

export interface DepositAddress {
  address: string;
  memo: string | null;
}

export interface AccountSeed {
  name: string;
  apiKey: string;
  apiSecret: string;
  b2b: boolean;
  eea: boolean;
  permissions: ReadonlySet<Permission>;
  balances: Map<string, string>;
  codes: CodeRecord[];
  /** Newest first; amounts signed. */
  codesHistory: CodeRecord[];
  positions: PositionRecord[];
  /** Newest first. */
  history: HistoryEntry[];
  investments: InvestmentRecord[];
  depositAddresses: Map<string, DepositAddress>;
  subAccounts: SubAccountSeed[];
  /** Newest event first. */
  positionsHistory: PositionHistoryRecord[];
}

interface Profile {
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

// ---------- positions ----------

interface PositionInput {
  amount: string;
  basePrice: string;
  liquidationPrice: string | null;
  liquidationState: PositionRecord['liquidationState'];
  side: PositionRecord['positionSide'] | 'omit';
  /** 'omit': no tpsl key at all. */
  tpsl: PositionRecord['tpsl'] | 'omit';
  leverage?: number;
  unrealizedPnl?: string;
  pnl?: string;
  pnlPercent?: string;
  margin?: string;
  freeMargin?: string;
  unrealizedFunding?: string;
  funding?: string;
}

function position(positionId: number, market: string, input: PositionInput): PositionRecord {
  const perp = market.endsWith('_PERP');
  const openDate = DATA_EPOCH_SECONDS - 86_400 * (positionId % 9) - 0.217 * (positionId % 7) - 1234.567891;
  const record: PositionRecord = {
    positionId,
    market,
    openDate: Number(openDate.toFixed(6)),
    modifyDate: Number((openDate + 3600.25 + (positionId % 5)).toFixed(6)),
    amount: input.amount,
    basePrice: input.basePrice,
    liquidationPrice: input.liquidationPrice,
    liquidationState: input.liquidationState,
    pnl: input.pnl ?? '0',
    pnlPercent: input.pnlPercent ?? '0.42',
    margin: input.margin ?? '250.5',
    freeMargin: input.freeMargin ?? '1180.25',
    // Futures settle funding through balance updates, never per position (seed 2.2).
    funding: perp ? '0' : (input.funding ?? '0.35'),
    unrealizedFunding: perp ? '0' : (input.unrealizedFunding ?? '0.0121'),
  };
  if (input.unrealizedPnl !== undefined) record.unrealizedPnl = input.unrealizedPnl;
  if (input.leverage !== undefined) record.leverage = input.leverage;
  if (input.tpsl !== 'omit') record.tpsl = input.tpsl;
  if (input.side !== 'omit') record.positionSide = input.side;
  return record;
}

/**
 * A position opened by a trigger or limit order that has not filled: amount, basePrice,
 * liquidationPrice, pnl and pnlPercent are null (docs/exchange-api.md "Shapes that break naive parsers"); no tpsl, no positionSide.
 */
function pendingPosition(positionId: number, market: string, margin: string): PositionRecord {
  const record = position(positionId, market, { amount: '0', basePrice: '0', liquidationPrice: null, liquidationState: null, side: 'omit', tpsl: 'omit', margin, funding: '0', unrealizedFunding: '0' });
  return { ...record, amount: null, basePrice: null, pnl: null, pnlPercent: null };
}

function mainPositions(id: number): PositionRecord[] {
  return [
    position(id, 'BTC_USDT', {
      amount: '0.25',
      basePrice: '63250.5',
      liquidationPrice: '48211.37',
      liquidationState: null,
      side: 'LONG',
      tpsl: { takeProfitId: 9101, takeProfit: '72000', stopLossId: 9102, stopLoss: '58000' },
      pnlPercent: '3.81',
      leverage: 5,
      unrealizedPnl: '812.44',
    }),
    position(id + 1, 'ETH_USDT', {
      amount: '-4',
      basePrice: '2410.75',
      liquidationPrice: '2575.1',
      liquidationState: 'margin_call',
      side: 'SHORT',
      tpsl: null,
      pnlPercent: '-11.4',
      margin: '964.3',
      freeMargin: '12.04',
    }),
    position(id + 2, 'BTC_PERP', {
      amount: '0.8',
      basePrice: '64010',
      liquidationPrice: '63100.5',
      liquidationState: 'liquidation',
      side: 'BOTH',
      tpsl: null,
      pnlPercent: '-27.93',
      margin: '5120.8',
      freeMargin: '0',
    }),
    position(id + 3, 'SOL_USDT', {
      amount: '120',
      basePrice: '142.315',
      liquidationPrice: '97.02',
      liquidationState: null,
      side: 'omit',
      tpsl: 'omit',
    }),
    position(id + 4, 'ETH_PERP', {
      amount: '2.5',
      basePrice: '2388.4',
      liquidationPrice: '1905',
      liquidationState: null,
      side: 'LONG',
      tpsl: { takeProfitId: 9103, takeProfit: '2800', stopLossId: 9105, stopLoss: '2150' },
      leverage: 10,
      unrealizedPnl: '-120.5',
    }),
    position(id + 5, 'XRP_USDT', {
      amount: '-15000',
      basePrice: '0.5231',
      liquidationPrice: null,
      liquidationState: null,
      side: 'SHORT',
      tpsl: { takeProfitId: 9106, takeProfit: '0.45', stopLossId: 9104, stopLoss: '0.61' },
    }),
    position(id + 6, 'DOGE_PERP', {
      amount: '-50000',
      basePrice: '0.1187',
      liquidationPrice: '0.1235',
      liquidationState: 'liquidation',
      side: 'omit',
      tpsl: null,
      pnlPercent: '-31.2',
    }),
    position(id + 7, 'LTC_BTC', {
      amount: '12',
      basePrice: '0.001294',
      liquidationPrice: '0.00091',
      liquidationState: 'margin_call',
      side: 'LONG',
      tpsl: null,
      pnl: '-0.00042',
      pnlPercent: '-8.77',
      margin: '0.0031',
      freeMargin: '0.00008',
    }),
    position(id + 8, 'TON_USDT', {
      amount: '350.5',
      basePrice: '5.4471',
      liquidationPrice: '3.1',
      liquidationState: null,
      side: 'BOTH',
      tpsl: 'omit',
      pnl: '12.4471',
      pnlPercent: '1.05',
      leverage: 3,
      unrealizedPnl: '18.07',
    }),
    pendingPosition(id + 9, 'ADA_USDT', '150'),
  ];
}

function traderPositions(id: number): PositionRecord[] {
  return [
    position(id, 'ETH_USDT', { amount: '1', basePrice: '2500', liquidationPrice: '2010', liquidationState: null, side: 'LONG', tpsl: null }),
    position(id + 1, 'BTC_PERP', { amount: '-0.05', basePrice: '61500', liquidationPrice: '63900', liquidationState: 'margin_call', side: 'SHORT', tpsl: null }),
    position(id + 2, 'ADA_USDT', { amount: '5000', basePrice: '0.3511', liquidationPrice: '0.22', liquidationState: null, side: 'omit', tpsl: 'omit', leverage: 2, unrealizedPnl: '-35.5' }),
    pendingPosition(id + 3, 'SOL_USDT', '80'),
  ];
}

// ---------- balances, codes, history ----------

/** A non-zero amount with at most `precision` decimals, as a plain decimal string. */
function randomAmount(rng: Random, precision: number, wholeDigits: number): string {
  const whole = String(rng.int(0, 10 ** wholeDigits - 1));
  const places = precision === 0 ? 0 : rng.int(0, Math.min(precision, 12));
  let fraction = places ? rng.chars(places, '0123456789').replace(/0+$/, '') : '';
  if (whole === '0' && !fraction) fraction = '5';
  return fraction ? `${whole}.${fraction}` : whole;
}

/** "Main (B2B)" -> "main-b2b". */
function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const EVM_NETWORKS = new Set(['ERC20', 'BEP20', 'ETH', 'ETC', 'AVAXC', 'POLYGON', 'ARBITRUM']);

/** A plausible-looking address for a network. */
export function randomAddress(rng: Random, network: string | undefined): string {
  if (network && EVM_NETWORKS.has(network)) return `0x${rng.hex(40)}`;
  if (network === 'TRC20' || network === 'TRX') return `T${rng.base58(33)}`;
  if (network === 'BTC') return `bc1q${rng.chars(38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}`;
  if (network === 'LTC') return `ltc1q${rng.chars(38, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}`;
  return rng.base58(34);
}

function depositAddresses(rng: Random, catalogue: Catalogue): Map<string, DepositAddress> {
  const out = new Map<string, DepositAddress>();
  for (const spec of catalogue.specs.values()) {
    if (spec.fiat) continue;
    out.set(spec.ticker, {
      address: randomAddress(rng, spec.networks?.[0]),
      memo: spec.memo ? String(rng.int(100_000_000, 999_999_999)) : null,
    });
  }
  return out;
}

const CODE_STATUSES = ['Activated', 'New', 'active', 'applied', 'Activated', 'New', 'on_hold_review'];
const CODE_TICKERS = ['USDT', 'BTC', 'ETH', 'UAH', 'USDC', 'TRX', 'WBT', 'EUR'];

function codes(rng: Random, count: number, catalogue: Catalogue): CodeRecord[] {
  const out: CodeRecord[] = [];
  let date = DATA_EPOCH_SECONDS - rng.int(60, 3600);
  for (let i = 0; i < count; i++) {
    const ticker = rng.pick(CODE_TICKERS);
    const precision = catalogue.specs.get(ticker)?.precision ?? 8;
    out.push({
      amount: randomAmount(rng, Math.min(precision, 8), 3),
      code: `WB${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}${rng.alphanumeric(12)}`,
      date,
      // Index-driven so every status is present regardless of the seed.
      status: CODE_STATUSES[i % CODE_STATUSES.length] as string,
      ticker,
      external_id: rng.uuid(),
    });
    date -= rng.int(600, 86_400);
  }
  return out;
}

/**
 * The codes history as the exchange keeps it (docs: "- is created, + is applied"): every code the
 * account created, with its amount negated and its current status, and the codes it applied, with a
 * positive amount at the time of applying and status "Activated". Some applied codes are the
 * account's own (the documented example shows one code both ways); the rest came from others.
 * Newest first, as the exchange sorts it. Drawn from its own random stream, so adding it changed no
 * other seeded data.
 */
function codesHistory(rng: Random, own: readonly CodeRecord[], catalogue: Catalogue): CodeRecord[] {
  const out: CodeRecord[] = own.map((code) => ({ ...code, amount: `-${code.amount}` }));
  for (const code of own) {
    if (code.status === 'Activated' && rng.chance(0.25)) out.push({ ...code, amount: `+${code.amount}`, date: code.date + rng.int(60, 3600), external_id: rng.uuid() });
  }
  const received = Math.ceil(own.length / 3);
  let date = DATA_EPOCH_SECONDS - rng.int(60, 7200);
  for (let i = 0; i < received; i++) {
    const ticker = rng.pick(CODE_TICKERS);
    const precision = catalogue.specs.get(ticker)?.precision ?? 8;
    out.push({
      amount: `+${randomAmount(rng, Math.min(precision, 8), 2)}`,
      code: `WB${rng.hex(8)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(4)}-${rng.hex(12)}${ticker}`,
      date,
      status: 'Activated',
      ticker,
      external_id: rng.uuid(),
    });
    date -= rng.int(1800, 3 * 86_400);
  }
  return out.sort((a, b) => b.date - a.date);
}

const DEPOSIT_STATUSES = [3, 3, 7, 3, 15, 4, 3, 9, 5, 3];
const SEEDED_WITHDRAWAL_STATUSES = [3, 3, 7, 1, 3, 4, 2, 3, 5, 6, 3, 18, 10, 21, 3, 7, 12, 3, 14, 3];

function historyFor(rng: Random, profile: Profile, catalogue: Catalogue, own: Map<string, DepositAddress>, heldTickers: string[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const tickers = heldTickers.filter((t) => {
    const spec = catalogue.specs.get(t);
    return spec && !spec.fiat;
  });
  if (tickers.length === 0) return entries;
  let time = DATA_EPOCH_SECONDS - rng.int(100, 5000);
  const total = profile.deposits + profile.withdrawals;
  let deposits = 0;
  let withdrawals = 0;
  for (let i = 0; i < total; i++) {
    const isDeposit = withdrawals >= profile.withdrawals || (deposits < profile.deposits && rng.chance(profile.deposits / total));
    const ticker = rng.pick(tickers);
    const spec = catalogue.specs.get(ticker) as AssetSpec;
    const network = spec.networks && spec.networks.length > 1 ? rng.pick(spec.networks) : null;
    if (isDeposit) {
      const status = DEPOSIT_STATUSES[deposits % DEPOSIT_STATUSES.length] as number;
      const mine = own.get(ticker);
      entries.push({
        method: 1,
        uniqueId: null,
        transactionId: rng.uuid(),
        address: mine?.address ?? randomAddress(rng, spec.networks?.[0]),
        ticker,
        currency: spec.name,
        amount: randomAmount(rng, Math.min(spec.precision, 8), 3),
        fee: '0',
        memo: mine?.memo ?? '',
        network,
        description: '',
        createdAt: time,
        status,
        transactionHash: rng.hex(64),
        confirmations: status === 15 ? { actual: 1, required: 2 } : { actual: 12, required: 12 },
        details: null,
        // Records spell the ids unique_id/transaction_id as documented; some use the older camelCase.
        camelCaseIds: deposits % 5 === 2,
      });
      deposits++;
    } else {
      const status = SEEDED_WITHDRAWAL_STATUSES[withdrawals % SEEDED_WITHDRAWAL_STATUSES.length] as number;
      const amount = randomAmount(rng, Math.min(spec.precision, 6), 2);
      const fee = spec.fees[network ?? ticker]?.fixed ?? spec.fees[Object.keys(spec.fees)[0] as string]?.fixed ?? '0';
      entries.push({
        method: 2,
        uniqueId: `seed-${slug(profile.name)}-${String(withdrawals + 1).padStart(4, '0')}`,
        transactionId: rng.uuid(),
        address: randomAddress(rng, network ?? spec.networks?.[0]),
        ticker,
        currency: spec.name,
        amount,
        fee,
        memo: spec.memo ? String(rng.int(1000, 99_999_999)) : '',
        network,
        description: '',
        createdAt: time,
        status,
        transactionHash: status === 3 || status === 7 || status === 18 ? rng.hex(64) : null,
        confirmations: null,
        details:
          status === 18
            ? { partial: { requestAmount: amount, processedAmount: halfOf(amount, spec.precision), processedFee: fee, normalizeTransaction: '' } }
            : null,
      });
      withdrawals++;
    }
    time -= rng.int(1800, 172_800);
  }
  return entries;
}

function investments(rng: Random, count: number, plans: FlexPlanRecord[]): InvestmentRecord[] {
  const active = plans.filter((p) => p.status === 'active');
  const out: InvestmentRecord[] = [];
  for (let i = 0; i < count && active.length > 0; i++) {
    const plan = active[i % active.length] as FlexPlanRecord;
    const createdAt = DATA_EPOCH_SECONDS - rng.int(86_400, 60 * 86_400);
    out.push({
      id: rng.uuid(),
      planId: plan.id,
      currency: plan.ticker,
      invested: mul(plan.minInvestment, '3'),
      withAutoReinvest: i % 2 === 0,
      status: i === count - 1 ? 0 : 1,
      createdAt,
      updatedAt: createdAt + rng.int(60, 86_400),
    });
  }
  return out;
}

export function buildAccounts(seed: number, catalogue: Catalogue, plans: FlexPlanRecord[]): AccountSeed[] {
  const tickers = [...catalogue.specs.keys()];
  const subAccounts = buildSubAccounts();
  return PROFILES.map((profile, index) => {
    const rng = forkRandom(seed, `account:${profile.name}`);
    const apiKey = rng.alphanumeric(32);
    const apiSecret = rng.alphanumeric(48);
    const balances = new Map<string, string>();
    if (profile.balanceShare > 0) {
      for (const ticker of tickers) {
        if (!rng.chance(profile.balanceShare)) continue;
        const spec = catalogue.specs.get(ticker) as AssetSpec;
        balances.set(ticker, randomAmount(rng, spec.precision, rng.int(1, 6)));
      }
    }
    for (const [ticker, amount] of Object.entries(profile.fixedBalances)) balances.set(ticker, amount);
    const own = depositAddresses(rng, catalogue);
    const held = [...balances.keys()];
    const ownCodes = codes(rng, profile.codes, catalogue);
    return {
      name: profile.name,
      apiKey,
      apiSecret,
      b2b: profile.b2b,
      eea: profile.eea ?? false,
      permissions: new Set(profile.permissions),
      balances,
      codes: ownCodes,
      codesHistory: codesHistory(forkRandom(seed, `codes-history:${profile.name}`), ownCodes, catalogue),
      positions: profile.positions(1000 * (index + 1) + 1),
      history: historyFor(rng, profile, catalogue, own, held),
      investments: investments(rng, profile.investments, plans),
      depositAddresses: own,
      subAccounts: subAccounts.get(profile.name) ?? [],
      positionsHistory: buildPositionsHistory(seed, profile.name, 1000 * (index + 1) + 500, profile.closedPositions),
    };
  });
}
