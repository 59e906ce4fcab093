import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SettingsPatch } from '../../../shared/model/settings';
import { createSilentLogger } from '../logging';
import { settingsHandlers } from './handlers';
import { defaultSettings, SETTINGS_FILE_NAME } from './schema';
import { createSettingsStore } from './store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'desk-settings-language-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const handlers = () => settingsHandlers(createSettingsStore({ dir, logger: createSilentLogger() }), (notice) => notice);
// These handlers use neither the sender nor the call context.
const get = () => handlers()['settings.get']({}, undefined as never, undefined as never);
const update = (patch: z.infer<typeof SettingsPatch>) => handlers()['settings.update'](patch, undefined as never, undefined as never);

describe('settings: language', () => {
  it('follows the OS by default, also for a file written before the choice existed', async () => {
    expect((await get()).settings.language).toBe('system');
    writeFileSync(join(dir, SETTINGS_FILE_NAME), JSON.stringify(defaultSettings()));
    expect((await get()).settings.language).toBe('system');
  });

  it('saves a chosen language, which the next start reads back', async () => {
    expect((await update({ language: 'uk' })).language).toBe('uk');
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE_NAME), 'utf8')).language).toBe('uk');
    expect((await get()).settings.language).toBe('uk');
  });

  it('accepts only the languages the app has', () => {
    for (const language of ['system', 'en', 'uk']) expect(SettingsPatch.safeParse({ language }).success).toBe(true);
    for (const language of ['de', 'UK', '', 1, null]) expect(SettingsPatch.safeParse({ language }).success).toBe(false);
  });
});
