/**
 * HTTP plumbing: reading a bounded body, the exchange's error bodies, and writing answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Larger private bodies are refused with 413 (no endpoint needs more than a few hundred bytes). */
export const MAX_BODY_BYTES = 64 * 1024;

export interface Reply {
  status: number;
  /** Serialised as JSON unless `raw` is given. */
  body?: unknown;
  raw?: { text: string | Buffer; contentType: string };
  headers?: Record<string, string>;
}

export type FieldErrors = Record<string, string[]>;

/** Private endpoints' error format (docs/exchange-api.md "Errors"). */
export function privateError(status: number, code: number, message: string, errors: FieldErrors = {}): Reply {
  return { status, body: { code, message, errors } };
}

/**
 * Public endpoints' errors as documented (openapi/public/http-v4.yaml): an unknown route is 404 with
 * an EMPTY body, an internal error is 500 `{"error":["Internal server error."]}`, and the gateway's
 * own answers (maintenance 503, rate limit 429) are not JSON at all.
 */
export function publicEmpty(status: number): Reply {
  return { status, raw: { text: '', contentType: 'text/plain; charset=utf-8' } };
}

const PUBLIC_INTERNAL_ERROR = { error: ['Internal server error.'] } as const;

export function publicInternalError(): Reply {
  return { status: 500, body: PUBLIC_INTERNAL_ERROR };
}

const STATUS_TITLES: Record<number, string> = {
  429: '429 Too Many Requests',
  500: '500 Internal Server Error',
  502: '502 Bad Gateway',
  503: '503 Service Temporarily Unavailable',
  504: '504 Gateway Time-out',
};

/** An nginx-style HTML page, as a gateway in front of the exchange answers. */
export function gatewayHtml(status: number, headers?: Record<string, string>): Reply {
  const title = STATUS_TITLES[status] ?? `${status} Error`;
  const text = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return { status, raw: { text, contentType: 'text/html; charset=utf-8' }, headers };
}

/** A plain-text gateway answer (some CDNs answer rate limits this way). */
export function gatewayText(status: number, headers?: Record<string, string>): Reply {
  const title = STATUS_TITLES[status] ?? `${status} Error`;
  return { status, raw: { text: `${title.replace(/^\d+ /, '')}\n`, contentType: 'text/plain; charset=utf-8' }, headers };
}

export function validationFailed(errors: FieldErrors, status = 400): Reply {
  return privateError(status, 0, 'Validation failed', errors);
}

export function innerValidationFailed(code: number, errors: FieldErrors): Reply {
  return privateError(422, code, 'Inner validation failed', errors);
}

export type BodyResult = { kind: 'ok'; raw: Buffer } | { kind: 'too_large' } | { kind: 'aborted' };

const EMPTY = Buffer.alloc(0);

/** Reads the whole body up to `limit` bytes. Never rejects. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    // Not read at all: Node discards the rest once the answer has been sent.
    return Promise.resolve({ kind: 'too_large' });
  }
  if (req.complete && req.readableLength === 0 && declared === '0') return Promise.resolve({ kind: 'ok', raw: EMPTY });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: BodyResult) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        req.resume();
        finish({ kind: 'too_large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: 'ok', raw: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size) });
    const onAbort = () => finish({ kind: 'aborted' });
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}

export function serialise(reply: Reply): { payload: Buffer; contentType: string } {
  if (reply.raw) {
    const payload = typeof reply.raw.text === 'string' ? Buffer.from(reply.raw.text) : reply.raw.text;
    return { payload, contentType: reply.raw.contentType };
  }
  return { payload: Buffer.from(JSON.stringify(reply.body ?? null)), contentType: 'application/json' };
}

export function send(res: ServerResponse, reply: Reply, payloadOverride?: Buffer): void {
  if (res.destroyed || res.writableEnded) return;
  const { payload, contentType } = serialise(reply);
  const body = payloadOverride ?? payload;
  res.writeHead(reply.status, { 'content-type': contentType, 'content-length': body.length, ...reply.headers });
  res.end(body);
}

/** The forms an error page may take: the API's JSON, the gateway's HTML page, or plain text. */
export type ErrorBodyFormat = 'json' | 'html' | 'text';

/**
 * Private endpoints' rate-limit answer. Public ones are refused by the gateway in front of the
 * exchange, which answers with a non-JSON page (openapi/public/http-v4.yaml).
 */
export function tooManyRequests(isPrivate: boolean, retryAfterSeconds: number, format?: ErrorBodyFormat): Reply {
  const headers = { 'retry-after': String(retryAfterSeconds) };
  const chosen = format ?? (isPrivate ? 'json' : 'html');
  if (chosen === 'html') return gatewayHtml(429, headers);
  if (chosen === 'text') return gatewayText(429, headers);
  return { status: 429, body: { code: 0, errors: {}, message: 'Too many requests.' }, headers };
}
