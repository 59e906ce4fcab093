import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { HistorySpace } from '../../../shared/model/history';
import { channelQueryKey, REFERENCE_DATA, useChannelMutation, useChannelQuery } from '../../api/queries';
import { ErrorPanel, Skeleton } from '../../components';
import { formatLocales } from '../../i18n';

/** Megabytes with one decimal, the unit's name in the chosen language (Intl's own). */
function megabytes(bytes: number): string {
  return new Intl.NumberFormat(formatLocales() as string[] | undefined, { style: 'unit', unit: 'megabyte', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1_048_576);
}

/**
 * How much disk History takes, and a button that thins it by its retention rules now (freed
 * space goes back to the disk). Not a setting: a card of its own below the settings form.
 */
export function HistorySpaceCard() {
  const queryClient = useQueryClient();
  // The disk History uses is no figure of the account: Settings keeps no "Updated" clock for it.
  const space = useChannelQuery('history.space', {}, { ...REFERENCE_DATA, refetchInterval: false });
  const thin = useChannelMutation('history.thin', {
    onSuccess: (after: HistorySpace) => queryClient.setQueryData(channelQueryKey('history.space', {}), after),
  });
  const shown = space.data;

  return (
    <section className="card card__section settings-form history-space" aria-labelledby="history-space-title" data-testid="history-space">
      <h2 className="section-title" id="history-space-title">{t`History on disk`}</h2>
      {space.error ? (
        <ErrorPanel error={space.error.error} compact onRetry={() => void space.refetch()} />
      ) : !shown ? (
        <Skeleton rows={1} />
      ) : (
        <>
          <p data-testid="history-space-used" data-bytes={shown.historyBytes}>
            {t`History uses ${megabytes(shown.historyBytes)} of the app's ${megabytes(shown.fileBytes)} database.`}
          </p>
          <p className="field__hint">
            {t`Every snapshot is kept for a day, one per 5 minutes to a week, one an hour to 90 days and one a day after that. Thinning does this in the background; Thin now does it at once and gives the freed space back to the disk.`}
          </p>
          <div className="history-space__actions">
            <button type="button" className="button" disabled={thin.isPending} onClick={() => thin.mutate({})}>
              {t`Thin now`}
            </button>
            <span className="field__hint" role="status">
              {thin.isPending ? t`Thinning…` : thin.isSuccess ? t`Done.` : ''}
            </span>
          </div>
        </>
      )}
      {thin.error ? <ErrorPanel error={thin.error.error} compact /> : null}
    </section>
  );
}
