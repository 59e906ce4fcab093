/**
 * The live (WebSocket) connection of one account, as the page shows it beside the REST refresh.
 * Codes and values only: the page words them.
 */
export type LiveProblemCode = 'token_unavailable' | 'token_refused' | 'unreachable' | 'no_pong' | 'too_many_requests' | 'frame_too_large' | 'refused' | 'closed';

export interface LiveState {
  accountId: string;
  /**
   * off: no live connection is kept for this account (alerts off); connecting: (re)connecting;
   * live: pushed data arrives; fallback: the connection is lost, REST refresh carries the view until
   * the retry at `retryAt`.
   */
  status: 'off' | 'connecting' | 'live' | 'fallback';
  problem: LiveProblemCode | null;
  /** Epoch ms of the next attempt while in fallback. */
  retryAt: number | null;
  /** Frames that were not JSON-RPC on this connection (ignored, counted). */
  unreadableFrames: number;
  /** Epoch ms of the last pushed update applied to the account's figures (null before the first). */
  lastPushAt: number | null;
  /**
   * Grows by one with each change main publishes. The state reaches the page by answers and events
   * over two connections, so the page orders them by this, not by arrival. The live service lives
   * as long as the main process, and so does the page, so no epoch is needed beside it.
   */
  revision: number;
}

export const liveOff = (accountId: string, revision = 0): LiveState => ({ accountId, status: 'off', problem: null, retryAt: null, unreadableFrames: 0, lastPushAt: null, revision });

/** Of two states of one account, the one main published later; the same revision keeps the one held. */
export function laterLiveState(known: LiveState | undefined, incoming: LiveState): LiveState {
  return known !== undefined && known.revision >= incoming.revision ? known : incoming;
}
