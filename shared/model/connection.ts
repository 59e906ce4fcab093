/**
 * What the main process knows about an account's connection to the exchange, from the outcome of
 * every call it made (electron/services/connection). The page shows it as is; it never guesses
 * from one ping. Carries no request data, no API key and no secret: only times, counts and the
 * client's own plain-words message of the last problem.
 */
export type ConnectionStatus =
  /** No call has finished for this account since the app started. */
  | 'unknown'
  /** The last call that says anything about the connection got an answer. */
  | 'online'
  /** Calls fail before any answer arrives (unreachable, refused, reset, timed out). */
  | 'offline'
  /** The exchange answers, but with 429/5xx: retrying (`retry` set) or given up for now. */
  | 'busy'
  /** The exchange refuses the API key itself (bad signature, disabled key, IP not allowed). */
  | 'key_problem';

export interface ConnectionState {
  accountId: string;
  status: ConnectionStatus;
  /** Epoch ms when `status` began (the first failed call of an outage); null while unknown. */
  since: number | null;
  /** Epoch ms of the last call the exchange answered with data. */
  lastSuccessAt: number | null;
  /** Epoch ms of the last call that failed for a reason that concerns the connection or the key. */
  lastFailureAt: number | null;
  /** Epoch ms of the last call outcome of any kind: main pings only after a silence (silenceWatch.ts). */
  lastCallAt: number | null;
  /**
   * Failed attempts (retries included, of every call) since the outage began; 0 while online.
   * One count for the whole outage, whichever calls fail and however each call's own retries go,
   * so the page's count only ever rises until the exchange answers again.
   */
  failedAttempts: number;
  /**
   * While the client waits to retry a busy exchange: retry `attempt` of `of` of one call. For main's
   * silence watch (no ping while a retry is due); the page shows `failedAttempts`, since calls
   * retrying side by side each count their own.
   */
  retry: { attempt: number; of: number } | null;
  /** The last problem in the app's own words (never a secret or a request body), or null. */
  problem: string | null;
  /**
   * Which of two states main recorded later: `epoch` names the main process's monitor (a new one
   * starts again from 0), `revision` grows by one with each change. The state reaches the page by
   * answers and events over two connections, so the page orders them by this, not by arrival or by
   * a wall-clock time that can step back.
   */
  epoch: string;
  revision: number;
}

export function unknownConnection(accountId: string, epoch = ''): ConnectionState {
  return { accountId, status: 'unknown', since: null, lastSuccessAt: null, lastFailureAt: null, lastCallAt: null, failedAttempts: 0, retry: null, problem: null, epoch, revision: 0 };
}

/**
 * Of two states of one account, the one main recorded later (see `revision`); a new monitor's wins.
 * The same revision is the same state: the one already held is kept, so a renewal's answer or an
 * event heard twice hands the page no new object to re-render for.
 */
export function laterConnectionState(known: ConnectionState | undefined, incoming: ConnectionState): ConnectionState {
  return known !== undefined && known.epoch === incoming.epoch && known.revision >= incoming.revision ? known : incoming;
}

/**
 * A page watching an account's connection (`connection.watch`) keeps the main process pinging it
 * through silences for this long; a visible page renews every CONNECTION_WATCH_RENEW_MS, so one
 * that vanished without saying stops the pinging by itself.
 */
export const CONNECTION_WATCH_LEASE_MS = 90_000;
export const CONNECTION_WATCH_RENEW_MS = 60_000;
