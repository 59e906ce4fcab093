/**
 * When the exchange answers again after an outage, every figure of the account read before or
 * during it is marked stale: the open view reads again at once, and a view not open during the
 * outage reads again when it is opened, instead of showing figures from before the outage as if
 * they were current.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useConnectionOutage } from './useConnection';
import { SHELL_CHANNELS } from './useViewUpdatedAt';

/** A query that holds the account's figures (its own or the all-accounts ones), not the shell's state. */
export function holdsAccountFigures(query: Pick<Query, 'queryKey'>, accountId: string): boolean {
  const [channel, payload] = query.queryKey as readonly [unknown, { accountId?: unknown } | undefined];
  if (typeof channel !== 'string' || SHELL_CHANNELS.has(channel)) return false;
  return payload?.accountId === undefined || payload.accountId === accountId;
}

export function useRefreshOnRecovery(accountId: string | null): void {
  const queryClient = useQueryClient();
  const outage = useConnectionOutage(accountId);
  const wasDown = useRef(false);
  useEffect(() => {
    if (outage) {
      wasDown.current = true;
      return;
    }
    if (!wasDown.current || accountId === null) return;
    wasDown.current = false;
    void queryClient.invalidateQueries({ predicate: (query) => holdsAccountFigures(query, accountId) });
  }, [outage, accountId, queryClient]);
}
