/**
 * Lists that bend: one element the app cannot read must never blank the whole list.
 *
 * The exchange's list answers (positions, balances, fees, assets, codes, history, flex) are parsed
 * element by element. Readable elements are kept; each unreadable one becomes an `UnreadableItem`
 * naming which element it was and why, so the view can say "1 position could not be read: …"
 * beside the rows it could read. The container itself (an array, an object keyed by ticker) must
 * still have the right type: an answer that is not a list at all stays a `bad_response`.
 */
import { numberSourceOf } from './jsonNumber';
import { z } from 'zod';
import { safeExchangeText } from './exchangeText';

export interface UnreadableItem {
  /** Which element: the ticker key, the position id, or `#index` when nothing better is known. */
  where: string;
  /** The first problem, e.g. `amount: must be a decimal string`. No secrets: this is exchange data. */
  reason: string;
}

export interface ReadableList<T> {
  items: T[];
  unreadable: UnreadableItem[];
}

export interface ReadableRecord<T> {
  items: Record<string, T>;
  unreadable: UnreadableItem[];
}

const MAX_REASON_CHARS = 200;

/** The first zod issue as `path: message`, short enough to show in a notice. */
export function describeFirstIssue(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'unreadable';
  const where = first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
  // Paths hold exchange-written keys: shown only after invisible and control characters are gone.
  return safeExchangeText(`${where}${first.message}`, MAX_REASON_CHARS);
}

/** A readable label for an element that failed, from a few id-like fields if it has them. */
function labelOf(raw: unknown, index: number, idFields: readonly string[]): string {
  if (raw !== null && typeof raw === 'object') {
    for (const field of idFields) {
      const value = (raw as Record<string, unknown>)[field];
      const text = numberSourceOf(value);
      if (typeof text === 'string' || typeof text === 'number') return `${field} ${safeExchangeText(String(text), 64)}`;
    }
  }
  return `#${index + 1}`;
}

/**
 * An array whose elements are parsed one by one.
 * `idFields` name the fields that identify an element in a notice (e.g. `['positionId', 'market']`).
 */
export function tolerantArray<T extends z.ZodType>(item: T, idFields: readonly string[] = []) {
  return z.array(z.unknown()).transform((raw): ReadableList<z.output<T>> => {
    const items: z.output<T>[] = [];
    const unreadable: UnreadableItem[] = [];
    raw.forEach((element, index) => {
      const parsed = item.safeParse(element);
      if (parsed.success) items.push(parsed.data);
      else unreadable.push({ where: labelOf(element, index, idFields), reason: describeFirstIssue(parsed.error) });
    });
    return { items, unreadable };
  });
}

/** An object keyed by ticker (or `"TICKER (NETWORK)"`) whose values are parsed one by one. */
export function tolerantRecord<T extends z.ZodType>(value: T) {
  return z.record(z.string(), z.unknown()).transform((raw): ReadableRecord<z.output<T>> => {
    const items: Record<string, z.output<T>> = {};
    const unreadable: UnreadableItem[] = [];
    for (const [key, element] of Object.entries(raw)) {
      const parsed = value.safeParse(element);
      // defineProperty, not assignment: a key such as "__proto__" must stay a plain data key.
      if (parsed.success) Object.defineProperty(items, key, { value: parsed.data, enumerable: true, writable: true, configurable: true });
      else unreadable.push({ where: safeExchangeText(key, 64), reason: describeFirstIssue(parsed.error) });
    }
    return { items, unreadable };
  });
}
