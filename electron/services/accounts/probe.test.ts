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
/** What the exchange answers an empty withdraw-pay from a key that may withdraw. */
const emptyWithdrawal: AppError = { kind: 'validation', status: 400, code: 0, message: 'Validation failed', fields: { ticker: ['The ticker field is required.'] } };
const twoFactorOff: AppError = { kind: 'validation', status: 412, code: 1, message: 'Enable two-factor authentication to withdraw.', reason: 'two_factor_off' };

function client(answers: Partial<Record<keyof ProbeableClient, AppError>>): ProbeableClient {
  const answer = (area: keyof ProbeableClient) => async () => {
    const error = answers[area];
    if (error) throw new AppFailure(error);
    return {};
  };
  const withdraw = answers.probeWithdrawAccess ?? emptyWithdrawal;
  return {
    serverTime: answer('serverTime'),
    balance: answer('balance'),
    codes: answer('codes'),
    positions: answer('positions'),
    flexPlans: answer('flexPlans'),
    probeWithdrawAccess: async () => {
      throw new AppFailure(withdraw);
    },
  };
}

describe('probe', () => {
  it('reports code 4 and 403 as no_permission, other failures as failed', async () => {
    const report = await probeAreas(client({ codes: codeFour, flexPlans: flexForbidden, positions: offline }), () => 42);
    expect(report).toEqual({
      balance: { status: 'ok' },
      codes: { status: 'no_permission', failure: codeFour },
      positions: { status: 'failed', failure: offline },
      flex: { status: 'no_permission', failure: flexForbidden },
      withdraw: { status: 'ok', checkedBy: 'fields_refused' },
      testedAt: 42,
    });
  });

  it('refuses a new key the exchange does not accept with the failure as it came, for the page to word', async () => {
    const refused = probeNewKey(client({ balance: badSignature }));
    await expect(refused).rejects.toBeInstanceOf(AppFailure);
    await expect(refused).rejects.toMatchObject({ error: badSignature });
  });

  it('refuses a new key that cannot be tested (offline) with the network error', async () => {
    await expect(probeNewKey(client({ balance: offline }))).rejects.toMatchObject({ error: offline });
  });

  it('keeps a wrong server address a server problem, not a key problem', async () => {
    const notTheApi: AppError = { kind: 'bad_response', status: 404, message: 'The server answered with a web page instead of data.' };
    await expect(probeNewKey(client({ balance: notTheApi }))).rejects.toMatchObject({ error: { kind: 'bad_response', status: 404 } });
  });

  it('accepts a new key without balance permission: the key is valid, the report says what it lacks', async () => {
    const report = await probeNewKey(client({ balance: codeFour }));
    expect(report.balance.status).toBe('no_permission');
    expect(report.codes.status).toBe('ok');
  });

  it('reads the withdrawal probe: the key refused is no access, the fields refused is access, 2FA off and silence are said as such', async () => {
    expect((await probeAreas(client({ probeWithdrawAccess: codeFour }))).withdraw).toEqual({ status: 'no_permission', failure: codeFour });
    expect((await probeAreas(client({ probeWithdrawAccess: flexForbidden }))).withdraw.status).toBe('no_permission');
    expect((await probeAreas(client({}))).withdraw.status).toBe('ok');
    expect((await probeAreas(client({ probeWithdrawAccess: twoFactorOff }))).withdraw).toEqual({ status: 'failed', failure: twoFactorOff });
    expect((await probeAreas(client({ probeWithdrawAccess: offline }))).withdraw).toEqual({ status: 'not_tested', failure: offline });
  });

  it('sends codes and the exchange\'s words, never a sentence of ours, nor the field messages', async () => {
    const said: AppError = { ...codeFour, exchangeSaid: 'This action is unauthorized.' };
    const report = await probeAreas(client({ codes: said, probeWithdrawAccess: { ...emptyWithdrawal, status: 403, kind: 'permission' } }));
    expect(report.codes).toEqual({ status: 'no_permission', failure: said });
    expect(report.withdraw.failure).not.toHaveProperty('fields');
    for (const area of [report.codes, report.withdraw]) expect(Object.keys(area).sort()).toEqual(['failure', 'status']);
  });
});
