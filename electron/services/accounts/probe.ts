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
 * Tests a key before it is stored. The balance call decides whether the key is usable at all:
 * a refused signature, an unknown key or an unreachable server throws that failure as it is; the other
 * areas are then reported like `probeAreas` does.
 */
export async function probeNewKey(client: ProbeableClient, now: () => number = Date.now, budgetMs: number = PROBE_BUDGET_MS): Promise<PermissionReport> {
  const started = now();
  let balance: AreaResult;
  try {
    await client.balance({}, { deadlineMs: budgetMs });
    balance = { status: 'ok' };
  } catch (thrown) {
    const error = toAppError(thrown);
    // The page words the cause (the server's address, the key, the deadline) and says nothing was saved.
    if (!isNoPermission(error)) throw new AppFailure(error);
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
    budgetMs - (now() - started),
  );
  return { ...rest, balance };
}
