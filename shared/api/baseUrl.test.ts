import { describe, expect, it } from 'vitest';
import { isAllowedExchangeUrl, isLoopbackHost } from './baseUrl';

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
