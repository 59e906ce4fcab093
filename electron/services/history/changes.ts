/**
 * What changed per asset: each asset held now against a snapshot taken about a day earlier, its
 * amount and its value, subtracted as decimals. An asset not held then counts from zero; assets
 * held then but not now are not listed (Balances lists what is held).
 */
import type { AssetChange, SnapshotAsset } from '../../../shared/model/history';
import { sub } from '../../../shared/money/decimal';

type Figures = Pick<SnapshotAsset, 'asset' | 'total' | 'value'>;

export function assetChanges(now: readonly Figures[], then: readonly Figures[]): AssetChange[] {
  const earlier = new Map(then.map((a) => [a.asset, a]));
  return now.map((current) => {
    const before = earlier.get(current.asset);
    const amountThen = before?.total ?? '0';
    // Not held then: worth nothing then, whatever its price was.
    const valueThen = before === undefined ? '0' : before.value;
    return {
      asset: current.asset,
      amount: sub(current.total, amountThen),
      value: current.value === null || valueThen === null ? null : sub(current.value, valueThen),
    };
  });
}
