/**
 * One-at-a-time execution per key. Every operation that reads and then changes a withdrawal record
 * runs under its uniqueId's lock, so two `send` calls (a double click, two windows) cannot both see
 * `prepared` and both put a request on the wire, and the background tracker cannot overwrite a record
 * while a send is in flight.
 */
export function createKeyedLock() {
  const tails = new Map<string, Promise<unknown>>();

  return async function withLock<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      // Drop the entry once nobody queued behind us, so the map does not grow forever.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
