/** An account's deposit and withdrawal history, in every status the exchange documents. */
import type { Catalogue, AssetSpec } from './catalogue';
import type { HistoryEntry } from '../model';
import type { Random } from '../random';
import { dec, roundDown } from '../../../shared/money/decimal';
import { randomAddress, type DepositAddress } from './addresses';
import { randomAmount } from './amounts';
import { DATA_EPOCH_SECONDS } from './epoch';
import type { Profile } from './profiles';

const halfOf = (amount: string, precision: number) => roundDown(dec(amount).dividedBy(2), precision);

/** "Main (B2B)" -> "main-b2b". */
function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const DEPOSIT_STATUSES = [3, 3, 7, 3, 15, 4, 3, 9, 5, 3];
const SEEDED_WITHDRAWAL_STATUSES = [3, 3, 7, 1, 3, 4, 2, 3, 5, 6, 3, 18, 10, 21, 3, 7, 12, 3, 14, 3];

export function historyFor(rng: Random, profile: Profile, catalogue: Catalogue, own: Map<string, DepositAddress>, heldTickers: string[]): HistoryEntry[] {
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
