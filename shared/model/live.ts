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
}

export const liveOff = (accountId: string): LiveState => ({ accountId, status: 'off', problem: null, retryAt: null, unreadableFrames: 0 });
