/**
 * Turns an HTTP answer from the exchange into either data or an AppError (docs/exchange-api.md,
 * "Errors"). Never assumes JSON: gateways answer 429/503 with HTML or text, bodies arrive empty or
 * cut off. Request-shape failures are recognised by their body ("Validation failed"), because the
 * sources disagree on 400 vs 422.
 */
import { ExchangeErrorBody } from '../../../shared/api/schemas/errors';
import type { z } from 'zod';
import { safeExchangeText } from '../../../shared/api/exchangeText';
import type { AppError, ErrorReason } from '../../../shared/errors';
import { parseAnswerText } from './parseAnswer';
import { parseRetryAfterMs } from './retry';

export interface RawAnswer {
  status: number;
  /** Lower-cased media type without parameters, '' when absent. */
  contentType: string;
  retryAfter: string | undefined;
  text: string;
}

export type Interpretation = { ok: true; data: unknown } | { ok: false; error: AppError };

/** Exchange-written text made safe to show: one line, no control or invisible format characters, bounded. */
const tidy = (text: string): string => safeExchangeText(text);

function isHtml(answer: RawAnswer): boolean {
  return answer.contentType === 'text/html' || /^\s*<(!doctype|html|head|body)\b/i.test(answer.text);
}

interface ErrorBody {
  code?: number;
  message?: string;
  fields?: Record<string, string[]>;
}

/** The body's code, message and field errors (its schema: shared/api/schemas/errors.ts), made safe to show. */
function readErrorBody(value: unknown): ErrorBody {
  const { code, message, errors } = ExchangeErrorBody.parse(value);
  const body: ErrorBody = {};
  if (code !== undefined) body.code = code;
  if (message !== undefined) body.message = tidy(message);
  if (errors !== undefined) body.fields = Object.fromEntries(Object.entries(errors).map(([name, texts]) => [tidy(name), texts.map(tidy)]));
  return body;
}

function firstFieldMessages(fields: Record<string, string[]> | undefined): string | undefined {
  if (!fields) return undefined;
  const all = Object.values(fields).flat();
  if (all.length === 0) return undefined;
  return tidy(all.slice(0, 3).join(' '));
}

function withOptional(error: AppError, extra: { code?: number; fields?: Record<string, string[]>; retryAfterMs?: number; reason?: ErrorReason | undefined }): AppError {
  if (extra.code !== undefined) error.code = extra.code;
  if (extra.reason !== undefined) error.reason = extra.reason;
  if (extra.fields !== undefined) error.fields = extra.fields;
  if (extra.retryAfterMs !== undefined) error.retryAfterMs = extra.retryAfterMs;
  return error;
}

const AUTH_WORDS: Record<number, string> = {
  2: 'The exchange says this API key is disabled or not allowed from this IP address. Enable the key (and allow this IP) in the API settings on the exchange website.',
  9: 'The exchange could not read the signed request (invalid payload). Try again; if it keeps happening, tell the app maintainers.',
  10: 'The exchange did not accept the request signature. Check that the API secret belongs to this API key.',
};

/** True for the exchange's complaint that the nonce (our request time stamp) is out of its window. */
export function isNonceRejection(error: AppError): boolean {
  return error.reason === 'nonce_window';
}

const AUTH_REASONS: Record<number, ErrorReason> = { 2: 'key_disabled', 9: 'invalid_payload', 10: 'bad_signature' };

/**
 * The reasons that live in field messages of a refused request: the exchange's own words are the
 * only signal (documented: "The unique id has already been taken.", flex "Plan is paused").
 */
function reasonInFields(fields: Record<string, string[]> | undefined): ErrorReason | undefined {
  if (!fields) return undefined;
  for (const [field, messages] of Object.entries(fields)) {
    if (/^unique_?id$/i.test(field) && messages.some((m) => /already been taken/i.test(m))) return 'duplicate_id';
    if (/^plan(_?id)?$/i.test(field) && messages.some((m) => /\bpaused\b/i.test(m))) return 'plan_paused';
    if (field === 'ticker' && messages.some((m) => /not depositable/i.test(m))) return 'not_depositable';
  }
  return undefined;
}

/** Refusals whose only signal is the message (documented: 422 "Account is not confirmed"). */
function reasonInMessage(said: string | undefined): ErrorReason | undefined {
  if (said !== undefined && /account is not confirmed/i.test(said)) return 'account_not_confirmed';
  return undefined;
}

/** "This endpoint is disabled for your region" (docs/exchange-api.md), as the message or inside the field errors. */
function saysDisabledForRegion(said: string | undefined, fields: Record<string, string[]> | undefined): boolean {
  return [said, ...Object.values(fields ?? {}).flat()].some((text) => text !== undefined && /disabled for your region/i.test(text));
}

/**
 * Classifies a non-2xx answer. `nowMs` is wall-clock time, for Retry-After dates. The message is
 * ours, for the log; what the exchange itself said goes along as `exchangeSaid`, which the page
 * shows as the exchange's words beside its own (the code and kind decide those).
 */
export function classifyFailure(answer: RawAnswer, nowMs: number): AppError {
  const parsed = parseAnswerText(answer.text);
  const body = parsed.ok ? readErrorBody(parsed.value) : {};
  const error = classifyBody(answer, parsed, body, nowMs);
  const said = firstFieldMessages(body.fields) ?? (body.message ? tidy(body.message) : undefined);
  return said !== undefined && error.kind !== 'bad_response' ? { ...error, exchangeSaid: said } : error;
}

function classifyBody(answer: RawAnswer, parsed: ReturnType<typeof parseAnswerText>, body: ErrorBody, nowMs: number): AppError {
  const { status } = answer;
  const { code, message: said, fields } = body;
  const retryAfterMs = parseRetryAfterMs(answer.retryAfter, nowMs);

  if (said && /^inner validation failed/i.test(said)) {
    const detail = firstFieldMessages(fields);
    return withOptional(
      { kind: 'validation', status, message: detail ? `The exchange refused the request: ${detail}` : 'The exchange refused the request (inner validation failed).' },
      { code, fields, reason: reasonInFields(fields) },
    );
  }
  if (said && /^validation failed/i.test(said)) {
    const detail = firstFieldMessages(fields);
    return withOptional(
      { kind: 'validation', status, message: detail ? `The exchange rejected the request: ${detail}` : 'The exchange rejected the request as malformed (validation failed).' },
      { code, fields, reason: reasonInFields(fields) },
    );
  }
  if (said && /nonce/i.test(said) && /(lesser|greater|window|invalid|used|seconds)/i.test(said)) {
    return withOptional(
      { kind: 'auth', status, message: `The exchange refused the request time stamp (nonce): "${said}". The computer clock may be off; the app re-checks the exchange time, so try again.` },
      { code, reason: 'nonce_window' },
    );
  }
  if (code === 4 && (status === 401 || status === 403 || (said !== undefined && /not authori[sz]ed to perform/i.test(said)))) {
    return withOptional(
      { kind: 'permission', status, message: 'This API key is not allowed to do this. Give the key the needed permission in the API settings on the exchange website.' },
      { code, fields, reason: 'key_lacks_permission' },
    );
  }
  // Auth failures are recognised by their body too: the docs show code 9 "Invalid payload." under
  // 400, our notes had 401 (docs/exchange-api.md: accept both).
  const authBody =
    said !== undefined &&
    ((code === 9 && /invalid payload/i.test(said)) || (code === 10 && /unauthori[sz]ed request/i.test(said)) || /\bnot provided\b/i.test(said));
  if (status === 401 || (status >= 400 && status < 500 && authBody)) {
    const words =
      (code !== undefined && AUTH_WORDS[code]) ||
      (said && /not provided/i.test(said)
        ? `The exchange says part of the signed request is missing ("${said}").`
        : 'The exchange did not accept the API key. Check the API key and secret.');
    return withOptional({ kind: 'auth', status, message: words }, { code, fields, reason: code !== undefined ? AUTH_REASONS[code] : undefined });
  }
  // Withdrawal throttling is documented under 400; gateways may say it with 429 (docs/exchange-api.md: accept both).
  if ((status === 400 || status === 429) && said !== undefined && /too many attempts/i.test(said)) {
    return withOptional(
      { kind: 'rate_limited', status, message: 'The exchange is limiting withdrawal attempts right now. Wait a little before trying again.' },
      { code, retryAfterMs, reason: 'withdraw_throttled' },
    );
  }
  if (status === 403) {
    // The exchange's words do not say which of two causes applies (docs/exchange-api.md), so both are named.
    const endpointRefused = said !== undefined && /permission to use this endpoint/i.test(said);
    const message = endpointRefused
      ? `The exchange refused this endpoint ("${said}"). Either the account has no access to it (smart-flex needs B2B access) or this API key's endpoint restrictions exclude it.`
      : said
        ? `The exchange does not allow this account to do this: ${said}`
        : 'The exchange does not allow this account to do this.';
    return withOptional({ kind: 'permission', status, message }, { code, fields, reason: endpointRefused ? 'endpoint_forbidden' : undefined });
  }
  if (status === 451) {
    // Our wording: the body only carries a key such as "api.futures.unavailable".
    return withOptional({ kind: 'permission', status, message: 'This part of the exchange is not available in your region.' }, { code, reason: 'region_unavailable' });
  }
  if (status === 412) {
    return withOptional(
      {
        kind: 'validation',
        status,
        message: 'Two-factor authentication is off for this exchange account. Turn on 2FA on the exchange website, then send the withdrawal again.',
      },
      { code, fields, reason: 'two_factor_off' },
    );
  }
  if (status === 429) {
    const message = 'The exchange is limiting how often the app may ask right now. The app slows down and tries again.';
    return withOptional({ kind: 'rate_limited', status, message }, { code, retryAfterMs, reason: 'rate_limited' });
  }
  if (status === 404) {
    return withOptional({ kind: 'not_found', status, message: 'The exchange does not know this address. Check the server address in the account settings.' }, { code });
  }
  if (status >= 500) {
    const message =
      status === 503
        ? 'The exchange is unavailable right now (maybe maintenance). Try again later.'
        : `The exchange had an internal problem (HTTP ${status}). Try again later.`;
    return withOptional({ kind: 'server', status, message }, { code, retryAfterMs });
  }
  if (status >= 400 && parsed.ok && (said !== undefined || fields !== undefined)) {
    const detail = firstFieldMessages(fields) ?? said;
    return withOptional(
      { kind: 'validation', status, message: detail ? `The exchange refused the request: ${detail}` : 'The exchange refused the request.' },
      { code, fields, reason: saysDisabledForRegion(said, fields) ? 'region_unavailable' : (reasonInMessage(said) ?? reasonInFields(fields)) },
    );
  }
  return {
    kind: 'bad_response',
    status,
    message: isHtml(answer)
      ? `The exchange answered with a web page instead of data (HTTP ${status}).`
      : `The exchange sent an answer this app does not understand (HTTP ${status}).`,
  };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'the answer';
  return `${where}: ${issue.message}`;
}

/** Parses and checks a 2xx answer against the endpoint's response schema. */
function interpretSuccess(answer: RawAnswer, schema: z.ZodType): Interpretation {
  const { status } = answer;
  if (isHtml(answer)) {
    return { ok: false, error: { kind: 'bad_response', status, message: `The exchange answered with a web page instead of data (HTTP ${status}).` } };
  }
  if (answer.text.trim() === '') {
    return { ok: false, error: { kind: 'bad_response', status, message: `The exchange sent an empty answer (HTTP ${status}).` } };
  }
  // A mislabelled content type (text/plain from some gateways) is tolerated when the body is JSON.
  const parsed = parseAnswerText(answer.text);
  if (!parsed.ok) {
    return { ok: false, error: { kind: 'bad_response', status, message: `The exchange sent an answer that is not complete JSON (HTTP ${status}); it may have been cut off.` } };
  }
  return checkShape(status, parsed.value, schema);
}

/**
 * The one reader of a parsed answer: the endpoint's zod schema. A single step so that other ways
 * of getting the parsed value (a worker for large answers) can hand it here unchanged.
 */
function checkShape(status: number, value: unknown, schema: z.ZodType): Interpretation {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const first = checked.error.issues[0];
    const detail = first ? ` (${tidy(describeIssue(first))})` : '';
    return { ok: false, error: { kind: 'bad_response', status, message: `The exchange sent an answer in an unexpected shape${detail}.` } };
  }
  return { ok: true, data: checked.data };
}

export function interpretAnswer(answer: RawAnswer, schema: z.ZodType, nowMs: number): Interpretation {
  if (answer.status >= 200 && answer.status < 300) return interpretSuccess(answer, schema);
  return { ok: false, error: classifyFailure(answer, nowMs) };
}
