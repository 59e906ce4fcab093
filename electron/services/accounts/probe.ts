/**
 * "Test connection" for a key pair: which areas of the exchange can this key reach?
 * A refused permission (401 code 4, 403) is an answer about the key, not a failure of the app,
 * so it is reported as `no_permission`; anything else that goes wrong is `failed`, each with the
 * failure's code and values for the page to word.
 */
import { AppFailure, toAppError, type AppError } from '../../../shared/errors';
import type { AreaResult, PermissionReport } from '../../../shared/model/accounts';

/** The part of the exchange client a probe needs. */
export interface ProbeCallOptions {
  /** The whole call, retries included (the exchange client's CallOptions.deadlineMs). */
  deadlineMs?: number;
}

export interface ProbeableClient {
  /** A public endpoint every exchange server answers: asked first, to tell a wrong address from a refused key. */
  serverTime(options?: ProbeCallOptions): Promise<unknown>;
  balance(req?: Record<string, never>, options?: ProbeCallOptions): Promise<unknown>;
  codes(req?: { limit?: number; offset?: number }, options?: ProbeCallOptions): Promise<unknown>;
  positions(req?: Record<string, never>, options?: ProbeCallOptions): Promise<unknown>;
  flexPlans(req?: { limit?: number; offset?: number }, options?: ProbeCallOptions): Promise<unknown>;
  probeWithdrawAccess(options?: ProbeCallOptions): Promise<unknown>;
}

/**
 * The whole test of a key (the balance call, then the other areas side by side). One budget, not
 * one per call: sequential calls each with their own deadline once took 64 s, past the page's
 * 60 s bridge timeout.
 */
export const PROBE_BUDGET_MS = 45_000;

export function isNoPermission(error: AppError): boolean {
  return error.kind === 'permission' || error.status === 403 || (error.status === 401 && error.code === 4);
}

/** The failure as the page needs it to word it: no field messages, which only the log reads. */
function failureOf(error: AppError): AppError {
  const { fields: _fields, ...rest } = error;
  return rest;
}

function areaFromError(error: AppError): AreaResult {
  return { status: isNoPermission(error) ? 'no_permission' : 'failed', failure: failureOf(error) };
}

async function area(run: () => Promise<unknown>): Promise<AreaResult> {
  try {
    await run();
    return { status: 'ok' };
  } catch (thrown) {
    return areaFromError(toAppError(thrown));
  }
}

/**
 * The withdrawal probe's answer. Its request names nothing to withdraw, so the exchange must refuse
 * it: refusing the KEY means no access; refusing the FIELDS means the key got past the endpoint
 * check. Anything else (a timeout, a 500) says nothing about the key: "not tested". The page words
 * each case (renderer/features/accounts/areaWords.ts).
 */
export function withdrawAreaFromError(error: AppError): AreaResult {
  if (isNoPermission(error)) return { status: 'no_permission', failure: failureOf(error) };
  if (error.status === 412 || error.reason === 'two_factor_off') return { status: 'failed', failure: failureOf(error) };
  if (error.kind === 'validation') return { status: 'ok', checkedBy: 'fields_refused' };
  return { status: 'not_tested', failure: failureOf(error) };
}

async function withdrawArea(client: ProbeableClient, options: ProbeCallOptions): Promise<AreaResult> {
  try {
    await client.probeWithdrawAccess(options);
    // An empty withdrawal accepted would be the exchange's own bug; nothing could have moved.
    return { status: 'ok' };
  } catch (thrown) {
    return withdrawAreaFromError(toAppError(thrown));
  }
}

/** Tests every area within `budgetMs`; never throws. */
export async function probeAreas(client: ProbeableClient, now: () => number = Date.now, budgetMs: number = PROBE_BUDGET_MS): Promise<PermissionReport> {
  const options = { deadlineMs: Math.max(1, Math.floor(budgetMs)) };
  const [balance, codes, positions, flex, withdraw] = await Promise.all([
    area(() => client.balance({}, options)),
    area(() => client.codes({ limit: 1, offset: 0 }, options)),
    area(() => client.positions({}, options)),
    area(() => client.flexPlans({ limit: 1, offset: 0 }, options)),
    withdrawArea(client, options),
  ]);
  return { balance, codes, positions, flex, withdraw, testedAt: now() };
}

/**
 * True when a failed public call shows the server is not the exchange's API: it answered, but with
 * something the exchange never sends to `/api/v4/public/time` (a web page, other JSON, 404, a
 * refusal). Busy, limited, unreachable or slow say nothing about what the server is.
 */
export function answeredAsNotAnExchange(error: AppError): boolean {
  if (error.kind === 'bad_response' || error.kind === 'not_found') return true;
  if (error.status === undefined || error.status === 429 || error.status >= 500) return false;
  return error.status >= 400 && error.status < 500;
}

/**
 * Asks the server a public question before the key is tested: a web server that is not the
 * exchange refused the signed balance call too, and that refusal read as "the exchange refused
 * this API key". Throws `not_an_exchange` (with the address) when the answer is not the exchange's.
 */
export async function checkIsExchange(client: Pick<ProbeableClient, 'serverTime'>, address: string, options: ProbeCallOptions): Promise<void> {
  try {
    await client.serverTime(options);
  } catch (thrown) {
    const error = toAppError(thrown);
    if (!answeredAsNotAnExchange(error)) throw new AppFailure(error);
    throw new AppFailure({ kind: 'bad_response', reason: 'not_an_exchange', values: { address }, ...(error.status === undefined ? {} : { status: error.status }), message: `The server at ${address} did not answer as the exchange's API does.` });
  }
}

/** The address as a person recognises it: scheme, host and any path, never a query or credentials. */
function addressOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return '';
  }
}

/**
 * Tests a key before it is stored. A public call first tells a server that is not the exchange
 * (`not_an_exchange`) from a key the exchange refuses. Then the balance call decides whether the
 * key is usable at all: a refused signature, an unknown key or an unreachable server throws that
 * failure as it is; the other areas are then reported like `probeAreas` does.
 */
export async function probeNewKey(client: ProbeableClient, now: () => number = Date.now, budgetMs: number = PROBE_BUDGET_MS, baseUrl = ''): Promise<PermissionReport> {
  const started = now();
  await checkIsExchange(client, addressOf(baseUrl), { deadlineMs: budgetMs });
  let balance: AreaResult;
  try {
    await client.balance({}, { deadlineMs: Math.max(1, Math.floor(budgetMs - (now() - started))) });
    balance = { status: 'ok' };
  } catch (thrown) {
    const error = toAppError(thrown);
    // The page words the cause (the server's address, the key, the deadline) and says nothing was saved.
    if (!isNoPermission(error)) throw new AppFailure(error);
    balance = areaFromError(error);
  }
  const rest = await probeAreas(
    {
      serverTime: async () => undefined,
      balance: async () => undefined,
      codes: (r, o) => client.codes(r, o),
      positions: (r, o) => client.positions(r, o),
      flexPlans: (r, o) => client.flexPlans(r, o),
      probeWithdrawAccess: (o) => client.probeWithdrawAccess(o),
    },
    now,
    // What the balance call left of the budget.
    budgetMs - (now() - started),
  );
  return { ...rest, balance };
}
