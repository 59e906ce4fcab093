import { describe, expect, it } from 'vitest';
import { slotsWithGaps } from './gaps';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('slotsWithGaps', () => {
  it('breaks the line where snapshots stop for a while, and nowhere else', () => {
    // Every 5 minutes, then an hour without any, then every 5 minutes again.
    const times = [0, 5, 10, 15, 75, 80, 85].map((m) => m * MINUTE);
    const slots = slotsWithGaps(times);
    expect(slots.map((s) => s.point)).toEqual([0, 1, 2, 3, null, 4, 5, 6]);
    expect(slots[4]!.at).toBe(45 * MINUTE);
  });

  it('reads hourly history as unbroken, and breaks it where hours are missing', () => {
    const hourly = [0, 1, 2, 3, 4, 5].map((h) => h * HOUR);
    expect(slotsWithGaps(hourly).every((s) => s.point !== null)).toBe(true);
    const missing = [0, 1, 2, 3, 9, 10, 11].map((h) => h * HOUR);
    expect(slotsWithGaps(missing).filter((s) => s.point === null)).toHaveLength(1);
  });

  it('leaves snapshots a few minutes apart whole, however irregular', () => {
    const times = [0, 0.5, 4, 4.5, 9, 9.2, 14].map((m) => m * MINUTE);
    expect(slotsWithGaps(times).every((s) => s.point !== null)).toBe(true);
  });

  it('copes with no snapshot and with one', () => {
    expect(slotsWithGaps([])).toEqual([]);
    expect(slotsWithGaps([1_000])).toEqual([{ at: 1_000, point: 0 }]);
  });
});
