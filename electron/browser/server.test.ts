/**
 * Browser mode over real HTTP with the real core (Demo account, no keychain needed): every refusal
 * is checked to never reach the router, through a counting wrapper around the core.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../core';
import { createSilentLogger } from '../services/logging';
import { CONTENT_SECURITY_POLICY } from '../static/csp';
import { startBrowserServer, type BrowserServer } from './server';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(server: BrowserServer, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method: options.method ?? 'GET', path: options.path, headers: { host: `127.0.0.1:${server.port}`, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

let root: string;
let staticDir: string;
let core: Core;
let server: BrowserServer;
let routed = 0;

const invoke = (body: unknown, headers: Record<string, string> = {}) =>
  send(server, { method: 'POST', path: '/api/invoke', headers: { 'content-type': 'application/json', 'x-desk-token': server.token, ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'desk-browser-'));
  staticDir = join(root, 'renderer');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>desk</title>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET-OUTSIDE-ROOT');
  symlinkSync(join(root, 'secret.txt'), join(staticDir, 'assets', 'link.txt'));
  core = createCore({ userDataDir: join(root, 'user-data'), mode: 'browser', logger: createSilentLogger() });
  const counting: Pick<Core, 'route' | 'onEvent'> = {
    route: (channel, payload, sender) => {
      routed++;
      return core.route(channel, payload, sender);
    },
    onEvent: (listener) => core.onEvent(listener),
  };
  server = await startBrowserServer({ core: counting, staticDir, logger: createSilentLogger() });
});

afterAll(async () => {
  await server?.close();
  await core?.close();
  rmSync(root, { recursive: true, force: true });
});

beforeEach(() => {
  routed = 0;
});

describe('browser mode API', () => {
  it('prints a loopback URL carrying a 32-byte base64url token in the fragment', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);
    expect(server.url.endsWith(server.token)).toBe(true);
  });

  it('answers an authenticated invoke with the envelope from the router', async () => {
    const answer = await invoke({ channel: 'app.info', payload: {} });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true, data: { mode: 'browser' } });
    const invalid = await invoke({ channel: 'no.such', payload: {} });
    expect(JSON.parse(invalid.body)).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(routed).toBe(2);
  });

  it.each([
    ['no token', {}, 401],
    ['empty token', { 'x-desk-token': '' }, 401],
    ['wrong token', { 'x-desk-token': 'not-the-token' }, 401],
    ['wrong token of the same length', { 'x-desk-token': 'A'.repeat(43) }, 401],
  ])('refuses %s with 401 before the router', async (_label, headers, status) => {
    const answer = await send(server, { method: 'POST', path: '/api/invoke', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ channel: 'app.info', payload: {} }) });
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    expect(routed).toBe(0);
  });

  it.each([
    ['foreign Origin', { origin: 'http://evil.example' }],
    ['Origin on another port', { origin: 'http://127.0.0.1:1' }],
    ['null Origin (sandboxed frame)', { origin: 'null' }],
    ['foreign Host (DNS rebinding)', { host: 'evil.example' }],
    ['rebound Host with our port', { host: `attacker.example:PORT` }],
    ['loopback Host on another port', { host: '127.0.0.1:1' }],
  ])('refuses %s with 403 even with the right token', async (_label, extra) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(extra)) headers[k] = v.replace('PORT', String(server.port));
    const answer = await invoke({ channel: 'app.info', payload: {} }, headers);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    expect(routed).toBe(0);
  });

  it('accepts the same origin, by IP or as localhost', async () => {
    expect((await invoke({ channel: 'app.info', payload: {} }, { origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await invoke({ channel: 'app.info', payload: {} }, { origin: `http://localhost:${server.port}`, host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('limits and checks the request body', async () => {
    const huge = await invoke({ channel: 'app.info', payload: { pad: 'x'.repeat(300 * 1024) } });
    expect(huge.status).toBe(413);
    const notJson = await send(server, { method: 'POST', path: '/api/invoke', headers: { 'content-type': 'application/json', 'x-desk-token': server.token }, body: '{"channel":' });
    expect(notJson.status).toBe(400);
    const form = await send(server, { method: 'POST', path: '/api/invoke', headers: { 'content-type': 'text/plain', 'x-desk-token': server.token }, body: '{}' });
    expect(form.status).toBe(415);
    const wrongMethod = await send(server, { method: 'GET', path: '/api/invoke', headers: { 'x-desk-token': server.token } });
    expect(wrongMethod.status).toBe(405);
    const unknown = await send(server, { path: '/api/other', headers: { 'x-desk-token': server.token } });
    expect(unknown.status).toBe(404);
    expect(routed).toBe(0);
  });

  it('streams events as server-sent events to an authenticated client', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/api/events', headers: { host: `127.0.0.1:${server.port}`, 'x-desk-token': server.token } }, (res) => {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes('data: ')) {
            const message = text.slice(text.indexOf('data: '));
            if (message.includes('\n\n')) {
              req.destroy();
              resolve(message);
            }
          }
          if (text.startsWith(': connected')) void invoke({ channel: 'accounts.select', payload: { accountId: 'demo' } });
        });
      });
      req.on('error', (e) => (e.message.includes('aborted') ? undefined : reject(e)));
      req.end();
    });
    expect(received.endsWith('\n\n')).toBe(true);
    expect(JSON.parse(received.slice('data: '.length).trim())).toEqual({ event: 'accounts.changed', payload: { activeAccountId: 'demo' } });
  });

  it('refuses the event stream without the token', async () => {
    const answer = await send(server, { path: '/api/events' });
    expect(answer.status).toBe(401);
  });
});

describe('browser mode static files', () => {
  it('serves index.html with the strict CSP and nosniff', async () => {
    const answer = await send(server, { path: '/' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>desk</title>');
    expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const script = await send(server, { path: '/assets/app.js' });
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets\\..\\..\\secret.txt',
    '/secret.txt%00.html',
    '/assets/link.txt',
    '/%E0%A4%A',
  ])('refuses traversal %s', async (path) => {
    const answer = await send(server, { path });
    expect(answer.body).not.toContain('TOP-SECRET');
    expect([400, 404]).toContain(answer.status);
  });

  it('refuses static requests for a foreign Host too', async () => {
    const answer = await send(server, { path: '/', headers: { host: 'evil.example' } });
    expect(answer.status).toBe(403);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await send(server, { method: 'DELETE', path: '/' })).status).toBe(405);
    expect((await send(server, { method: 'HEAD', path: '/' })).status).toBe(200);
  });
});

describe('the page asked for with the launch token', () => {
  /** The built page's shape: the startup script in the head and an empty #root. */
  const INDEX = '<!doctype html>\n<html lang="en"><head><script type="module" async src="./assets/app.js"></script></head><body><div id="root"></div></body></html>';
  let pageDir: string;
  let pageServer: BrowserServer;

  beforeAll(async () => {
    pageDir = join(root, 'renderer-with-page');
    mkdirSync(join(pageDir, 'assets'), { recursive: true });
    writeFileSync(join(pageDir, 'index.html'), INDEX);
    writeFileSync(join(pageDir, 'assets', 'app.js'), 'console.log(1)');
    pageServer = await startBrowserServer({
      core: {
        route: (...args) => {
          routed++;
          return core.route(...args);
        },
        onEvent: (listener) => core.onEvent(listener),
      },
      staticDir: pageDir,
      logger: createSilentLogger(),
    });
  });

  afterAll(async () => {
    await pageServer?.close();
  });

  it('is the page as built with the session cookie: no account data in it, nothing asked of the core, no referrer', async () => {
    const answer = await send(pageServer, { path: `/?token=${pageServer.token}`, headers: { 'accept-language': 'uk,en;q=0.5' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toBe(INDEX);
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(routed).toBe(0);
    expect(answer.headers['set-cookie']).toEqual([expect.stringMatching(new RegExp(`^desk_session_${pageServer.port}=[A-Za-z0-9_-]{43}; Path=/; HttpOnly; SameSite=Strict$`))]);
    // Single-use: the same launch URL again (the browser's history) is the page as built, with no cookie.
    const again = await send(pageServer, { path: `/index.html?token=${pageServer.token}` });
    expect(again.body).toBe(INDEX);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['no token (a reload)', '/'],
    ['a wrong token', '/?token=not-the-token'],
    ['an empty token', '/?token='],
  ])('with %s is the page as built, with no cookie', async (_case, path) => {
    const answer = await send(pageServer, { path });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(INDEX);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign Host before anything is answered', async () => {
    const answer = await send(pageServer, { path: `/?token=${pageServer.token}`, headers: { host: 'evil.example' } });
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('the launch token is single-use: the first page load exchanges it for a session cookie', () => {
  let exchangeServer: BrowserServer;
  beforeAll(async () => {
    exchangeServer = await startBrowserServer({ core, staticDir, logger: createSilentLogger() });
  });
  afterAll(async () => {
    await exchangeServer?.close();
  });
  const call = (headers: Record<string, string>) =>
    send(exchangeServer, { method: 'POST', path: '/api/invoke', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ channel: 'app.info', payload: {} }) });

  it('before the page loads the token opens the API; after, only the cookie does, and the token in the history opens nothing', async () => {
    const token = exchangeServer.token;
    expect((await call({ 'x-desk-token': token })).status).toBe(200);

    const page = await send(exchangeServer, { path: `/?token=${token}` });
    expect(page.status).toBe(200);
    const setCookie = page.headers['set-cookie'];
    expect(setCookie).toHaveLength(1);
    const cookie = String(setCookie?.[0]).split(';')[0]!;
    expect(String(setCookie?.[0])).toMatch(/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(token);

    routed = 0;
    expect((await call({ 'x-desk-token': token })).status).toBe(401);
    expect((await call({ 'x-desk-token': token, cookie: `${cookie.split('=')[0]}=${'A'.repeat(43)}` })).status).toBe(401);
    expect((await call({})).status).toBe(401);
    expect(routed).toBe(0);
    const answer = await call({ cookie });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: true });
    // The page reloaded or opened in a second tab of the same browser: the cookie still works.
    expect((await call({ cookie: `other=1; ${cookie}` })).status).toBe(200);

    const fromHistory = await send(exchangeServer, { path: `/?token=${token}` });
    expect(fromHistory.headers['set-cookie']).toBeUndefined();
    expect((await call({ 'x-desk-token': token })).status).toBe(401);
  });
});
