/**
 * The harness's side of every HTTP request: its admin API under /__admin/ (admin.ts) and the
 * faults it injects into the exchange's answers (faults.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gatewayHtml, gatewayText, MAX_BODY_BYTES, privateError, publicInternalError, readBody, send, serialise, tooManyRequests, type Reply } from '../http';
import { buildRoutes } from '../routes';
import type { ExchangeCall, RequestControls } from '../server';
import { ADMIN_PREFIX, ADMIN_TOKEN_HEADER, adminTokenMatches, handleAdmin, type AdminTargets } from './admin';
import type { ActiveFault } from './faults';

function faultReply(fault: ActiveFault, isPrivate: boolean): Reply {
  switch (fault.kind) {
    case 'rate_limit':
      return tooManyRequests(isPrivate, fault.retryAfterSeconds, fault.body ?? undefined);
    case 'html_error':
      return gatewayHtml(fault.status);
    case 'text_error':
      return gatewayText(fault.status);
    default: {
      if (!isPrivate) return fault.status === 500 ? publicInternalError() : gatewayHtml(fault.status);
      const message = fault.status === 503 ? 'Service temporarily unavailable.' : 'Server error.';
      return privateError(fault.status, 0, message);
    }
  }
}

const ANSWERED_IN_PLACE: ReadonlySet<ActiveFault['kind']> = new Set(['server_error', 'rate_limit', 'html_error', 'text_error']);

export function createRequestControls(targets: AdminTargets, adminToken: string): RequestControls & { close(): void } {
  const knownPaths: ReadonlySet<string> = new Set(buildRoutes().keys());
  const timers = new Set<NodeJS.Timeout>();
  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  return {
    async intercept(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
      if (!path.startsWith(ADMIN_PREFIX)) return false;
      const body = await readBody(req, MAX_BODY_BYTES);
      if (!adminTokenMatches(adminToken, req.headers[ADMIN_TOKEN_HEADER])) send(res, { status: 401, body: { error: 'admin token missing or wrong' } });
      else if (body.kind === 'too_large') send(res, { status: 413, body: { error: 'body too large' } });
      else if (body.kind === 'ok') send(res, handleAdmin(targets, knownPaths, req, path, query, body.raw));
      return true;
    },

    async run(call: ExchangeCall, answer: () => Reply) {
      const { req, res, path, isPrivate } = call;
      const plan = targets.faults.take(path);
      if (plan.delayMs > 0) await delay(plan.delayMs);
      if (res.destroyed) return;
      const fault = plan.action;
      if (fault?.kind === 'reset_before_commit') {
        req.socket.destroy();
        return;
      }
      if (fault && ANSWERED_IN_PLACE.has(fault.kind)) return send(res, faultReply(fault, isPrivate));

      const reply = answer();
      if (fault?.kind === 'reset_after_commit') {
        req.socket.destroy();
        return;
      }
      if (fault?.kind === 'truncated_json') {
        const { payload } = serialise(reply);
        return send(res, reply, payload.subarray(0, Math.max(1, Math.floor(payload.length / 2))));
      }
      send(res, reply);
    },

    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
