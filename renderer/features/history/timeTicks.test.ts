import { describe, expect, it } from 'vitest';
import { timeTickFormat } from './timeTicks';

/** Local times, so the test holds in any time zone. */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();

describe('timeTickFormat', () => {
  it('names the day beside the time once the span runs over midnight', () => {
    expect(timeTickFormat(at(10, 22), at(11, 21))).toMatchObject({ day: 'numeric', month: 'short', hour: 'numeric' });
  });

  it('shows the time alone within one day, and seconds for a few minutes', () => {
    const within = timeTickFormat(at(10, 8), at(10, 20));
    expect(within).toMatchObject({ hour: 'numeric', minute: '2-digit' });
    expect(within).not.toHaveProperty('day');
    expect(timeTickFormat(at(10, 8), at(10, 8, 5))).toMatchObject({ second: '2-digit' });
  });

  it('shows days for weeks and months for years', () => {
    expect(timeTickFormat(at(1, 0), at(25, 0))).toEqual({ day: 'numeric', month: 'short' });
    expect(timeTickFormat(new Date(2024, 0, 1).getTime(), at(1, 0))).toEqual({ month: 'short', year: 'numeric' });
  });
});
