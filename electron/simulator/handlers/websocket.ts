/** POST /profile/websocket_token: a token for the WebSocket's `authorize` (ws/tokens.ts). */
import type { Reply } from '../http';
import type { PrivateContext } from './context';

export function websocketToken(ctx: PrivateContext): Reply {
  return { status: 200, body: { websocket_token: ctx.state.wsTokens.issue(ctx.account.apiKey, ctx.nowMs) } };
}
