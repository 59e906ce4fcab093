/**
 * Nonce rules per API key (docs/exchange-api.md "Nonce"):
 *  - sequential mode (no nonceWindow): strictly greater than the last nonce seen for the key;
 *  - window mode (nonceWindow true): Unix ms within +-5 s of server time, and never seen before.
 *
 * Uniqueness in window mode only has to be remembered while a nonce could still be accepted: a
 * nonce accepted at time t is at most t + 5 s and stays acceptable until at most t + 10 s. Three
 * rotating 5-second generations therefore cover every nonce that could be replayed, and memory stays
 * bounded by the request rate instead of growing forever.
 */
const NONCE_WINDOW_MS = 5_000;
/** A hard ceiling so a flood of unique nonces cannot exhaust memory; beyond it requests are refused. */
const MAX_REMEMBERED = 500_000;

export type WindowVerdict = 'ok' | 'stale' | 'future' | 'replay';

export class NonceTracker {
  private last = -Infinity;
  private generations: Set<number>[] = [new Set(), new Set(), new Set()];
  private rotatedAt = 0;

  /** Sequential mode. Records the nonce when accepted. */
  acceptSequential(nonce: number): boolean {
    if (!(nonce > this.last)) return false;
    this.last = nonce;
    return true;
  }

  /** Window mode. Records the nonce when accepted. */
  acceptWindowed(nonce: number, nowMs: number): WindowVerdict {
    if (nonce < nowMs - NONCE_WINDOW_MS) return 'stale';
    if (nonce > nowMs + NONCE_WINDOW_MS) return 'future';
    this.rotate(nowMs);
    for (const generation of this.generations) if (generation.has(nonce)) return 'replay';
    const current = this.generations[0] as Set<number>;
    if (this.remembered() >= MAX_REMEMBERED) return 'replay';
    current.add(nonce);
    if (nonce > this.last) this.last = nonce;
    return 'ok';
  }

  private remembered(): number {
    let n = 0;
    for (const generation of this.generations) n += generation.size;
    return n;
  }

  private rotate(nowMs: number): void {
    const elapsed = nowMs - this.rotatedAt;
    if (elapsed < NONCE_WINDOW_MS) return;
    if (elapsed >= NONCE_WINDOW_MS * this.generations.length) {
      this.generations = [new Set(), new Set(), new Set()];
    } else {
      this.generations.pop();
      this.generations.unshift(new Set());
    }
    this.rotatedAt = nowMs;
  }
}
