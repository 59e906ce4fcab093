import { describe, expect, it } from 'vitest';
import { BaseUrl } from '../model/accounts';
import { FIELD_PROBLEM } from '../model/fieldProblems';
import { hasApiPath, isAllowedExchangeUrl, isLoopbackHost } from './baseUrl';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])('%s is this computer', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['whitebit.com', '128.0.0.1', '127.0.0.256', '10.0.0.1', '::2', 'localhost.evil.example', '127.0.0.1.nip.io', ''])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('isAllowedExchangeUrl', () => {
  it('allows https anywhere and http only to this computer', () => {
    expect(isAllowedExchangeUrl('https://whitebit.com')).toBe(true);
    expect(isAllowedExchangeUrl('http://127.0.0.1:8080')).toBe(true);
    expect(isAllowedExchangeUrl('http://[::1]:8080/')).toBe(true);
    expect(isAllowedExchangeUrl('http://localhost:3000')).toBe(true);
  });
  it('refuses signed requests in clear text to a remote host, and other schemes', () => {
    expect(isAllowedExchangeUrl('http://whitebit.com')).toBe(false);
    expect(isAllowedExchangeUrl('http://192.168.1.10:8080')).toBe(false);
    expect(isAllowedExchangeUrl('ftp://127.0.0.1')).toBe(false);
    expect(isAllowedExchangeUrl('not a url')).toBe(false);
  });
});

describe('hasApiPath', () => {
  it.each(['https://whitebit.com/api/v4', 'https://whitebit.com/api/v4/', 'https://WHITEBIT.com/API/V4', 'http://127.0.0.1:8080/api/v4', 'https://proxy.example/exchange/api/v4//', 'https://whitebit.com/api/v1'])('%s ends in the API path', (url) => {
    expect(hasApiPath(url)).toBe(true);
  });
  it.each(['https://whitebit.com', 'https://whitebit.com/', 'https://proxy.example/exchange', 'https://whitebit.com/api', 'https://whitebit.com/api/v4/public', 'not a url'])('%s does not', (url) => {
    expect(hasApiPath(url)).toBe(false);
  });
});

describe('BaseUrl', () => {
  it('refuses an address ending in /api/v4 with its own code, and accepts the same server without it', () => {
    const refused = BaseUrl.safeParse('https://whitebit.com/api/v4');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual([FIELD_PROBLEM.urlHasApiPath]);
    expect(BaseUrl.safeParse('https://whitebit.com').success).toBe(true);
    // Plain http to another host keeps its own refusal.
    expect(BaseUrl.safeParse('http://whitebit.com').error?.issues.map((i) => i.message)).toContain(FIELD_PROBLEM.urlNotAllowed);
  });
});
