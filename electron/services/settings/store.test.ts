import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../logging';
import { defaultSettings, SETTINGS_FILE_NAME } from './schema';
import { createSettingsStore } from './store';
import { writeFileAtomic } from './atomic-write';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = () => createSettingsStore({ dir, logger: createSilentLogger(), now: () => new Date('2025-01-02T03:04:05.678Z') });

describe('settings store', () => {
  it('starts from defaults when there is no file, without a notice', () => {
    const store = open();
    expect(store.read()).toEqual(defaultSettings());
    expect(store.notice).toBeNull();
  });

  it('persists changes as versioned JSON that the next start reads back', async () => {
    const store = open();
    await store.update((d) => {
      d.theme = 'dark';
      d.refreshIntervalMs = 60_000;
    });
    const onDisk = JSON.parse(readFileSync(join(dir, SETTINGS_FILE_NAME), 'utf8')) as Record<string, unknown>;
    expect(onDisk.version).toBe(1);
    expect(onDisk.theme).toBe('dark');
    expect(open().read().refreshIntervalMs).toBe(60_000);
  });

  it('refuses a change that would make the settings invalid, and keeps the old file', async () => {
    const store = open();
    await store.update((d) => {
      d.theme = 'light';
    });
    const before = readFileSync(join(dir, SETTINGS_FILE_NAME), 'utf8');
    await expect(
      store.update((d) => {
        (d as { theme: string }).theme = 'neon';
      }),
    ).rejects.toThrow();
    expect(readFileSync(join(dir, SETTINGS_FILE_NAME), 'utf8')).toBe(before);
    expect(store.read().theme).toBe('light');
  });

  it('applies concurrent changes one after another (none is lost)', async () => {
    const store = open();
    await Promise.all([
      store.update((d) => {
        d.theme = 'dark';
      }),
      store.update((d) => {
        d.hideSmallBelow = '0.01';
      }),
      store.update((d) => {
        d.demo.notifyPositions = true;
      }),
    ]);
    const reread = open().read();
    expect(reread.theme).toBe('dark');
    expect(reread.hideSmallBelow).toBe('0.01');
    expect(reread.demo.notifyPositions).toBe(true);
  });

  it.each([
    ['truncated JSON', '{"version":1,"accounts":['],
    ['wrong version', JSON.stringify({ ...defaultSettings(), version: 99 })],
    ['wrong field type', JSON.stringify({ ...defaultSettings(), theme: 42 })],
    ['unknown field', JSON.stringify({ ...defaultSettings(), apiSecret: 'should-never-be-here' })],
    ['binary garbage', '\u0000\u0001\u0002'],
  ])('recovers from a corrupt file (%s): keeps the bad copy, starts clean, tells the user', (_label, content) => {
    writeFileSync(join(dir, SETTINGS_FILE_NAME), content);
    const store = open();
    expect(store.read()).toEqual(defaultSettings());
    const backup = 'settings.corrupt-2025-01-02T03-04-05-678Z.json';
    expect(store.notice).toContain(backup);
    expect(store.notice).toContain('fresh settings');
    expect(readFileSync(join(dir, backup), 'utf8')).toBe(content);
    expect(existsSync(join(dir, SETTINGS_FILE_NAME))).toBe(false);
  });
});

describe('atomic write', () => {
  it('replaces the file whole and leaves no temp files behind', () => {
    const target = join(dir, 'x.json');
    writeFileAtomic(target, 'old');
    writeFileAtomic(target, 'new content');
    expect(readFileSync(target, 'utf8')).toBe('new content');
    expect(readdirSync(dir)).toEqual(['x.json']);
  });

  it('leaves the old file untouched and cleans up when the write cannot complete', () => {
    const target = join(dir, 'x.json');
    writeFileAtomic(target, 'old');
    // Renaming a file over a non-empty folder fails after the temp file was written and synced.
    const blocked = join(dir, 'blocked');
    mkdirSync(join(blocked, 'inside'), { recursive: true });
    expect(() => writeFileAtomic(blocked, 'new')).toThrow();
    expect(readFileSync(target, 'utf8')).toBe('old');
    expect(readdirSync(dir).sort()).toEqual(['blocked', 'x.json']);
  });
});
