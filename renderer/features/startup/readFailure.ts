import { STARTUP_FAILURE_HASH, startupFailureSchema, type StartupFailure } from '../../../shared/model/startupFailure';

/** True when the page was opened to say why the app did not start (no API behind it then). */
export function isStartupFailurePage(hash: string): boolean {
  return hash.startsWith(STARTUP_FAILURE_HASH);
}

/** The failure named in the address, or null when it is missing or does not pass the schema. */
export function readStartupFailure(hash: string): StartupFailure | null {
  if (!isStartupFailurePage(hash)) return null;
  try {
    const parsed = startupFailureSchema.safeParse(JSON.parse(decodeURIComponent(hash.slice(STARTUP_FAILURE_HASH.length))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
