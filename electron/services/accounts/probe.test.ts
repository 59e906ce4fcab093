/**
 * How a probe reads the exchange's answers. The simulator grants every key read access, so the
 * 401-code-4 case cannot be produced there; these tests feed the probe the AppFailures the real
 * client produces for each answer (see exchange/classify.ts).
 */
import { describe, expect, it } from 'vitest';
import { AppFailure, type AppError } from '../../../shared/errors';
import { probeAreas, probeNewKey, type ProbeableClient } from './probe';

const codeFour: AppError = { kind: 'permission', status: 401, code: 4, message: 'This API key is not allowed to do this.' };
const flexForbidden: AppError = { kind: 'permission', status: 403, code: 0, message: 'The exchange does not allow this account to do this.' };
const badSignature: AppError = { kind: 'auth', status: 401, code: 10, message: 'The exchange did not accept the request signature.' };
const offline: AppError = { kind: 'network', message: 'The exchange cannot be reached.' };

function client(answers: Partial<Record<keyof ProbeableClient, AppError>>): ProbeableClient {
  const answer = (area: keyof ProbeableClient) => async () => {
    const error = answers[area];
    if (error) throw new AppFailure(error);
    return {};
  };
  return { balance: answer('balance'), codes: answer('codes'), positions: answer('positions'), flexPlans: answer('flexPlans') };
}

describe('probe', () => {
  it('reports code 4 and 403 as no_permission, other failures as failed', async () => {
    const report = await probeAreas(client({ codes: codeFour, flexPlans: flexForbidden, positions: offline }), () => 42);
    expect(report).toEqual({
      balance: { status: 'ok' },
      codes: { status: 'no_permission', message: codeFour.message },
      positions: { status: 'failed', message: offline.message },
      flex: { status: 'no_permission', message: flexForbidden.message },
      testedAt: 42,
    });
  });

  it('refuses a new key the exchange does not accept, saying nothing was saved', async () => {
    const refused = probeNewKey(client({ balance: badSignature }));
    await expect(refused).rejects.toBeInstanceOf(AppFailure);
    await expect(refused).rejects.toMatchObject({ error: { kind: 'auth', status: 401, code: 10, message: expect.stringMatching(/refused this key pair.*Nothing was saved/) } });
  });

  it('refuses a new key that cannot be tested (offline) with the network error', async () => {
    await expect(probeNewKey(client({ balance: offline }))).rejects.toMatchObject({ error: { kind: 'network', message: expect.stringMatching(/could not be tested.*Nothing was saved/) } });
  });

  it('accepts a new key without balance permission: the key is valid, the report says what it lacks', async () => {
    const report = await probeNewKey(client({ balance: codeFour }));
    expect(report.balance.status).toBe('no_permission');
    expect(report.codes.status).toBe('ok');
  });
});
