/**
 * A tiny signed-request helper for tests that talk to the simulator over real HTTP. It signs with
 * the product's own `signBody`, so a test exercises the same signing the client uses. Not used by
 * the product itself.
 */
import { signBody } from '../../protocol/signing';
import { ADMIN_TOKEN_HEADER } from '../controls';
import type { RunningSimulator } from '../index';
import type { SimulatorAccount } from '../accountState';

export interface SimResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the body is JSON, else the text. */
  body: T;
  text: string;
}

/** Strictly increasing millisecond nonces for the whole test process (valid in both nonce modes). */
let lastNonce = 0;
export function nextNonce(): number {
  lastNonce = Math.max(Date.now(), lastNonce + 1);
  return lastNonce;
}

async function toResponse<T>(res: Response): Promise<SimResponse<T>> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

export interface SignOptions {
  /** Default true (the client's choice, docs/exchange-api.md). */
  nonceWindow?: boolean;
  /** Override the nonce (number or string). */
  nonce?: number | string;
  /** Override the `request` field (default: the path). */
  request?: string;
}

export class SimClient {
  constructor(
    readonly url: string,
    readonly account: SimulatorAccount,
  ) {}

  /** The exact body string a signed request would carry. */
  bodyFor(path: string, params: Record<string, unknown> = {}, options: SignOptions = {}): string {
    const nonceWindow = options.nonceWindow ?? true;
    const base: Record<string, unknown> = { request: options.request ?? path, nonce: options.nonce ?? nextNonce() };
    if (nonceWindow) base.nonceWindow = true;
    return JSON.stringify({ ...base, ...params });
  }

  /** A correctly signed private POST. */
  async post<T = unknown>(path: string, params: Record<string, unknown> = {}, options: SignOptions = {}): Promise<SimResponse<T>> {
    return this.postBody<T>(path, this.bodyFor(path, params, options));
  }

  /** Signs and sends an exact body string. */
  async postBody<T = unknown>(path: string, body: string): Promise<SimResponse<T>> {
    const signed = signBody(this.account.apiSecret, body);
    return this.send<T>(path, body, {
      'x-txc-apikey': this.account.apiKey,
      'x-txc-payload': signed.payload,
      'x-txc-signature': signed.signature,
    });
  }

  /** Sends a body with exactly the given headers (for tampering tests). */
  async send<T = unknown>(path: string, body: string | Uint8Array, headers: Record<string, string>): Promise<SimResponse<T>> {
    const res = await fetch(this.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      // A copy with a plain ArrayBuffer behind it, as fetch's types require.
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return toResponse<T>(res);
  }

  async get<T = unknown>(path: string): Promise<SimResponse<T>> {
    return toResponse<T>(await fetch(this.url + path));
  }
}

/** Calls the admin API with the simulator's admin token. */
export async function admin<T = unknown>(sim: RunningSimulator, method: string, path: string, body?: unknown, token = sim.adminToken): Promise<SimResponse<T>> {
  const res = await fetch(`${sim.url}/__admin/${path}`, {
    method,
    headers: { [ADMIN_TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return toResponse<T>(res);
}

export function clientFor(sim: Pick<RunningSimulator, 'url' | 'accounts'>, accountName: string): SimClient {
  const account = sim.accounts.find((a) => a.name === accountName);
  if (!account) throw new Error(`no simulator account named ${accountName}`);
  return new SimClient(sim.url, account);
}
