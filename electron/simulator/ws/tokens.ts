/**
 * WebSocket tokens handed out by POST /profile/websocket_token. The exchange calls them short-lived
 * without a figure; the simulator's rule (docs/exchange-api.md "WebSocket"): a token is good for one
 * `authorize` within 60 s of issue.
 */
import { randomBytes } from 'node:crypto';

const WS_TOKEN_LIFETIME_MS = 60_000;
/** A flood of token requests must not grow memory without bound (the endpoint is rate-limited anyway). */
const MAX_LIVE_TOKENS = 10_000;

export class WsTokenStore {
  private readonly tokens = new Map<string, { apiKey: string; issuedAtMs: number }>();

  issue(apiKey: string, nowMs: number): string {
    if (this.tokens.size >= MAX_LIVE_TOKENS) this.sweep(nowMs);
    if (this.tokens.size >= MAX_LIVE_TOKENS) this.tokens.clear();
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { apiKey, issuedAtMs: nowMs });
    return token;
  }

  /** The account the token was issued to, once; undefined for an unknown, used or expired token. */
  redeem(token: string, nowMs: number): string | undefined {
    const entry = this.tokens.get(token);
    if (!entry) return undefined;
    this.tokens.delete(token);
    return nowMs - entry.issuedAtMs <= WS_TOKEN_LIFETIME_MS ? entry.apiKey : undefined;
  }

  clear(): void {
    this.tokens.clear();
  }

  private sweep(nowMs: number): void {
    for (const [token, entry] of this.tokens) if (nowMs - entry.issuedAtMs > WS_TOKEN_LIFETIME_MS) this.tokens.delete(token);
  }
}
