export { createSettingsStore, type SettingsStore } from './store';
export { defaultSettings, SETTINGS_FILE_NAME, SettingsFile, StoredAccount } from './schema';
export { writeFileAtomic } from './atomic-write';
export { languagePickedIn } from './picked-language';
