/** deposits.address through the real core against the simulator over HTTP (Demo = its Main account). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../../shared/errors';
import type { Channel, RequestOf, ResponseOf } from '../../../shared/ipc';
import { DEMO_ACCOUNT_ID } from '../../../shared/model/accounts';
import { createCore, type Core } from '../../core';
import { startSimulator, type RunningSimulator } from '../../simulator';

const direct = { transport: 'direct' } as const;
let sim: RunningSimulator;
let dir: string;
let core: Core;

async function call<C extends Channel>(channel: C, payload: RequestOf<C>): Promise<Envelope<ResponseOf<C>>> {
  return (await core.route(channel, payload, direct)) as Envelope<ResponseOf<C>>;
}

beforeAll(async () => {
  sim = await startSimulator({ seed: 42, rateLimits: false, priceTickMs: 0 });
  dir = mkdtempSync(join(tmpdir(), 'desk-deposits-'));
  core = createCore({ userDataDir: dir, mode: 'browser', startSimulator: async () => sim, clientOptions: { timeoutMs: 5_000, maxRetries: 0 } });
});
afterAll(async () => {
  await core?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deposits.address', () => {
  it('gives the address of a network with its terms, "0" terms as none', async () => {
    const res = await call('deposits.address', { accountId: DEMO_ACCOUNT_ID, ticker: 'USDT', network: 'TRC20' });
    expect(res.ok && res.data).toMatchObject({ state: 'ok', network: 'TRC20', memo: null, minAmount: '1', maxAmount: '1000000', fixedFee: null, flexFee: null });
    expect(res.ok && res.data.address).toMatch(/^T/);
    const bep = await call('deposits.address', { accountId: DEMO_ACCOUNT_ID, ticker: 'USDT', network: 'BEP20' });
    expect(bep.ok && bep.data.flexFee).toEqual({ percent: '0.1', minFee: '0.1', maxFee: '2' });
  });

  it('gives the memo of a memo asset', async () => {
    const res = await call('deposits.address', { accountId: DEMO_ACCOUNT_ID, ticker: 'XRP' });
    expect(res.ok && res.data.memo).toMatch(/^\d+$/);
  });

  it('says fiat and non-depositable assets have no address, and passes other refusals on', async () => {
    for (const ticker of ['EUR', 'LUNC']) {
      const res = await call('deposits.address', { accountId: DEMO_ACCOUNT_ID, ticker });
      expect(res.ok && res.data, ticker).toMatchObject({ state: 'not_depositable', address: null });
    }
    const noNetwork = await call('deposits.address', { accountId: DEMO_ACCOUNT_ID, ticker: 'USDT' });
    expect(noNetwork.ok).toBe(false);
    expect(!noNetwork.ok && noNetwork.error).toMatchObject({ kind: 'validation', fields: { network: ['The network field is required.'] } });
  });
});
