/**
 * A small deterministic random source. The simulator's data must repeat exactly for a given seed
 * (tests and screenshots depend on it), so nothing here touches Math.random or the clock.
 *
 * Each data section draws from its own stream (`forkRandom(seed, 'assets')`), so adding a field to
 * one section does not shift the numbers of every other section.
 */

/** 32-bit FNV-1a over a string: a cheap, stable way to turn a label into a seed. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** Uniform in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chars(length: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  alphanumeric(length: number): string {
    return this.chars(length, ALPHANUMERIC);
  }

  hex(length: number): string {
    return this.chars(length, HEX);
  }

  base58(length: number): string {
    return this.chars(length, BASE58);
  }

  /** A v4-looking UUID (deterministic, so not a real random UUID). */
  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[this.int(0, 3)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /**
   * A decimal string with up to `places` fraction digits, between min and max (given as whole
   * numbers scaled by 10^places internally, so the result is exact and never in exponent form).
   */
  decimal(min: number, max: number, places: number): string {
    const whole = this.int(Math.floor(min), Math.max(Math.floor(min), Math.floor(max) - 1));
    if (places === 0) return String(whole);
    const fraction = this.chars(places, '0123456789').replace(/0+$/, '');
    return fraction ? `${whole}.${fraction}` : String(whole);
  }
}

/** An independent stream for one data section of one seed. */
export function forkRandom(seed: number, label: string): Random {
  return new Random((hashString(label) ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0);
}
