import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppFailure } from '../../../shared/errors';
import { unprivilegedRunner } from '../../test/unprivileged';
import { createSilentLogger } from '../logging';
import { defaultSettings, SETTINGS_FILE_NAME, SettingsFile } from './schema';
import { createSettingsStore, SETTINGS_MAX_BYTES } from './store';
import { writeFileAtomic } from './atomic-write';
import { settingsWithAccounts, storedAccount } from './test/fixtures';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-settings-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const open = () => createSettingsStore({ dir, logger: createSilentLogger(), now: () => new Date('2025-01-02T03:04:05.678Z') });

describe('settings store', () => {
  it('removes temp files a crashed save left behind (writer gone), keeps a live writer\'s and the settings themselves', async () => {
    await open().update((d) => {
      d.theme = 'dark';
    });
    const settings = readFileSync(join(dir, SETTINGS_FILE_NAME), 'utf8');
    // A pid that has surely exited: a child that already ended.
    const { pid: gone } = await new Promise<{ pid: number }>((resolve) => {
      const child = execFile(process.execPath, ['-e', '0'], () => resolve({ pid: child.pid! }));
    });
    const stale = [`.${SETTINGS_FILE_NAME}.${gone}.0badc0de.tmp`, `.${SETTINGS_FILE_NAME}.${gone}.12345678.tmp`];
    const live = `.${SETTINGS_FILE_NAME}.${process.pid}.abcdef01.tmp`;
    for (const name of [...stale, live]) writeFileSync(join(dir, name), '{"half":');
    writeFileSync(join(dir, 'other.tmp'), 'not ours');
    open();
    expect(readdirSync(dir).sort()).toEqual([live, SETTINGS_FILE_NAME, 'other.tmp'].sort());
    expect(readFileSync(join(dir, SETTINGS_FILE_NAME), 'utf8')).toBe(settings);
  });

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

const runner = unprivilegedRunner();
const scenario = (name: string) => fileURLToPath(new URL(`./test/${name}`, import.meta.url));
const settingsPath = () => join(dir, SETTINGS_FILE_NAME);

/** The refusal every write must end in while the original file could not be read. */
async function expectWriteRefused(store: ReturnType<typeof open>, cause: RegExp): Promise<AppFailure> {
  const failure = await store
    .update((d) => {
      d.theme = 'dark';
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(failure).toBeInstanceOf(AppFailure);
  const message = (failure as AppFailure).message;
  expect(message).toMatch(/^Settings could not be read \(/);
  expect(message).toMatch(cause);
  expect(message).toContain('the app will not overwrite them');
  expect(message).not.toMatch(/\n\s+at /);
  return failure as AppFailure;
}

describe('settings that could not be read are never overwritten', () => {
  it('an unreadable settings file (permission denied, as a non-root user) is kept byte for byte and every write is refused', async (context) => {
    if ('skip' in runner) {
      process.stdout.write(`skipped: ${runner.skip}\n`);
      context.skip();
      return;
    }
    const original = JSON.stringify(settingsWithAccounts('acc-one', 'acc-two'), null, 2) + '\n';
    writeFileSync(settingsPath(), original, { mode: 0o600 });
    runner.handOver(dir);
    const run = await runner.run<{
      probe: string;
      notice: string | null;
      accountsSeen: number;
      update: { ok: boolean; message?: string; error?: { kind: string; message: string } | null };
    }>(scenario('unreadable-settings.scenario.ts'), [dir]);
    expect(run.stderr).toBe('');
    const seen = run.result;
    // The scenario really ran without the right to read the file.
    expect(seen?.probe).toBe('EACCES');
    expect(seen?.update.ok).toBe(false);
    expect(seen?.update.error?.message).toBe(
      `Settings could not be read (permission denied on ${settingsPath()}); the app will not overwrite them. Fix the file's permissions and restart.`,
    );
    expect(seen?.notice).toContain('permission denied');
    expect(seen?.notice).toContain(settingsPath());
    chmodSync(settingsPath(), 0o600);
    expect(readFileSync(settingsPath(), 'utf8')).toBe(original);
    expect(SettingsFile.parse(JSON.parse(original)).accounts).toHaveLength(2);
  });

  it('a settings file over 1 MiB is not loaded: kept where it is, copied aside, and every write is refused', async () => {
    const valid = JSON.stringify(settingsWithAccounts('acc-one', 'acc-two'));
    // Still valid JSON (trailing white space), but larger than settings can ever legitimately be.
    const original = valid + ' '.repeat(SETTINGS_MAX_BYTES + 1 - valid.length);
    writeFileSync(settingsPath(), original);
    const store = open();
    expect(store.read()).toEqual(defaultSettings());
    const copy = 'settings.unreadable-2025-01-02T03-04-05-678Z.json';
    expect(store.notice).toContain('larger than');
    expect(store.notice).toContain(copy);
    await expectWriteRefused(store, /too large/);
    expect(readFileSync(settingsPath(), 'utf8')).toBe(original);
    expect(readFileSync(join(dir, copy), 'utf8')).toBe(original);
  });

  it('a settings path that cannot be read as a file (a folder) is left alone and writes are refused', async () => {
    mkdirSync(join(settingsPath(), 'something-inside'), { recursive: true });
    const store = open();
    expect(store.notice).toContain(settingsPath());
    await expectWriteRefused(store, /EISDIR|not a file/);
    expect(existsSync(join(settingsPath(), 'something-inside'))).toBe(true);
  });
});

describe('settings changed outside this store', () => {
  it('an account added by one store survives a theme change made by another store on the same folder', async () => {
    const first = open();
    const second = open();
    await first.update((d) => {
      d.accounts.push(storedAccount('acc-from-first'));
    });
    const afterTheme = await second.update((d) => {
      d.theme = 'dark';
    });
    expect(afterTheme.accounts.map((a) => a.id)).toEqual(['acc-from-first']);
    const reread = open().read();
    expect(reread.accounts.map((a) => a.id)).toEqual(['acc-from-first']);
    expect(reread.theme).toBe('dark');
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
