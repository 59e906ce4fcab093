/**
 * Injected faults, switched on through the admin API so tests can make the exchange misbehave on
 * purpose. Each fault matches one endpoint path (or every path) and hits `count` matching requests
 * (0 = until cleared). Several may be active; per request every matching `latency` fault adds its
 * delay and the first other matching fault decides what goes wrong.
 *
 *   latency              wait latencyMs (default 1000), then answer normally
 *   server_error         answer `status` (default 503), unprocessed: private endpoints in their JSON error
 *                        format; public ones as documented, 500 `{"error":["Internal server error."]}`
 *                        and any other status as the gateway's HTML page
 *   rate_limit           answer 429 with Retry-After (retryAfterSeconds, default 1), unprocessed; the body
 *                        is `body` ("json" | "html" | "text"), by default JSON for private endpoints and
 *                        the gateway's HTML page for public ones (the exchange documents non-JSON there)
 *   reset_before_commit  destroy the connection without an answer; nothing was processed
 *   reset_after_commit   process the request completely (withdraw-pay: the ledger is debited), then
 *                        destroy the connection without an answer
 *   truncated_json       process the request, then send only the first half of the JSON body (with a
 *                        Content-Length that matches what is sent, so the client sees broken JSON)
 *   html_error           answer `status` (default 503) with an HTML maintenance page, unprocessed
 *   text_error           answer `status` (default 503) with a plain-text gateway body, unprocessed
 */
export const FAULT_KINDS = ['latency', 'server_error', 'rate_limit', 'reset_before_commit', 'reset_after_commit', 'truncated_json', 'html_error', 'text_error'] as const;
export const FAULT_BODY_FORMATS = ['json', 'html', 'text'] as const;
export type FaultBodyFormat = (typeof FAULT_BODY_FORMATS)[number];
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  kind: FaultKind;
  /** One endpoint path; absent = every API path. */
  path?: string;
  /** Matching requests to hit; 0 = until cleared. Default 1. */
  count?: number;
  latencyMs?: number;
  status?: number;
  retryAfterSeconds?: number;
  /** rate_limit only: the answer's body format. */
  body?: FaultBodyFormat;
}

export interface ActiveFault {
  id: number;
  kind: FaultKind;
  path: string | null;
  /** Remaining hits; null = until cleared. */
  remaining: number | null;
  latencyMs: number;
  status: number;
  retryAfterSeconds: number;
  body: FaultBodyFormat | null;
  hits: number;
}

/** What a request runs into. */
export interface FaultPlan {
  delayMs: number;
  action: ActiveFault | null;
}

const NO_FAULT: FaultPlan = Object.freeze({ delayMs: 0, action: null });

export class FaultRegistry {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  add(spec: FaultSpec): ActiveFault {
    const count = spec.count ?? 1;
    const fault: ActiveFault = {
      id: this.nextId++,
      kind: spec.kind,
      path: spec.path ?? null,
      remaining: count === 0 ? null : count,
      latencyMs: spec.latencyMs ?? 1000,
      status: spec.status ?? (spec.kind === 'rate_limit' ? 429 : 503),
      retryAfterSeconds: spec.retryAfterSeconds ?? 1,
      body: spec.body ?? null,
      hits: 0,
    };
    this.faults.push(fault);
    return fault;
  }

  list(): ActiveFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.faults = [];
  }

  /** Consumes the faults that apply to one request to `path`. */
  take(path: string): FaultPlan {
    if (this.faults.length === 0) return NO_FAULT;
    let delayMs = 0;
    let action: ActiveFault | null = null;
    for (const fault of this.faults) {
      if (fault.path !== null && fault.path !== path) continue;
      if (fault.kind === 'latency') delayMs += fault.latencyMs;
      else if (action === null) action = fault;
      else continue;
      fault.hits++;
      if (fault.remaining !== null) fault.remaining--;
    }
    this.faults = this.faults.filter((f) => f.remaining === null || f.remaining > 0);
    return { delayMs, action };
  }
}
