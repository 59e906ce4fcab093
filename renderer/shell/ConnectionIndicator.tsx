import { useChannelQuery } from '../api/queries';
import './ConnectionIndicator.css';

type Connection = { state: 'checking' | 'online' | 'offline' | 'auth'; text: string };

/** Pings the exchange for the active account every 30 s: online (latency), offline or a key problem. */
export function ConnectionIndicator({ accountId }: { accountId: string }) {
  const ping = useChannelQuery('exchange.ping', { accountId }, { refetchInterval: 30_000, retry: false, staleTime: 0 });
  let connection: Connection;
  if (ping.data && !ping.isError) connection = { state: 'online', text: `Online \u00b7 ${ping.data.latencyMs} ms` };
  else if (ping.error) {
    const kind = ping.error.error.kind;
    connection = ['auth', 'permission', 'keychain'].includes(kind) ? { state: 'auth', text: 'API key problem' } : { state: 'offline', text: 'Offline' };
  } else connection = { state: 'checking', text: 'Connecting…' };
  return (
    <span className={`connection connection--${connection.state}`} role="status" aria-label={`Connection: ${connection.text}`} title={ping.error?.error.message}>
      <span className="connection__dot" aria-hidden="true" />
      {connection.text}
    </span>
  );
}
