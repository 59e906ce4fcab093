import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/endpoints';
import { PATHS } from './paths';
import { buildRoutes } from './routes';
import { bucketsFor, RATE_BUDGETS } from './rateLimit';

/**
 * Catalogued from the documented bodies (contract tests parse them) but not called by the app yet:
 * WebSocket tokens. Remove a name here when the app calls it.
 */
const CATALOGUED_NOT_CALLED = new Set(['websocketToken']);

describe('routes', () => {
  it('serves every path the client calls, with the method the client uses', () => {
    const routes = buildRoutes();
    for (const [name, spec] of Object.entries(ENDPOINTS)) {
      if (CATALOGUED_NOT_CALLED.has(name)) continue;
      const route = routes.get(spec.path);
      expect(route, `${name} ${spec.path}`).toBeDefined();
      expect(route?.kind, name).toBe(spec.method === 'GET' ? 'public' : 'private');
    }
    expect(routes.size).toBe(Object.keys(PATHS).length);
  });

  it('draws every /main-account/ path from one shared bucket, history also from its own', () => {
    const keys = (path: string) => bucketsFor(path).map((b) => `${b.key}:${b.requests}`);
    expect(keys(PATHS.balance)).toEqual([`main-account:${RATE_BUDGETS.mainAccount}`]);
    expect(keys(PATHS.codes)).toEqual([`main-account:${RATE_BUDGETS.mainAccount}`]);
    expect(keys(PATHS.codesHistory)).toEqual([`main-account:${RATE_BUDGETS.mainAccount}`]);
    expect(keys(PATHS.flexInvest)).toEqual([`main-account:${RATE_BUDGETS.mainAccount}`]);
    expect(keys(PATHS.history)).toEqual([`main-account:${RATE_BUDGETS.mainAccount}`, `main-account:history:${RATE_BUDGETS.history}`]);
    expect(keys(PATHS.positions)).toEqual([`trade:${RATE_BUDGETS.collateral}`]);
    expect(keys(PATHS.ping)).toEqual([`public:${RATE_BUDGETS.publicScope}`, `public:${PATHS.ping}:${RATE_BUDGETS.publicPerEndpoint}`]);
  });
});
