/**
 * Display formatting in the person's chosen language (by default the OS's: the languages the
 * browser, or Electron from the OS, reports). Amounts are decimal strings and stay strings: Intl.NumberFormat formats a decimal
 * STRING exactly, so a 40-digit balance keeps every digit and is never rounded through `Number`.
 * Every function takes an optional locale so tests can pin one.
 */

import { dec, toPlain } from '../../shared/money/decimal';
import { formatLocales } from '../i18n';

type Locales = string | readonly string[] | undefined;

/** The chosen language's locales (the OS's own list when the language is the OS's). */
const userLocales = formatLocales;

/** Formatters are costly to build and a table formats thousands of cells: one per setting. */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, create: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) cache.set(key, (formatter = create()));
  return formatter;
}
const localeKey = (locales: Locales) => (typeof locales === 'string' ? locales : (locales ?? []).join(','));

/**
 * "1234567.890" -> "1,234,567.890" in en-US, "1.234.567,890" in de-DE. The fraction keeps exactly
 * the digits it was given (trailing zeros included: they say how precise the exchange's figure
 * is). Anything not a plain decimal is returned as is.
 */
export function formatAmount(value: string, locales: Locales = userLocales()): string {
  const match = /^-?\d+(?:\.(\d*))?$/.exec(value);
  if (!match) return value;
  const digits = match[1]?.length ?? 0;
  const format = cached(`n|${localeKey(locales)}|${digits}`, () => new Intl.NumberFormat(locales as string[] | undefined, { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  // The string overload (ES2023 Intl.NumberFormat v3) is exact; lib.dom's types only know numbers.
  return format.format(value as unknown as number);
}

/**
 * A figure already in percent ("0.02" meaning 0.02 %) in the language's own percent style:
 * "+0.02%" in English, "+0,02 %" in Ukrainian. Intl's percent style multiplies by 100, so the
 * figure is divided first with decimal.js and handed over as a string (exact), keeping its places.
 */
export function formatPercent(value: string, options: { signed?: boolean } = {}, locales: Locales = userLocales()): string {
  const match = /^-?\d+(?:\.(\d*))?$/.exec(value);
  if (!match) return value;
  const digits = match[1]?.length ?? 0;
  const signDisplay = options.signed ? 'exceptZero' : 'auto';
  const format = cached(
    `p|${localeKey(locales)}|${digits}|${signDisplay}`,
    () => new Intl.NumberFormat(locales as string[] | undefined, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits, signDisplay }),
  );
  return format.format(toPlain(dec(value).dividedBy(100)) as unknown as number);
}

/**
 * The one date-time style a person reads, per language: Intl's medium date and medium time
 * ("Nov 28, 2026, 4:11:20 AM" in English, "28 лист. 2026 р., 04:11:20" in Ukrainian). Day-only
 * dates and clock times are the same style's halves, so one screen never mixes two looks. Files for
 * other programs (CSV) keep ISO 8601 instead (`isoFromUnixSeconds`): machine-readable, not for reading.
 */
const DATE_STYLE = 'medium';
const TIME_STYLE = 'medium';

function dateTimeFormat(locales: Locales): Intl.DateTimeFormat {
  return cached(`d|${localeKey(locales)}`, () => new Intl.DateTimeFormat(locales as string[] | undefined, { dateStyle: DATE_STYLE, timeStyle: TIME_STYLE }));
}

/** Unix seconds (possibly fractional) -> local date and time. */
export function formatUnixSeconds(seconds: number, locales: Locales = userLocales()): string {
  if (!Number.isFinite(seconds)) return '—';
  return dateTimeFormat(locales).format(new Date(seconds * 1000));
}

/** Unix seconds -> the local date alone, in the same style ("Dec 7, 2026"); its time is `formatClock`'s. */
export function formatUnixDate(seconds: number, locales: Locales = userLocales()): string {
  if (!Number.isFinite(seconds)) return '—';
  const format = cached(`day|${localeKey(locales)}`, () => new Intl.DateTimeFormat(locales as string[] | undefined, { dateStyle: DATE_STYLE }));
  return format.format(new Date(seconds * 1000));
}

/** Epoch milliseconds -> local date and time. */
export function formatEpochMs(ms: number, locales: Locales = userLocales()): string {
  if (!Number.isFinite(ms)) return '—';
  return dateTimeFormat(locales).format(new Date(ms));
}

/** The person's time zone by its name in their language ("Line Islands Time"), or its id where Intl has no name. */
export function formatTimeZone(locales: Locales = userLocales()): string {
  const name = new Intl.DateTimeFormat(locales as string[] | string | undefined, { timeZoneName: 'long' }).formatToParts(new Date()).find((part) => part.type === 'timeZoneName');
  return name?.value ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Unix seconds -> ISO 8601 in UTC, for files meant for other programs (CSV). */
export function isoFromUnixSeconds(seconds: number): string {
  return Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : '';
}

/**
 * Under a minute the label counts in steps of this many seconds: each change of its text makes
 * the browser paint a frame, about 5 ms of the page's CPU here. A label ticking every second cost
 * half a percent of a core while the app sat idle; in 10-second steps, with
 * the 10 s auto-refresh, it changes only when the data does (UpdatedAgo holds its words while a
 * due refresh is on its way). The tooltip keeps the exact time.
 */
const AGO_SECONDS_STEP = 10;

/**
 * Milliseconds until `formatAgo(elapsedMs)` shows another text: the next 10-second step under a
 * minute, the next whole minute under an hour, the next whole hour after. A label needs a timer
 * only then, not every second (an hour-old "Updated" label re-rendered 3,600 times).
 */
export function nextAgoChangeIn(elapsedMs: number): number {
  const elapsed = Math.max(0, elapsedMs);
  const unit = elapsed < 60_000 ? AGO_SECONDS_STEP * 1_000 : elapsed < 3_600_000 ? 60_000 : 3_600_000;
  return unit - (elapsed % unit);
}

/** "10 sec. ago", "3 min. ago", "2 hr. ago" in en-US; whole units, seconds in 10-second steps. */
export function formatAgo(elapsedMs: number, locales: Locales = userLocales()): string {
  const format = cached(`r|${localeKey(locales)}`, () => new Intl.RelativeTimeFormat(locales as string[] | undefined, { style: 'short', numeric: 'always' }));
  const seconds = Math.max(0, Math.floor(elapsedMs / 1000));
  if (seconds < 60) return format.format(-(seconds - (seconds % AGO_SECONDS_STEP)), 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  return format.format(-Math.floor(minutes / 60), 'hour');
}

/**
 * Epoch milliseconds -> local wall-clock time in the same style as full dates: "4:02 PM" (or
 * "4:02:07 PM" with seconds) in English, "16:02" in Ukrainian.
 */
export function formatClock(ms: number, withSeconds = false, locales: Locales = userLocales()): string {
  if (!Number.isFinite(ms)) return '—';
  const format = cached(`c|${localeKey(locales)}|${withSeconds}`, () => new Intl.DateTimeFormat(locales as string[] | undefined, { timeStyle: withSeconds ? TIME_STYLE : 'short' }));
  return format.format(new Date(ms));
}

/** A local calendar day as a date input writes it ("2026-11-28") in the same date style: "Nov 28, 2026". Anything else is returned as is. */
export function formatDay(day: string, locales: Locales = userLocales()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(date.getTime())) return day;
  return cached(`day|${localeKey(locales)}`, () => new Intl.DateTimeFormat(locales as string[] | undefined, { dateStyle: DATE_STYLE })).format(date);
}
