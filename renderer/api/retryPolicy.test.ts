import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, type AppError } from '../../shared/errors';
import { createQueryClient } from './queries';
import { invoke } from './invoke';
import { createFakeBridge } from '../test/fakeBridge';
import '../test/setup';

/** The main process owns retries: a query asks the bridge exactly once. */
describe('the app QueryClient never retries on its own', () => {
  function install(error: AppError) {
    const bridge = createFakeBridge();
    bridge.failWith('exchange.balance', error);
    (globalThis as { exchange?: unknown }).exchange = bridge;
    return bridge;
  }
  const fetchBalance = () =>
    createQueryClient().fetchQuery({ queryKey: ['exchange.balance', { accountId: 'demo' }], queryFn: () => invoke('exchange.balance', { accountId: 'demo' }) });

  it.each(ERROR_KINDS)('asks exactly once when the answer is %s', async (kind) => {
    const bridge = install({ kind, message: kind, ...(kind === 'rate_limited' ? { retryAfterMs: 10 } : {}) });
    await expect(fetchBalance()).rejects.toMatchObject({ error: { kind } });
    expect(bridge.callsTo('exchange.balance')).toHaveLength(1);
  });
});
