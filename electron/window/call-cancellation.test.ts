import { describe, expect, it } from 'vitest';
import { createCancellableCalls } from './call-cancellation';

/** Work that ends only when its signal aborts, like a read against a hanging exchange. */
const untilAborted = (signal: AbortSignal) => new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('aborted'), { once: true }));

describe('calls a page may cancel', () => {
  it('aborts the running call of that page and number, then forgets it', async () => {
    const calls = createCancellableCalls();
    const result = calls.run(7, 1, untilAborted);
    expect(calls.size).toBe(1);
    calls.cancel(7, 1);
    await expect(result).resolves.toBe('aborted');
    expect(calls.size).toBe(0);
  });

  it('never lets another window, another number or a malformed id cancel it', async () => {
    const calls = createCancellableCalls();
    let aborted = false;
    const result = calls.run(7, 1, (signal) => {
      signal.addEventListener('abort', () => (aborted = true));
      return new Promise<string>((resolve) => setTimeout(() => resolve('done'), 30));
    });
    for (const [sender, id] of [[8, 1], [7, 2], [7, '1'], [7, -1], [7, 1.5], [7, null]] as const) calls.cancel(sender, id);
    await expect(result).resolves.toBe('done');
    expect(aborted).toBe(false);
  });

  it('keeps the first call cancellable when a page reuses a running number', async () => {
    const calls = createCancellableCalls();
    const first = calls.run(7, 3, untilAborted);
    const second = calls.run(7, 3, async () => 'second');
    await expect(second).resolves.toBe('second');
    calls.cancel(7, 3);
    await expect(first).resolves.toBe('aborted');
    expect(calls.size).toBe(0);
  });
});
