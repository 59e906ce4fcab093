import { describe, expect, it } from 'vitest';
import { startupFailureHash, type StartupFailure } from '../../../shared/model/startupFailure';
import { readStartupFailure } from './readFailure';

const failure: StartupFailure = { code: 'database_too_new', folder: '/home/a/desk', file: '/home/a/desk/desk.sqlite', cause: null, pid: null };

describe('readStartupFailure', () => {
  it('reads back what the launcher wrote, folder names with any characters included', () => {
    expect(readStartupFailure(startupFailureHash(failure))).toEqual(failure);
    const odd = { ...failure, folder: '/tmp/a #b%20&c=д' };
    expect(readStartupFailure(startupFailureHash(odd))).toEqual(odd);
  });

  it.each([
    ['an unknown code', '#startup-failure=' + encodeURIComponent(JSON.stringify({ ...failure, code: 'meltdown' }))],
    ['an extra field', '#startup-failure=' + encodeURIComponent(JSON.stringify({ ...failure, html: '<b>' }))],
    ['a cause that is not an error code', '#startup-failure=' + encodeURIComponent(JSON.stringify({ ...failure, cause: 'see <a href>' }))],
    ['not JSON', '#startup-failure=%7Bnope'],
    ['a broken escape', '#startup-failure=%E0%A4%A'],
    ['another hash', '#balances'],
  ])('refuses %s', (_name, hash) => {
    expect(readStartupFailure(hash)).toBeNull();
  });
});
