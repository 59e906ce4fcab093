/** Redeemable codes an account owns, and its codes history. */
import type { Catalogue } from './catalogue';
import type { CodeRecord } from '../model';
import type { Random } from '../random';
import { randomAmount } from './amounts';
import { DATA_EPOCH_SECONDS } from './epoch';

const CODE_STATUSES = ['Activated', 'New', 'active', 'applied', 'Activated', 'New', 'on_hold_review'];
const CODE_TICKERS = ['USDT', 'BTC', 'ETH', 'UAH', 'USDC', 'TRX', 'WBT', 'EUR'];

export function codes(rng: Random, count: number, catalogue: Catalogue): CodeRecord[] {
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
export function codesHistory(rng: Random, own: readonly CodeRecord[], catalogue: Catalogue): CodeRecord[] {
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
