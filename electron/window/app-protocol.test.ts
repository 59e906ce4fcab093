import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../static/csp';
import { createStaticFiles } from '../static/files';
import { APP_ORIGIN, registerAppScheme, respondToAppRequest } from './app-protocol';

let root: string;
let rendererDir: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'desk-protocol-'));
  rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(rendererDir, 'assets', 'main.css'), 'body{}');
  writeFileSync(join(root, 'private.txt'), 'OUTSIDE');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('app:// protocol', () => {
  it('registers one privileged, standard, secure scheme', () => {
    const registered: unknown[] = [];
    registerAppScheme({ registerSchemesAsPrivileged: (s) => void registered.push(...s) });
    expect(registered).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: false, codeCache: true } }]);
  });

  it('serves the renderer with the CSP header, nosniff and the right content type', async () => {
    const page = await respondToAppRequest(createStaticFiles(rendererDir), `${APP_ORIGIN}/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<title>app</title>');
    const css = await respondToAppRequest(createStaticFiles(rendererDir), `${APP_ORIGIN}/assets/main.css`);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
  });

  it.each([`${APP_ORIGIN}/../private.txt`, `${APP_ORIGIN}/%2e%2e/private.txt`, `${APP_ORIGIN}/assets/..%2f..%2fprivate.txt`, 'app://other-host/index.html', 'not a url'])(
    'refuses %s',
    async (url) => {
      const response = await respondToAppRequest(createStaticFiles(rendererDir), url);
      expect([400, 404]).toContain(response.status);
      expect(await response.text()).not.toContain('OUTSIDE');
    },
  );
});
