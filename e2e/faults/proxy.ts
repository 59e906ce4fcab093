/**
 * An HTTP proxy the fault harness puts between the app's exchange client and the simulator. The
 * harness arms one fault at a time for the withdraw-pay path; every other request passes through
 * untouched except history answers, which can lag.
 *
 * "Before" faults never reach the simulator, so nothing is debited; "after" faults forward the
 * request, let the simulator commit it (the ledger is debited), and then lose or spoil the answer.
 * The 5xx bodies are the simulator's own: the exchange's JSON error, the gateway's HTML page and
 * plain text, and an empty body.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse, stringify } from 'lossless-json';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { gatewayHtml, gatewayText, privateError, type Reply } from '../../electron/simulator/http';

export const BODY_FORMATS = ['json', 'html', 'text', 'empty'] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

export type Fault =
  | { kind: 'reset'; commit: boolean }
  | { kind: 'status'; commit: boolean; status: number; format: BodyFormat }
  /**
   * Holds the request without an answer until the client gives up or dies. `commit`: forwarded first
   * (debited, then silence); otherwise forwarded only if the client goes away while held and
   * `commitWhenAbandoned` is set, as a request stuck in a gateway may still be delivered later.
   */
  | { kind: 'hang'; commit: boolean; commitWhenAbandoned?: boolean };

export interface FaultProxy {
  url: string;
  /** The next withdraw-pay request meets this fault (replaces one not yet used). */
  arm(fault: Fault): void;
  /** Resolves when the armed fault has met its request (and, with a commit, the simulator answered). */
  hit(): Promise<void>;
  /** History hides withdrawals committed through the proxy for this long (0: no lag). */
  lagHistory(ms: number): void;
  /** While set, the exchange's fee table (/public/fee) is answered with this change made to it. */
  editFees(edit: ((fees: Record<string, FeeEntry>) => void) | null): void;
  /** withdraw-pay requests that reached the simulator through the proxy. */
  forwarded(): number;
  close(): Promise<void>;
}

export interface FeeEntry {
  withdraw: { fixed: string | null; min_amount: string; max_amount: string };
}

const WITHDRAW_PATH = ENDPOINTS.withdrawPay.path;
const HISTORY_PATH = ENDPOINTS.history.path;
const FEE_PATH = ENDPOINTS.fees.path;

function faultBody(status: number, format: BodyFormat): { text: string; contentType: string } {
  const reply: Reply =
    format === 'json'
      ? privateError(status, 0, status === 503 ? 'Service temporarily unavailable.' : 'Server error.')
      : format === 'html'
        ? gatewayHtml(status)
        : format === 'text'
          ? gatewayText(status)
          : { status, raw: { text: '', contentType: 'text/plain; charset=utf-8' } };
  if (reply.raw) return { text: reply.raw.text.toString(), contentType: reply.raw.contentType };
  return { text: JSON.stringify(reply.body), contentType: 'application/json' };
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  let armed: Fault | null = null;
  let onHit: (() => void) | null = null;
  let hitPromise: Promise<void> = Promise.resolve();
  let lagMs = 0;
  let feeEdit: ((fees: Record<string, FeeEntry>) => void) | null = null;
  let forwardedCount = 0;
  /** uniqueId -> when the simulator committed it (as seen here). */
  const committedAt = new Map<string, number>();
  const held = new Set<ServerResponse>();

  function forward(req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: target.host };
      const out = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
        readAll(answer).then((b) => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: b }), reject);
      });
      out.on('error', reject);
      out.end(body);
    });
  }

  async function forwardWithdraw(req: IncomingMessage, body: Buffer) {
    forwardedCount++;
    const answer = await forward(req, body);
    try {
      const sent = JSON.parse(body.toString('utf8')) as { uniqueId?: string; unique_id?: string };
      const id = sent.uniqueId ?? sent.unique_id;
      if (id && !committedAt.has(id)) committedAt.set(id, Date.now());
    } catch {
      // Not JSON: the simulator refused it, nothing to hide.
    }
    return answer;
  }

  /** History with the withdrawals that are still "lagging" taken out. */
  function lagged(body: Buffer): Buffer {
    if (lagMs === 0 || committedAt.size === 0) return body;
    const answer = parse(body.toString('utf8')) as { records?: Array<Record<string, unknown>> } | null;
    if (!answer || !Array.isArray(answer.records)) return body;
    const cutoff = Date.now() - lagMs;
    answer.records = answer.records.filter((r) => {
      const at = committedAt.get(String(r.unique_id ?? r.uniqueId ?? ''));
      return at === undefined || at < cutoff;
    });
    return Buffer.from(stringify(answer) ?? '', 'utf8');
  }

  function reply(res: ServerResponse, status: number, headers: Record<string, string | string[] | undefined>, body: Buffer | string): void {
    const { 'content-length': _length, 'transfer-encoding': _te, connection: _c, ...rest } = headers;
    res.writeHead(status, { ...rest, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  async function withFault(fault: Fault, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const done = onHit;
    try {
      if (fault.kind === 'hang') {
        held.add(res);
        res.once('close', () => held.delete(res));
        if (fault.commit) await forwardWithdraw(req, body);
        else if (fault.commitWhenAbandoned) res.once('close', () => void forwardWithdraw(req, body).catch(() => undefined));
        return;
      }
      if (fault.commit) await forwardWithdraw(req, body);
      if (fault.kind === 'reset') {
        req.socket.destroy();
        return;
      }
      const { text, contentType } = faultBody(fault.status, fault.format);
      reply(res, fault.status, { 'content-type': contentType }, text);
    } finally {
      done?.();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const path = (req.url ?? '/').split('?')[0];
    if (path === WITHDRAW_PATH && armed) {
      const fault = armed;
      armed = null;
      return withFault(fault, req, res, body);
    }
    const answer = path === WITHDRAW_PATH ? await forwardWithdraw(req, body) : await forward(req, body);
    let out = answer.body;
    if (path === HISTORY_PATH && answer.status < 300) out = lagged(out);
    if (path === FEE_PATH && answer.status < 300 && feeEdit) {
      const fees = parse(out.toString('utf8')) as Record<string, FeeEntry>;
      feeEdit(fees);
      out = Buffer.from(stringify(fees) ?? '', 'utf8');
    }
    reply(res, answer.status, answer.headers, out);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    arm(fault) {
      armed = fault;
      hitPromise = new Promise((resolve) => (onHit = resolve));
    },
    hit: () => hitPromise,
    lagHistory(ms) {
      lagMs = ms;
    },
    editFees(edit) {
      feeEdit = edit;
    },
    forwarded: () => forwardedCount,
    async close() {
      for (const res of held) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
