/**
 * A structural check of an incoming payload that runs before any schema: payloads arrive from a
 * renderer we do not trust (or from HTTP), so before zod reads a single field we make sure the
 * value is plain JSON-like data of bounded size, with no keys that could reach an object's
 * prototype, and no prototype chain a getter could hide behind.
 */

const PAYLOAD_LIMITS = {
  /** No channel takes a string anywhere near this long (the longest field allows 512). */
  maxStringLength: 4096,
  maxDepth: 6,
  maxKeysPerObject: 64,
  maxArrayLength: 256,
  /** Total of all string lengths and keys: a bound on the work a single payload can cause. */
  maxTotalSize: 64 * 1024,
} as const;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export type InspectResult = { ok: true } | { ok: false; reason: string };

export function inspectPayload(value: unknown): InspectResult {
  let total = 0;

  function visit(node: unknown, depth: number, where: string): string | null {
    if (node === null || typeof node === 'boolean') return null;
    if (typeof node === 'number') return Number.isFinite(node) ? null : `${where} is not a finite number`;
    if (typeof node === 'string') {
      total += node.length;
      if (node.length > PAYLOAD_LIMITS.maxStringLength) return `${where} is too long`;
      return total > PAYLOAD_LIMITS.maxTotalSize ? 'the request is too large' : null;
    }
    if (typeof node !== 'object') return `${where} has an unsupported type (${typeof node})`;
    if (depth >= PAYLOAD_LIMITS.maxDepth) return `${where} is nested too deeply`;

    if (Array.isArray(node)) {
      if (Object.getPrototypeOf(node) !== Array.prototype) return `${where} is not a plain list`;
      if (node.length > PAYLOAD_LIMITS.maxArrayLength) return `${where} has too many items`;
      for (let i = 0; i < node.length; i++) {
        if (!Object.prototype.hasOwnProperty.call(node, i)) return `${where} has holes`;
        const problem = visit(node[i], depth + 1, `${where}[${i}]`);
        if (problem) return problem;
      }
      return null;
    }

    const proto = Object.getPrototypeOf(node) as unknown;
    if (proto !== Object.prototype && proto !== null) return `${where} is not a plain object`;
    if (Object.getOwnPropertySymbols(node).length > 0) return `${where} has symbol keys`;
    const keys = Object.getOwnPropertyNames(node);
    if (keys.length > PAYLOAD_LIMITS.maxKeysPerObject) return `${where} has too many fields`;
    for (const key of keys) {
      if (FORBIDDEN_KEYS.has(key)) return `${where} has a forbidden field name "${key}"`;
      total += key.length;
      if (key.length > 128) return `${where} has a field name that is too long`;
      const descriptor = Object.getOwnPropertyDescriptor(node, key);
      // An accessor could return a different value to each reader (check vs use).
      if (!descriptor || !('value' in descriptor)) return `${where}.${key} is not a plain value`;
      const problem = visit(descriptor.value, depth + 1, `${where}.${key}`);
      if (problem) return problem;
    }
    return total > PAYLOAD_LIMITS.maxTotalSize ? 'the request is too large' : null;
  }

  const problem = visit(value, 0, 'payload');
  return problem ? { ok: false, reason: problem } : { ok: true };
}
