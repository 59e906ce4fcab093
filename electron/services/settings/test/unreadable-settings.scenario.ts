/**
 * Scenario for store.test.ts, run as a user that file modes apply to (see electron/test/unprivileged.ts):
 * makes the settings file unreadable, opens the store, tries to change the theme, and prints what it saw.
 * Usage: unreadable-settings.scenario.ts <settingsDir>
 */
import { chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppFailure } from '../../../../shared/errors';
import { createSilentLogger } from '../../logging';
import { SETTINGS_FILE_NAME } from '../schema';
import { createSettingsStore } from '../store';

const dir = process.argv[2];
if (!dir) throw new Error('usage: unreadable-settings.scenario.ts <settingsDir>');
const file = join(dir, SETTINGS_FILE_NAME);
chmodSync(file, 0o000);

/** Proof that the operating system really refuses us the file (it would not for root). */
let probe = 'readable';
try {
  readFileSync(file);
} catch (error) {
  probe = (error as NodeJS.ErrnoException).code ?? 'unknown';
}

const store = createSettingsStore({ dir, logger: createSilentLogger() });
const accountsSeen = store.read().accounts.length;
let update: { ok: true } | { ok: false; error: unknown; message: string };
try {
  await store.update((draft) => {
    draft.theme = 'dark';
  });
  update = { ok: true };
} catch (error) {
  update = { ok: false, error: error instanceof AppFailure ? error.error : null, message: (error as Error).message };
}
process.stdout.write(`${JSON.stringify({ probe, notice: store.notice, accountsSeen, update })}\n`);
