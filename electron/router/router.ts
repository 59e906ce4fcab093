/**
 * The one entry into the main process. For every call, in this order: the channel must be one of
 * CHANNELS, the sender must pass the policy, the payload must be plain bounded data and pass the
 * channel's strict schema. Only then does a handler run. Whatever happens, the caller gets an
 * Envelope: this function never throws, and an unexpected exception becomes a generic `internal`
 * error whose details go (redacted) to the log only.
 *
 * Plain Node: no Electron import, so IPC, the browser-mode HTTP server and tests share it.
 */
import type { z } from 'zod';
import { fail, ok, toAppError, type AppError, type Envelope } from '../../shared/errors';
import { CHANNELS, type Channel, type ParsedRequestOf, type ResponseOf } from '../../shared/ipc';
import type { Logger } from '../services/logging/logger';
import { inspectPayload } from './inspect';
import { fieldsFromIssues, summarise } from './issues';
import type { Sender, SenderPolicy } from './sender';

/** What a handler knows about the call besides its payload. */
export interface CallContext {
  /** Aborted when the caller gave up (browser mode: the page's fetch was aborted); pass it on. */
  signal?: AbortSignal | undefined;
}

export type Handler<C extends Channel> = (payload: ParsedRequestOf<C>, sender: Sender, context: CallContext) => Promise<ResponseOf<C>>;
export type Handlers = { [C in Channel]: Handler<C> };
/** The handlers of one service: the channels under its prefix (`accounts.`, `withdrawals.`, …). */
export type HandlersOf<Prefix extends string> = Pick<Handlers, Extract<Channel, `${Prefix}.${string}`>>;

/** A service whose methods answer its channels one to one: `accounts.add` is `accounts.add(payload)`. */
export type ServiceFor<Prefix extends string> = {
  [C in Extract<Channel, `${Prefix}.${string}`> as C extends `${Prefix}.${infer Method}` ? Method : never]: (payload: ParsedRequestOf<C>) => Promise<ResponseOf<C>>;
};

/**
 * The handlers of every `prefix.*` channel, each calling the service's method of the same name with
 * the checked payload. The service's type is checked channel by channel (ServiceFor), so a method
 * that takes or answers something else does not compile.
 */
export function handlersOf<Prefix extends string>(prefix: Prefix, service: ServiceFor<Prefix>): HandlersOf<Prefix> {
  const methods = service as unknown as Record<string, (payload: unknown) => Promise<unknown>>;
  const handlers: Record<string, (payload: unknown) => Promise<unknown>> = {};
  for (const channel of Object.keys(CHANNELS)) {
    if (!channel.startsWith(`${prefix}.`)) continue;
    const method = channel.slice(prefix.length + 1);
    handlers[channel] = (payload) => methods[method]!.call(service, payload);
  }
  return handlers as unknown as HandlersOf<Prefix>;
}

export interface Router {
  route(channel: unknown, payload: unknown, sender: Sender, context?: CallContext): Promise<Envelope<unknown>>;
}

export interface RouterOptions {
  logger: Logger;
  isTrustedSender: SenderPolicy;
}

/** How internal errors point to the log (with its leading space); see pointsToLog. */
const LOG_POINTER = ' Details are in the log.';

function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && value.length <= 64 && Object.prototype.hasOwnProperty.call(CHANNELS, value);
}

function validationError(message: string, fields?: Record<string, string[]>): AppError {
  // The message (English, for the log) names the problem; the page words the code.
  const error: AppError = { kind: 'validation', reason: 'request_invalid', message };
  if (fields && Object.keys(fields).length > 0) error.fields = fields;
  return error;
}

export function createRouter(handlers: Handlers, options: RouterOptions): Router {
  const { logger } = options;

  async function dispatch(channel: Channel, payload: unknown, sender: Sender, context: CallContext): Promise<Envelope<unknown>> {
    if (!options.isTrustedSender(sender)) {
      logger.warn('call from an untrusted sender refused', { channel, sender });
      return fail({ kind: 'permission', message: 'This window is not allowed to talk to the app.' });
    }
    const inspected = inspectPayload(payload);
    if (!inspected.ok) return fail(validationError(`The request was refused: ${inspected.reason}.`));
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      return fail(validationError('The request must be an object.'));
    }
    const schema = CHANNELS[channel].request as z.ZodType;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const fields = fieldsFromIssues(parsed.error.issues);
      return fail(validationError(summarise(fields), fields));
    }
    const handler = handlers[channel] as (p: unknown, s: Sender, c: CallContext) => Promise<unknown>;
    if (context.signal?.aborted) return fail({ kind: 'network', reason: 'cancelled', message: 'The request was cancelled before it started.' });
    const started = Date.now();
    try {
      const data = await handler(parsed.data, sender, context);
      // Last line of defence: a response that contains a secret the app knows never leaves.
      if (data !== undefined && logger.redactor.containsSecret(JSON.stringify(data))) {
        logger.error('a response contained a secret and was withheld', { channel });
        return fail(internalError());
      }
      logger.debug('call answered', { channel, ms: Date.now() - started });
      return ok(data);
    } catch (thrown) {
      const error = toAppError(thrown);
      if (error.kind === 'internal') logger.error('handler failed unexpectedly', { channel, error: thrown });
      else logger.info('call failed', { channel, kind: error.kind, message: error.message, status: error.status, code: error.code });
      return fail(pointsToLog(error));
    }
  }

  /**
   * "Details are in the log" only while the log is written: on a read-only folder or a full disk the
   * entry went to stderr, and pointing at a file that has none of it would send the person looking
   * for nothing. Services word their own internal errors the same way; the pointer is dropped here.
   */
  function pointsToLog(error: AppError): AppError {
    if (logger.writesToFile() || !error.message.endsWith(LOG_POINTER)) return error;
    return { ...error, message: error.message.slice(0, -LOG_POINTER.length) };
  }

  function internalError(): AppError {
    return pointsToLog({ kind: 'internal', message: `Something went wrong inside the app.${LOG_POINTER}` });
  }

  return {
    async route(channel, payload, sender, context = {}) {
      try {
        if (!isChannel(channel)) {
          // Echo a name only when it looks like one; anything else could be arbitrary (even secret) text.
          const shown = typeof channel === 'string' && /^[a-zA-Z0-9._-]{1,64}$/.test(channel) ? `"${channel}"` : `(${channel === null ? 'null' : typeof channel})`;
          return fail(validationError(`Unknown channel ${shown}.`));
        }
        return await dispatch(channel, payload, sender, context);
      } catch (thrown) {
        logger.error('router failed unexpectedly', { error: thrown });
        return fail(internalError());
      }
    },
  };
}
