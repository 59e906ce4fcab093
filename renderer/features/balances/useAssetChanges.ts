/**
 * What changed per asset over 24 hours, as the main process works it out from History's snapshots
 * (`history.changes`). Asked again as Balances' figures refresh, at most twice a minute: the
 * comparison moves with the figures, but a day-old baseline does not need every live tick.
 */
import { useEffect, useMemo } from 'react';
import type { AssetChange, AssetChanges } from '../../../shared/model/history';
import { dec, type Decimal } from '../../../shared/money/decimal';
import { useChannelQuery } from '../../api/queries';

const ASK_AGAIN_AFTER_MS = 30_000;

export interface ShownChanges {
  byAsset: ReadonlyMap<string, AssetChange>;
  /** The value change per asset as a decimal, for sorting (parsed once per answer). */
  sortValue(asset: string): Decimal | null;
  /** When the snapshot compared with was taken; null without one. */
  since: number | null;
  /** Why there are no figures: an answer's reason, `loading` before the first, `failed` when it could not be read. */
  missing: AssetChanges['missing'] | 'loading' | 'failed';
}

export function useAssetChanges(series: string | null, quote: string, figuresUpdatedAt: number): ShownChanges {
  const query = useChannelQuery('history.changes', { accountId: series ?? '', quote }, { enabled: series !== null, refetchInterval: 60_000 });
  const { refetch, dataUpdatedAt, isFetching } = query;
  useEffect(() => {
    if (series !== null && !isFetching && figuresUpdatedAt - dataUpdatedAt > ASK_AGAIN_AFTER_MS) void refetch();
    // Asked when Balances' figures refresh; the other inputs only gate it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [figuresUpdatedAt]);
  const answer = query.data;
  return useMemo(() => {
    const byAsset = new Map((answer?.assets ?? []).map((a) => [a.asset, a]));
    const parsed = new Map([...byAsset.values()].map((a) => [a.asset, a.value === null ? null : dec(a.value)]));
    const missing: ShownChanges['missing'] = answer ? answer.missing : query.isError ? 'failed' : 'loading';
    return { byAsset, sortValue: (asset: string) => parsed.get(asset) ?? null, since: answer?.since ?? null, missing };
  }, [answer, query.isError]);
}
