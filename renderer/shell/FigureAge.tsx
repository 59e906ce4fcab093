import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import type { LiveState } from '../../shared/model/live';
import { useRefreshIntervalMs } from '../api/queries';
import { UpdatedAgo, useShownAge } from '../components/UpdatedAgo';
import { formatAgo, formatEpochMs } from '../format/format';
import { useConnectionOutage } from './useConnection';
import { useLiveState } from './useLive';
import { useViewUpdatedAt } from './useViewUpdatedAt';

/** The time of the last push that moved the figures, when the live stream is what carries them. */
export function pushCarries(live: LiveState | undefined): number | null {
  return live?.status === 'live' && live.lastPushAt !== null ? live.lastPushAt : null;
}

/** "last push 3 sec. ago", beside the indicator's "Live". */
function LastPush({ at }: { at: number }) {
  const age = useShownAge(at);
  const title = useMemo(() => formatEpochMs(at), [at]);
  return (
    <span className="updated-ago updated-ago--push" title={title}>
      {t`last push ${formatAgo(age)}`}
    </span>
  );
}

/**
 * How old the figures in sight are, from the source that carries them: the age of the last push
 * while the live stream feeds the account, else the age of the REST answers the open view shows,
 * which keeps counting through an outage. A REST age beside "Live" would contradict it: the REST
 * answers age while the pushes keep the figures moving, and they go on moving while REST fails.
 */
export function FigureAge({ accountId }: { accountId: string | null }) {
  const live = useLiveState(accountId);
  const updatedAt = useViewUpdatedAt();
  const refreshEveryMs = useRefreshIntervalMs();
  const outage = useConnectionOutage(accountId);
  const pushedAt = pushCarries(live);
  if (pushedAt !== null) return <LastPush at={pushedAt} />;
  return <UpdatedAgo updatedAt={updatedAt} couldNotRefresh={outage} refreshEveryMs={refreshEveryMs} />;
}
