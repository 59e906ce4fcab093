/**
 * The AppFailures the client throws for things that happen on our side of the wire: bad
 * arguments, transport errors, timeouts and cancellations. Answers from the exchange are
 * classified in classify.ts. Messages are plain words for a person and never carry request data.
 */
import { AppFailure, type AppError } from '../../../shared/errors';

/** What a person sees when they (or a screen they left) cancelled a request. */
export const CANCELLED_MESSAGE = 'The request was cancelled before the exchange answered.';

const cancellations = new WeakSet<AppFailure>();

/** True for failures caused by the caller's AbortSignal (kind `network`, or `timeout` for AbortSignal.timeout). */
export function isCancellation(value: unknown): boolean {
  return value instanceof AppFailure && cancellations.has(value);
}

/**
 * A caller abort is reported as kind `network` ("did not complete"), except when the reason is a
 * TimeoutError (AbortSignal.timeout), which is reported as kind `timeout`.
 */
export function cancelledFailure(reason: unknown): AppFailure {
  const byTimeout = typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
  const failure = new AppFailure(
    byTimeout
      ? { kind: 'timeout', message: 'The request was cancelled because it took longer than allowed.' }
      : { kind: 'network', reason: 'cancelled', message: CANCELLED_MESSAGE },
  );
  cancellations.add(failure);
  return failure;
}

export function timeoutFailure(timeoutMs: number): AppFailure {
  const seconds = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return new AppFailure({ kind: 'timeout', message: `The exchange did not answer within ${seconds}. It may be slow or unreachable; try again.` });
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'The exchange refused the connection. Check the server address, or try again later.',
  ECONNRESET: 'The connection to the exchange was cut off before the answer was complete.',
  EPIPE: 'The connection to the exchange was cut off while sending the request.',
  ENOTFOUND: 'The exchange address could not be found. Check the server address and your internet connection.',
  EAI_AGAIN: 'The exchange address could not be looked up right now. Check your internet connection.',
  ETIMEDOUT: 'Connecting to the exchange took too long. Check your internet connection.',
  EHOSTUNREACH: 'The exchange cannot be reached from this network.',
  ENETUNREACH: 'There is no network connection.',
  ECONNABORTED: 'The connection to the exchange was aborted.',
  CERT_HAS_EXPIRED: 'The exchange presented an expired security certificate; the connection was refused for your safety.',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'The server presented an untrusted security certificate; the connection was refused for your safety.',
  SELF_SIGNED_CERT_IN_CHAIN: 'The server presented an untrusted security certificate; the connection was refused for your safety.',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'The server presented an untrusted security certificate; the connection was refused for your safety.',
  ERR_TLS_CERT_ALTNAME_INVALID: 'The server certificate does not belong to this address; the connection was refused for your safety.',
};

/**
 * A Node transport error (socket, DNS, TLS) as a `network` failure. The raw error is not kept. A
 * refused connection names the address it was refused at: the internet is not the cause there.
 */
export function networkFailure(error: unknown, origin?: string): AppFailure {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (code === 'ECONNREFUSED' && origin !== undefined) {
    return new AppFailure({ kind: 'network', reason: 'connection_refused', values: { address: origin }, message: NETWORK_WORDS.ECONNREFUSED! });
  }
  const message =
    (typeof code === 'string' && NETWORK_WORDS[code]) ||
    'The connection to the exchange failed before an answer arrived. Check your internet connection and try again.';
  return new AppFailure({ kind: 'network', reason: 'transport', values: { cause: transportCause(code) }, message });
}

/** The transport error's code as the cause the page words (shared/failures.ts `transport`). */
function transportCause(code: unknown): string {
  if (typeof code !== 'string') return 'other';
  if (/CERT|SIGNATURE|TLS/.test(code)) return 'tls';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'cut';
  if (code === 'EHOSTUNREACH' || code === 'ETIMEDOUT') return 'unreachable';
  if (code === 'ENETUNREACH') return 'offline';
  return 'other';
}

export function responseTooLargeFailure(status: number, limitBytes: number): AppFailure {
  const megabytes = Math.round(limitBytes / 1024 / 1024);
  return new AppFailure({
    kind: 'bad_response',
    status,
    reason: 'response_too_large',
    values: { megabytes },
    message: `The exchange sent an answer larger than ${megabytes} MB; it was not read.`,
  });
}

export function missingCredentialsFailure(): AppFailure {
  return new AppFailure({ kind: 'auth', reason: 'no_api_key', message: 'This account has no API key yet. Add its API key and secret first.' });
}

/** Replaces every occurrence of the given sensitive strings; used on anything that reaches a message. */
function scrub(text: string, sensitive: readonly string[]): string {
  let out = text;
  for (const s of sensitive) {
    if (s.length >= 4 && out.includes(s)) out = out.split(s).join('[redacted]');
  }
  return out;
}

/** Applies `scrub` to an AppError's message and field messages, returning a new error only when needed. */
export function scrubError(error: AppError, sensitive: readonly string[]): AppError {
  const message = scrub(error.message, sensitive);
  let fields = error.fields;
  if (fields) {
    const cleaned: Record<string, string[]> = {};
    for (const [name, messages] of Object.entries(fields)) cleaned[scrub(name, sensitive)] = messages.map((m) => scrub(m, sensitive));
    fields = cleaned;
  }
  const said = error.exchangeSaid === undefined ? {} : { exchangeSaid: scrub(error.exchangeSaid, sensitive) };
  return { ...error, message, ...said, ...(fields ? { fields } : {}) };
}

/** Whole seconds, rounded up, as a person reads a wait ("30 s"); under a second reads "1 s". */
function secondsText(ms: number): string {
  return `${Math.max(1, Math.ceil(ms / 1000))} s`;
}

/**
 * The exchange answered 429 and the app will not try again by itself. Our wording: the exchange's
 * own text ("Too many requests.") says nothing about how long; `waitMs` is the capped Retry-After.
 */
export function exchangeRateLimitedFailure(error: AppError, waitMs: number): AppFailure {
  const throttle = error.reason === 'withdraw_throttled';
  return new AppFailure({
    ...error,
    reason: error.reason ?? 'rate_limited',
    retryAfterMs: waitMs,
    message: throttle
      ? `The exchange is limiting withdrawal attempts right now. Wait ${secondsText(waitMs)} before trying again.`
      : `The exchange is limiting how often the app may ask. Try again in ${secondsText(waitMs)}.`,
  });
}

/** The app's own limiter would hold the request longer than the call may last (our wording). */
export function heldBackFailure(waitMs: number): AppFailure {
  return new AppFailure({
    kind: 'rate_limited',
    reason: 'rate_limited',
    message: `The app is holding back requests to stay within the exchange limits. Try again in ${secondsText(waitMs)}.`,
    retryAfterMs: Math.ceil(waitMs),
  });
}

/**
 * The call's overall deadline passed (every attempt, back-off and wait included). Our wording;
 * it names the deadline, which is what the person actually waited.
 */
export function deadlineFailure(deadlineMs: number): AppFailure {
  return new AppFailure({
    kind: 'timeout',
    reason: 'deadline',
    values: { seconds: Math.max(1, Math.ceil(deadlineMs / 1000)) },
    message: `No answer within ${secondsText(deadlineMs)} from the exchange, every attempt included. It may be slow or unreachable; try again.`,
  });
}

/** Every attempt timed out before the retries ran out: the words give the whole wait, not one attempt's. */
export function attemptsTimedOutFailure(elapsedMs: number, attempts: number): AppFailure {
  return new AppFailure({
    kind: 'timeout',
    message: `No answer within ${secondsText(elapsedMs)} from the exchange (${attempts} attempts). It may be slow or unreachable; try again.`,
  });
}
