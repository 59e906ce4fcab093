import { afterEach, describe, expect, it } from 'vitest';
import { dayRange } from './localDays';

// Node reads TZ again whenever it is assigned, so each case sets the person's zone itself.
const zoneBefore = process.env.TZ;
afterEach(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('dayRange: the picked days are the person\'s own, in their zone', () => {
  it('a day in UTC+14 starts at 10:00 UTC the day before', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    expect(dayRange('2026-11-03', '2026-11-03')).toEqual({ since: utc('2026-11-02T10:00:00Z'), until: utc('2026-11-03T10:00:00Z'), errors: {} });
  });

  it('a day in UTC-10 starts at 10:00 UTC the same day', () => {
    process.env.TZ = 'Pacific/Honolulu';
    expect(dayRange('2026-11-03', '2026-11-03')).toEqual({ since: utc('2026-11-03T10:00:00Z'), until: utc('2026-11-04T10:00:00Z'), errors: {} });
  });

  it("Kyiv's autumn change gives its day 25 hours and its spring change 23, both whole", () => {
    process.env.TZ = 'Europe/Kyiv';
    const autumn = dayRange('2026-10-25', '2026-10-25');
    expect(autumn.since).toBe(utc('2026-10-24T21:00:00Z'));
    expect(autumn.until! - autumn.since!).toBe(25 * 3600);
    const spring = dayRange('2026-03-29', '2026-03-29');
    expect(spring.since).toBe(utc('2026-03-28T22:00:00Z'));
    expect(spring.until! - spring.since!).toBe(23 * 3600);
  });

  it('the last day of a month and of a year run into the next one', () => {
    process.env.TZ = 'Europe/Kyiv';
    expect(dayRange('', '2026-12-31').until).toBe(utc('2026-12-31T22:00:00Z'));
    expect(dayRange('', '2026-02-28').until).toBe(utc('2026-02-28T22:00:00Z'));
  });

  it('a date that is not one is refused on its field, and leaves that bound open', () => {
    expect(dayRange('2026-02-30', '').errors.from).toBeTruthy();
    const range = dayRange('2026-13-01', 'soon');
    expect(range.since).toBeUndefined();
    expect(range.until).toBeUndefined();
    expect(range.errors.from).toBeTruthy();
    expect(range.errors.to).toBeTruthy();
  });
});
