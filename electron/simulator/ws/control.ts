/**
 * Hostile-stream switches for the simulator's WebSocket, set through the admin API so tests and
 * demos can show what the app does when the exchange's stream misbehaves.
 */
export type LiveAction =
  /** Close every open connection (as a network drop would). */
  | { kind: 'drop' }
  /** Send one frame that is not JSON on every connection. */
  | { kind: 'garbage' }
  /** Send one frame of this many bytes on every connection. */
  | { kind: 'huge'; bytes: number }
  /** Send this many lastprice updates at once on every connection. */
  | { kind: 'flood'; count: number }
  /** Answer the next request on every connection with error 7 (too many requests). */
  | { kind: 'too_many' };

export interface LiveSwitches {
  /** Refuse new connections (HTTP 503 on upgrade); `down: true` also drops the open ones. */
  down: boolean;
  /** Keep connections open but answer nothing and push nothing (a hung server: pings go unanswered). */
  mute: boolean;
  /** `authorize` answers error 1 whatever the token. */
  refuseTokens: boolean;
}

export class LiveControl {
  readonly switches: LiveSwitches = { down: false, mute: false, refuseTokens: false };
  private readonly listeners = new Set<(action: LiveAction) => void>();

  set(changes: Partial<LiveSwitches>): LiveSwitches {
    Object.assign(this.switches, changes);
    if (changes.down === true) this.act({ kind: 'drop' });
    return { ...this.switches };
  }

  act(action: LiveAction): void {
    for (const listener of this.listeners) listener(action);
  }

  listen(listener: (action: LiveAction) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  reset(): void {
    this.switches.down = false;
    this.switches.mute = false;
    this.switches.refuseTokens = false;
  }
}
