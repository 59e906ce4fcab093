import { t } from '@lingui/core/macro';
import type { ConnectionState } from '../../shared/model/connection';
import { formatClock } from '../format';
import { useConnectionState, useConnectionWatch } from './useConnection';
import './ConnectionIndicator.css';

type Shown = { tone: 'checking' | 'online' | 'offline' | 'busy' | 'auth'; text: string };

/** The words for a connection state; times are the local clock ("Offline since 14:02"). */
export function describeConnection(state: ConnectionState | undefined): Shown {
  switch (state?.status) {
    case 'online':
      return { tone: 'online', text: t`Online` };
    case 'offline':
      return { tone: 'offline', text: state.since === null ? t`Offline` : t`Offline since ${formatClock(state.since)}` };
    case 'busy':
      if (state.retry) return { tone: 'busy', text: t`Exchange busy, retrying (${state.retry.attempt} of ${state.retry.of})` };
      return { tone: 'busy', text: state.since === null ? t`Exchange busy` : t`Exchange busy since ${formatClock(state.since)}` };
    case 'key_problem':
      return { tone: 'auth', text: t`API key problem` };
    default:
      return { tone: 'checking', text: t`Connecting…` };
  }
}

/**
 * The active account's connection, from the outcome of every exchange call the main process makes;
 * while shown, this component also keeps main pinging through silences (see useConnection.ts).
 */
export function ConnectionIndicator({ accountId, renewWatchMs }: { accountId: string; renewWatchMs?: number }) {
  const state = useConnectionState(accountId);
  useConnectionWatch(accountId, renewWatchMs);
  const shown = describeConnection(state);
  return (
    <span className={`connection connection--${shown.tone}`} role="status" aria-label={t`Connection: ${shown.text}`} title={state?.problem ? `${shown.text}: ${state.problem}` : shown.text}>
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__text">{shown.text}</span>
    </span>
  );
}
