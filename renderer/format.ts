/**
 * Display formatting. Amounts are decimal strings and stay strings: grouping is done on the text
 * of the integer part, so a 40-digit balance is shown exactly, never rounded through `Number`.
 */

const GROUP_SEPARATOR = ',';

/** "1234567.890" -> "1,234,567.890"; "-1000" -> "-1,000". Anything not a plain decimal is returned as is. */
export function formatAmount(value: string): string {
  const match = /^(-?)(\d+)(\.\d*)?$/.exec(value);
  if (!match) return value;
  const [, sign = '', integer = '', fraction = ''] = match;
  let grouped = '';
  for (let end = integer.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = integer.slice(start, end) + (grouped ? GROUP_SEPARATOR + grouped : '');
  }
  return sign + grouped + fraction;
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Unix seconds (possibly fractional) -> local date and time. */
export function formatUnixSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  return dateTimeFormat.format(new Date(seconds * 1000));
}

/** Epoch milliseconds -> local date and time. */
export function formatEpochMs(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  return dateTimeFormat.format(new Date(ms));
}

/** Unix seconds -> ISO 8601 in UTC, for files meant for other programs (CSV). */
export function isoFromUnixSeconds(seconds: number): string {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : '';
}

/** "5 s ago", "3 min ago", "2 h ago". */
export function formatAgo(elapsedMs: number): string {
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Epoch milliseconds -> local wall-clock time, "14:02" (or "14:02:07" with seconds). */
export function formatClock(ms: number, withSeconds = false): string {
  if (!Number.isFinite(ms)) return '—';
  const d = new Date(ms);
  const hm = `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
  return withSeconds ? `${hm}:${twoDigits(d.getSeconds())}` : hm;
}
