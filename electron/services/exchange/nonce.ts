/**
 * Nonces for signed requests (docs/exchange-api.md "Nonce", Decision): `nonceWindow: true`, Unix milliseconds
 * corrected by the measured offset to the exchange clock, strictly increasing within the process.
 *
 * The exchange remembers nonces per API key, so the sequence is shared by every client of the same
 * key in this process: two clients for one key can never send the same nonce. The window is
 * +-5 s around the exchange's time, which also bounds throughput: a key cannot sustain more than
 * about 1000 signed requests per second, so a sequence that runs ahead of the clock waits.
 */

/** Nonces may run this far ahead of the (corrected) clock before requests wait for time to catch up. */
export const MAX_NONCE_LEAD_MS = 2_500;
/** How long a clock measurement stays trusted before it is refreshed in the background. */
export const CLOCK_REFRESH_MS = 10 * 60_000;
/** After a failed measurement, wait this long before asking again (the offset stays as it was). */
export const CLOCK_RETRY_AFTER_FAILURE_MS = 30_000;

export type WallClock = () => number;

/** The last nonce issued for one API key; shared process-wide through `nonceSequenceFor`. */
export class NonceSequence {
  private last = 0;

  /** Returns a nonce > every nonce issued before, at least `correctedNowMs`. */
  next(correctedNowMs: number): number {
    const candidate = Math.floor(correctedNowMs);
    this.last = candidate > this.last ? candidate : this.last + 1;
    return this.last;
  }

  /** The most recent nonce handed out (0 before the first). */
  peek(): number {
    return this.last;
  }
}


/**
 * Offset between the local wall clock and the exchange clock, measured from `/public/time`
 * (whole seconds). Measured lazily before the first signed request, refreshed occasionally in the
 * background; a failed measurement is tolerated (the previous offset, initially 0, stays).
 */
export class ServerClock {
  private offset = 0;
  /** Local time until which the current offset is trusted (or a failure is not retried). */
  private validUntil = Number.NEGATIVE_INFINITY;
  /** Whether requests may go ahead with the current offset instead of waiting for a measurement. */
  private settled = false;
  private inflight: Promise<void> | undefined;

  constructor(private readonly now: WallClock) {}

  /** Local wall time corrected to the exchange's clock, in ms. */
  correctedNow(): number {
    return this.now() + this.offset;
  }

  get offsetMs(): number {
    return this.offset;
  }

  /** Distrust the offset, e.g. after the exchange refused a nonce: the next request waits for a new one. */
  markStale(): void {
    this.validUntil = Number.NEGATIVE_INFINITY;
    this.settled = false;
  }

  /**
   * Returns a promise to wait for when no usable offset exists yet (first use, or after
   * markStale), otherwise undefined; a refresh that falls due then runs in the background.
   */
  ready(fetchServerSeconds: () => Promise<number>): Promise<void> | undefined {
    if (this.now() < this.validUntil) return undefined;
    if (!this.inflight) {
      this.inflight = this.measure(fetchServerSeconds).finally(() => {
        this.inflight = undefined;
      });
    }
    return this.settled ? undefined : this.inflight;
  }

  private async measure(fetchServerSeconds: () => Promise<number>): Promise<void> {
    const sentAt = this.now();
    try {
      const serverSeconds = await fetchServerSeconds();
      const receivedAt = this.now();
      this.offset = estimateOffsetMs(serverSeconds, sentAt, receivedAt);
      this.validUntil = receivedAt + CLOCK_REFRESH_MS;
    } catch {
      // Tolerated: keep the previous offset (0 at first) and ask again a little later.
      this.validUntil = this.now() + CLOCK_RETRY_AFTER_FAILURE_MS;
    }
    this.settled = true;
  }
}

/**
 * The server reports whole seconds, so its clock read somewhere in [s, s+1) s at some moment
 * between sending and receiving. If our clock is consistent with that, no correction is applied
 * (correcting within the measurement's own uncertainty would only add error); otherwise the
 * midpoints are aligned.
 */
export function estimateOffsetMs(serverSeconds: number, sentAtMs: number, receivedAtMs: number): number {
  const serverEarliest = serverSeconds * 1000;
  const serverLatest = serverEarliest + 1000;
  // The server read its clock somewhere in [sentAt, receivedAt] of our time.
  if (receivedAtMs >= serverEarliest && sentAtMs < serverLatest) return 0;
  const localMid = (sentAtMs + receivedAtMs) / 2;
  return Math.round(serverEarliest + 500 - localMid);
}

/**
 * The nonce sequences (one per API key: keys are public identifiers, not secrets) and the server
 * clocks (one per exchange address and wall-clock source, which only tests vary) of one exchange
 * runtime (runtime.ts). Every client of the runtime using a key shares its sequence, so nonces stay
 * strictly increasing however many clients sign with it.
 */
export class NonceRegistry {
  private readonly sequences = new Map<string, NonceSequence>();
  private readonly clocks = new WeakMap<WallClock, Map<string, ServerClock>>();

  sequenceFor(apiKey: string): NonceSequence {
    let sequence = this.sequences.get(apiKey);
    if (!sequence) {
      sequence = new NonceSequence();
      this.sequences.set(apiKey, sequence);
    }
    return sequence;
  }

  clockFor(baseUrl: string, now: WallClock): ServerClock {
    let byUrl = this.clocks.get(now);
    if (!byUrl) {
      byUrl = new Map();
      this.clocks.set(now, byUrl);
    }
    let clock = byUrl.get(baseUrl);
    if (!clock) {
      clock = new ServerClock(now);
      byUrl.set(baseUrl, clock);
    }
    return clock;
  }
}
