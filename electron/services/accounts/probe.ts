/**
 * "Test connection" for a key pair: which areas of the exchange can this key reach?
 * A refused permission (401 code 4, 403) is an answer about the key, not a failure of the app,
 * so it is reported as `no_permission`; anything else that goes wrong is `failed` with its words.
 */
import { AppFailure, toAppError, type AppError } from '../../../shared/errors';
import type { AreaResult, PermissionReport } from '../../../shared/model/accounts';

/** The part of the exchange client a probe needs. */
export interface ProbeCallOptions {
  /** The whole call, retries included (the exchange client's CallOptions.deadlineMs). */
  deadlineMs?: number;
}

export interface ProbeableClient {
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

function areaFromError(error: AppError): AreaResult {
  return isNoPermission(error) ? { status: 'no_permission', message: error.message } : { status: 'failed', message: error.message };
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
 * The withdrawal probe's answer in words. Its request names nothing to withdraw, so the exchange
 * must refuse it: refusing the KEY means no access; refusing the FIELDS means the key got past the
 * endpoint check. Anything else (a timeout, a 500) says nothing about the key: "not tested".
 */
export function withdrawAreaFromError(error: AppError): AreaResult {
  if (isNoPermission(error)) {
    return { status: 'no_permission', message: `The exchange refused this key for withdrawals: ${error.message} Allow withdrawals for the key in the exchange's API settings (or contact the exchange's support).` };
  }
  if (error.status === 412) return { status: 'failed', message: `Withdrawals need two-factor authentication on the exchange account: ${error.message}` };
  if (error.kind === 'validation') return { status: 'ok', message: 'Checked with an empty request that the exchange refused for its fields; nothing was sent.' };
  return { status: 'not_tested', message: `Not tested: the exchange did not answer the question (${error.message}).` };
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
 * Why a new key could not be tested, naming the real cause: the server cannot be reached, the
 * address is not the exchange's API, the exchange refused the key, or it did not answer in time.
 */
export function newKeyFailureWords(error: AppError, server: string): string {
  switch (error.kind) {
    case 'auth':
      return `The exchange refused this key pair: ${error.message} Check that the key and secret are copied whole and that the key is enabled.`;
    case 'network':
      if (error.reason === 'connection_refused') return `${server} refused the connection: nothing accepts connections at that address and port.`;
      return `${server} could not be reached: ${error.message} Check the server address and this computer's connection.`;
    case 'timeout':
      return `${server} did not answer in time: ${error.message}`;
    case 'not_found':
    case 'bad_response':
      return `${server} answered, but not as the exchange's API does (${error.message}). Check the server address: it should be the API's base address, such as https://whitebit.com.`;
    default:
      return `The key could not be tested: ${error.message}`;
  }
}

/**
 * Tests a key before it is stored. The balance call decides whether the key is usable at all:
 * a refused signature or unknown key throws an `auth` failure ("nothing was saved"); the other
 * areas are then reported like `probeAreas` does.
 */
export async function probeNewKey(client: ProbeableClient, server: string, now: () => number = Date.now, budgetMs: number = PROBE_BUDGET_MS): Promise<PermissionReport> {
  const started = performance.now();
  let balance: AreaResult;
  try {
    await client.balance({}, { deadlineMs: budgetMs });
    balance = { status: 'ok' };
  } catch (thrown) {
    const error = toAppError(thrown);
    if (!isNoPermission(error)) {
      const reason = newKeyFailureWords(error, server);
      const refused: AppError = { kind: error.kind === 'internal' ? 'internal' : error.kind, message: `${reason} Nothing was saved.` };
      if (error.status !== undefined) refused.status = error.status;
      if (error.code !== undefined) refused.code = error.code;
      if (error.retryAfterMs !== undefined) refused.retryAfterMs = error.retryAfterMs;
      if (error.reason !== undefined) refused.reason = error.reason;
      if (error.values !== undefined) refused.values = error.values;
      throw new AppFailure(refused);
    }
    balance = areaFromError(error);
  }
  const rest = await probeAreas(
    {
      balance: async () => undefined,
      codes: (r, o) => client.codes(r, o),
      positions: (r, o) => client.positions(r, o),
      flexPlans: (r, o) => client.flexPlans(r, o),
      probeWithdrawAccess: (o) => client.probeWithdrawAccess(o),
    },
    now,
    // What the balance call left of the budget.
    budgetMs - (performance.now() - started),
  );
  return { ...rest, balance };
}
