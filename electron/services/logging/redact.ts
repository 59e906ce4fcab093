/**
 * Keeps secrets out of everything the app writes down. Two nets, because either alone leaks:
 *  - values: every secret the app holds is registered here the moment it is read or typed in, and
 *    any occurrence of it in any text is replaced, whatever the field is called;
 *  - shapes: fields named like credentials (secret, key, signature, payload, token, ...) and text
 *    that looks like a signing header or a signed payload are masked even if never registered.
 */

export const REDACTED = '[redacted]';

/** Field names whose values are never written down. Matched case-insensitively, anywhere in the name. */
const SENSITIVE_KEY = /secret|api[-_]?key|apikey|signature|payload|token|passw|passphrase|authorization|cookie|x-txc/i;

/** `name: value` / `name=value` / `"name":"value"` where the name looks like a credential. */
const SENSITIVE_ASSIGNMENT =
  /((?:[\w-]*(?:secret|api[-_]?key|apikey|signature|payload|token|passw|authorization|x-txc)[\w-]*)["']?\s*[:=]\s*["']?)([^\s"',;&}\]]+)/gi;
/** A hex HMAC-SHA512 (128 hex digits) or anything hex that long: signatures, raw keys. */
const LONG_HEX = /\b[0-9a-f]{64,}\b/gi;
/** base64 of a JSON object ("{\"" encodes to "eyJ"): a signed request payload. */
const BASE64_JSON = /\beyJ[A-Za-z0-9+/_-]{16,}={0,2}/g;

/** Shorter values would match ordinary words and numbers; real API secrets are far longer. */
const MIN_REGISTERED_LENGTH = 6;
const MAX_DEPTH = 8;

export interface Redactor {
  /** Remembers a secret value so that it is masked wherever it shows up later. */
  registerSecret(value: string | null | undefined): void;
  forgetSecret(value: string): void;
  redactText(text: string): string;
  /** A deep copy safe to write down: sensitive fields masked, registered values removed from strings. */
  redactValue(value: unknown): unknown;
  /** True when the text holds any registered secret (a last check before data leaves the process). */
  containsSecret(text: string): boolean;
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();

  function redactText(text: string): string {
    let out = text;
    for (const secret of secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out.replace(SENSITIVE_ASSIGNMENT, `$1${REDACTED}`).replace(LONG_HEX, REDACTED).replace(BASE64_JSON, REDACTED);
  }

  function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
    if (typeof value === 'string') return redactText(value);
    if (value === null || typeof value !== 'object') {
      return typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function' ? String(value) : value;
    }
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[too deep]';
    seen.add(value);
    if (value instanceof Error) {
      const described: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
      if (value.stack) described.stack = redactText(value.stack);
      const extra = value as unknown as Record<string, unknown>;
      for (const key of Object.keys(extra)) {
        described[key] = SENSITIVE_KEY.test(key) ? REDACTED : redactValue(extra[key], depth + 1, seen);
      }
      return described;
    }
    if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = SENSITIVE_KEY.test(key) && item !== null && item !== undefined && typeof item !== 'boolean' ? REDACTED : redactValue(item, depth + 1, seen);
    }
    return copy;
  }

  return {
    registerSecret(value) {
      if (typeof value === 'string' && value.length >= MIN_REGISTERED_LENGTH) secrets.add(value);
    },
    forgetSecret(value) {
      secrets.delete(value);
    },
    redactText,
    redactValue: (value) => redactValue(value),
    containsSecret(text) {
      for (const secret of secrets) if (text.includes(secret)) return true;
      return false;
    },
  };
}
