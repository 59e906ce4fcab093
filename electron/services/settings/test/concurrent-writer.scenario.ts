/**
 * Scenario for store.test.ts: one of two processes changing the same settings file at once (as two
 * browser-mode copies of the app would). Each adds its own accounts one by one and flips the theme
 * between them; none of either process's accounts may vanish.
 * Usage: concurrent-writer.scenario.ts <settingsDir> <idPrefix> <count>
 */
import { createSilentLogger } from '../../logging';
import { createSettingsStore } from '../store';
import { storedAccount } from './fixtures';

const [dir, prefix, countText] = process.argv.slice(2);
if (!dir || !prefix || !countText) throw new Error('usage: concurrent-writer.scenario.ts <settingsDir> <idPrefix> <count>');
const store = createSettingsStore({ dir, logger: createSilentLogger() });
for (let i = 0; i < Number(countText); i++) {
  await store.update((draft) => {
    draft.accounts.push(storedAccount(`${prefix}-${i}`));
  });
  await store.update((draft) => {
    draft.theme = draft.theme === 'dark' ? 'light' : 'dark';
  });
}
process.stdout.write(`${JSON.stringify({ done: true })}\n`);
