/**
 * Hostile-stream switches for the simulator's WebSocket, set through the admin API so tests can
 * show what the app does when the exchange's stream misbehaves.
 */
import type { WebSocket } from 'ws';
import type { SimulatorState } from '../state';
import type { StreamControls } from '../ws/server';
import type { WsSession } from '../ws/session';
import { update } from '../ws/wire';

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

export class StreamControl implements StreamControls {
  readonly switches: LiveSwitches = { down: false, mute: false, refuseTokens: false };
  private open: () => Iterable<[WebSocket, WsSession]> = () => [];
  /** Sessions whose next request is answered with error 7. */
  private readonly throttled = new WeakSet<WsSession>();

  constructor(private readonly state: SimulatorState) {}

  set(changes: Partial<LiveSwitches>): LiveSwitches {
    Object.assign(this.switches, changes);
    if (changes.down === true) this.act({ kind: 'drop' });
    return { ...this.switches };
  }

  act(action: LiveAction): void {
    for (const [ws, session] of this.open()) {
      switch (action.kind) {
        case 'drop':
          ws.terminate();
          break;
        case 'garbage':
          session.sendRaw('\u0000}{not json');
          break;
        case 'huge':
          session.sendRaw(`{"id":null,"method":"lastprice_update","params":["${'X'.repeat(action.bytes)}","1"]}`);
          break;
        case 'flood':
          this.flood(session, action.count);
          break;
        case 'too_many':
          this.throttled.add(session);
          break;
      }
    }
  }

  reset(): void {
    this.switches.down = false;
    this.switches.mute = false;
    this.switches.refuseTokens = false;
  }

  attach(open: () => Iterable<[WebSocket, WsSession]>): () => void {
    this.open = open;
    return () => {
      this.open = () => [];
    };
  }

  refusesConnections = () => this.switches.down;
  silenced = () => this.switches.mute;
  refusesTokens = () => this.switches.refuseTokens;
  throttles = (session: WsSession) => this.throttled.delete(session);

  /** Sends `count` lastprice updates at once. */
  private flood(session: WsSession, count: number): void {
    const markets = this.state.prices.markets();
    for (let i = 0; i < count && markets.length > 0; i++) {
      const market = markets[i % markets.length]!.name;
      session.sendRaw(JSON.stringify(update('lastprice_update', [market, this.state.prices.price(market) ?? '0'])));
    }
  }
}
