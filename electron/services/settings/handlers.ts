/** The settings.* channels: what the page may read and change of the settings file. */
import { DEFAULT_QUOTE } from '../../../shared/model/balances';
import { DEFAULT_LANGUAGE, type Settings } from '../../../shared/model/settings';
import type { HandlersOf } from '../../router';
import type { SettingsFile } from './schema';
import type { SettingsStore } from './store';

/** The part of the settings file the page sees (accounts have their own channels). */
export function publicSettings(file: SettingsFile): Settings {
  return {
    refreshIntervalMs: file.refreshIntervalMs as Settings['refreshIntervalMs'],
    hideSmallBelow: file.hideSmallBelow,
    theme: file.theme,
    quote: file.quote ?? DEFAULT_QUOTE,
    language: file.language ?? DEFAULT_LANGUAGE,
    lastView: file.lastView ?? '',
  };
}

/**
 * `notice` adds what else the user must hear about from start-up (the database's notices);
 * `forgottenAccounts` counts accounts with records that lost settings no longer list.
 */
export function settingsHandlers(
  settings: SettingsStore,
  notice: (settingsNotice: string | null) => string | null,
  forgottenAccounts: () => number = () => 0,
): HandlersOf<'settings'> {
  return {
    'settings.get': async () => ({ settings: publicSettings(settings.read()), notice: notice(settings.notice), forgottenAccounts: forgottenAccounts() }),
    'settings.update': async (patch) => {
      const next = await settings.update((draft) => {
        if (patch.refreshIntervalMs !== undefined) draft.refreshIntervalMs = patch.refreshIntervalMs;
        if (patch.hideSmallBelow !== undefined) draft.hideSmallBelow = patch.hideSmallBelow;
        if (patch.theme !== undefined) draft.theme = patch.theme;
        if (patch.quote !== undefined) draft.quote = patch.quote;
        if (patch.language !== undefined) draft.language = patch.language;
        if (patch.lastView !== undefined) draft.lastView = patch.lastView;
      });
      return publicSettings(next);
    },
  };
}
