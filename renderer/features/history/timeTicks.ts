/** How the History chart's time axis labels its ticks, from the span it shows (Unix ms). */
const DAY_MS = 86_400_000;

export function timeTickFormat(from: number, to: number): Intl.DateTimeFormatOptions {
  const spanDays = (to - from) / DAY_MS;
  const clock = { hour: 'numeric', minute: '2-digit' } as const;
  const day = { day: 'numeric', month: 'short' } as const;
  // A span that runs over midnight names the day beside the time: "11:00 PM" and "1:00 AM" alone
  // do not say which came first, nor which day either was.
  const overDays = new Date(from).toDateString() !== new Date(to).toDateString();
  if (spanDays <= 1 / 48) return overDays ? { ...day, ...clock, second: '2-digit' } : { ...clock, second: '2-digit' };
  if (spanDays <= 2) return overDays ? { ...day, ...clock } : clock;
  if (spanDays <= 120) return day;
  return { month: 'short', year: 'numeric' };
}
