export { createSettingsStore, type SettingsStore, type SettingsStoreOptions } from './store';
export { defaultSettings, SETTINGS_FILE_NAME, SETTINGS_VERSION, SettingsFile, StoredAccount } from './schema';
export { writeFileAtomic } from './atomic-write';
export { languagePickedIn } from './picked-language';
