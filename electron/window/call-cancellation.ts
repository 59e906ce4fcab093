/**
 * Calls from a window that the page may cancel. The page numbers its calls (an AbortSignal cannot
 * cross contextBridge) and sends the number on the cancel channel; the main process aborts that
 * call's signal, which reaches the exchange client. A page can only cancel its own calls: the key
 * is the sending WebContents plus the page's number.
 */
export interface CancellableCalls {
  /** Runs `work` with a signal that `cancel(senderId, callId)` aborts while it runs. */
  run<T>(senderId: number, callId: unknown, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  cancel(senderId: number, callId: unknown): void;
  /** How many calls can still be cancelled (for tests and leak checks). */
  readonly size: number;
}

export function createCancellableCalls(): CancellableCalls {
  const running = new Map<string, AbortController>();
  const keyOf = (senderId: number, callId: unknown): string | null =>
    typeof callId === 'number' && Number.isSafeInteger(callId) && callId > 0 ? `${senderId}:${callId}` : null;

  return {
    async run(senderId, callId, work) {
      const controller = new AbortController();
      const key = keyOf(senderId, callId);
      // A page reusing a number it still has running cannot take the first call's cancel over.
      if (key !== null && !running.has(key)) running.set(key, controller);
      try {
        return await work(controller.signal);
      } finally {
        if (key !== null && running.get(key) === controller) running.delete(key);
      }
    },
    cancel(senderId, callId) {
      const key = keyOf(senderId, callId);
      if (key !== null) running.get(key)?.abort();
    },
    get size() {
      return running.size;
    },
  };
}
