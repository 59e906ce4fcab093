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

describe('app:// entry page with its first screen', () => {
  const INDEX = '<!doctype html><html lang="en"><head><script type="module" src="./assets/app.js"></script></head><body><div id="root"></div></body></html>';
  let pageDir: string;
  const BOOT = { settings: { settings: { theme: 'system' }, notice: null }, accounts: { accounts: [], activeAccountId: 'demo' }, landing: null } as never;

  beforeAll(() => {
    pageDir = join(root, 'renderer-page');
    mkdirSync(join(pageDir, 'assets'), { recursive: true });
    writeFileSync(join(pageDir, 'index.html'), INDEX);
    writeFileSync(join(pageDir, 'assets', 'app.js'), '');
  });

  function firstScreen(rendered: string[][]) {
    return {
      bootstrap: async () => BOOT,
      // A stand-in for out/prerender (renderer/prerender.test.tsx renders the real one).
      render: Promise.resolve((_boot: unknown, languages: readonly string[]) => {
        rendered.push([...languages]);
        return { html: '<main>first</main>', language: 'uk' };
      }),
      logger: { error: () => undefined },
      languages: () => ['en-GB'],
    };
  }

  it('answers the entry page with the bootstrap and the first screen, never cached', async () => {
    const rendered: string[][] = [];
    const page = await respondToAppRequest(createStaticFiles(pageDir), `${APP_ORIGIN}/index.html`, firstScreen(rendered), 'uk-UA,uk;q=0.9');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const body = await page.text();
    expect(body).toContain('<script type="application/json" id="desk-first-screen" data-language="uk">');
    expect(body).toContain('<div id="root" data-first-screen inert><main>first</main></div>');
    expect(body).toContain('<html lang="uk">');
    expect(rendered).toEqual([['uk-UA', 'uk']]);
    // Without Accept-Language (a custom scheme's request may carry none): Electron's locale.
    await respondToAppRequest(createStaticFiles(pageDir), `${APP_ORIGIN}/index.html`, firstScreen(rendered), null);
    expect(rendered.at(-1)).toEqual(['en-GB']);
  });

  it('serves every other file, and the page when the bootstrap fails, as built', async () => {
    const rendered: string[][] = [];
    const script = await respondToAppRequest(createStaticFiles(pageDir), `${APP_ORIGIN}/assets/app.js`, firstScreen(rendered));
    expect(script.status).toBe(200);
    const failing = { ...firstScreen(rendered), bootstrap: async () => null };
    expect(await (await respondToAppRequest(createStaticFiles(pageDir), `${APP_ORIGIN}/index.html`, failing)).text()).toBe(INDEX);
    expect(rendered).toEqual([]);
  });
});
