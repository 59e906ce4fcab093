import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAppInBrowser } from './open-browser';

const TOKEN = 'f3c9a1b2d4e5f60718293a4b5c6d7e8f';
const APP_URL = `http://127.0.0.1:43210/?token=${TOKEN}`;
let root: string;

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('opening browser mode', () => {
  it('never puts the token on a command line: the opener gets a private file that redirects to the app', () => {
    root = mkdtempSync(join(tmpdir(), 'desk-open-'));
    const opened: string[] = [];
    const file = openAppInBrowser(APP_URL, { dir: join(root, 'run'), open: (target) => opened.push(target) });
    expect(opened).toHaveLength(1);
    expect(opened[0]).not.toContain(TOKEN);
    expect(opened[0]).toMatch(/^file:\/\//);
    const path = fileURLToPath(opened[0]!);
    expect(path).toBe(file.path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'run')).mode & 0o777).toBe(0o700);
    const html = readFileSync(path, 'utf8');
    expect(html).toContain(`content="0;url=${APP_URL}"`);
    file.remove();
    expect(existsSync(path)).toBe(false);
  });

  it('removes the launcher file after its short lifetime', async () => {
    root = mkdtempSync(join(tmpdir(), 'desk-open-'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const file = openAppInBrowser(APP_URL, { dir: root, open: () => undefined, lifetimeMs: 20 });
      vi.advanceTimersByTime(19);
      expect(existsSync(file.path)).toBe(true);
      vi.advanceTimersByTime(1);
      expect(existsSync(file.path)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('escapes the URL inside the HTML attribute', () => {
    root = mkdtempSync(join(tmpdir(), 'desk-open-'));
    const file = openAppInBrowser('http://127.0.0.1:1/#token="><script>x</script>', { dir: root, open: () => undefined });
    expect(readFileSync(file.path, 'utf8')).not.toContain('<script>x');
    file.remove();
  });
});
