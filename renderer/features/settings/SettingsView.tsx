import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { DEFAULT_QUOTE } from '../../../shared/model/balances';
import type { RequestOf } from '../../../shared/ipc';
import { LanguageChoice, QUOTE_CHOICES, REFRESH_INTERVALS_MS, ThemeChoice, type Settings } from '../../../shared/model/settings';
import { useSettings, useUpdateSettings } from '../../api/queries';
import { ErrorPanel, SelectField, Skeleton, View } from '../../components';
import { HistorySpaceCard } from './HistorySpaceCard';
import './settings.css';

const REFRESH_LABELS: Record<(typeof REFRESH_INTERVALS_MS)[number], MessageDescriptor> = {
  0: msg({ message: 'Off', context: 'refresh' }),
  10_000: msg`Every 10 s`,
  30_000: msg`Every 30 s`,
  60_000: msg`Every minute`,
  300_000: msg`Every 5 min`,
};
const THEME_LABELS: Record<Settings['theme'], MessageDescriptor> = { system: msg`Same as the system`, light: msg`Light`, dark: msg`Dark` };
// Each language is named in itself, so a person who cannot read the current one still finds theirs.
const LANGUAGE_NAMES: Record<Exclude<Settings['language'], 'system'>, string> = { en: 'English', uk: 'Українська' };

/**
 * The app's own preferences in one place, each saved through settings.update as soon as it is
 * chosen (there is nothing to submit). Accounts and their keys have their own view. Controls stay
 * enabled while a save is on its way: disabling the focused one would drop keyboard focus.
 */
export function SettingsView() {
  const { settings, query } = useSettings();
  const update = useUpdateSettings();
  const save = (patch: RequestOf<'settings.update'>) => update.mutate(patch);

  return (
    <View
      name="settings"
      title={t`Settings`}
      subtitle={t`How the app looks and how often it refreshes. Changes are saved at once.`}
      actions={
        // In the header, beside the line that promises it, rather than a row of its own that is empty until a change.
        <p className="field__hint settings-form__status" role="status">
          {update.isPending ? t`Saving…` : update.isSuccess ? t`Saved.` : ''}
        </p>
      }
    >
      {!settings ? (
        query.error ? <ErrorPanel error={query.error.error} onRetry={() => void query.refetch()} /> : <Skeleton rows={4} />
      ) : (
        <form className="card settings-form" aria-label={t`Settings`} onSubmit={(e) => e.preventDefault()}>
          <fieldset className="card__section settings-form__group">
            <legend className="section-title">{t`Theme`}</legend>
            <div className="settings-form__choices" role="presentation">
              {ThemeChoice.options.map((theme) => (
                <label key={theme} className="checkbox">
                  <input type="radio" name="theme" value={theme} checked={settings.theme === theme} onChange={() => save({ theme })} />
                  {i18n._(THEME_LABELS[theme])}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="card__section settings-form__fields">
            <SelectField
              label={t`Language`}
              hint={t`Same as the system follows your computer's language; English where the app does not have it.`}
              value={settings.language}
              options={LanguageChoice.options.map((language) => ({ value: language, label: language === 'system' ? i18n._(THEME_LABELS.system) : LANGUAGE_NAMES[language], lang: language === 'system' ? undefined : language }))}
              onChange={(value) => {
                const parsed = LanguageChoice.safeParse(value);
                if (parsed.success) save({ language: parsed.data });
              }}
            />
            <SelectField
              label={t`Value balances in`}
              hint={t`The currency totals and balances are valued in.`}
              value={settings.quote || DEFAULT_QUOTE}
              options={[...new Set([settings.quote || DEFAULT_QUOTE, ...QUOTE_CHOICES])].map((quote) => ({ value: quote, label: quote }))}
              onChange={(quote) => save({ quote })}
            />
            <SelectField
              label={t`Refresh automatically`}
              hint={t`How often the open view asks the exchange again. Ctrl+R or F5 refreshes at any time.`}
              value={String(settings.refreshIntervalMs)}
              options={REFRESH_INTERVALS_MS.map((ms) => ({ value: String(ms), label: i18n._(REFRESH_LABELS[ms]) }))}
              onChange={(value) => {
                const chosen = REFRESH_INTERVALS_MS.find((ms) => String(ms) === value);
                if (chosen !== undefined) save({ refreshIntervalMs: chosen });
              }}
            />
          </div>
          {update.error ? (
            <div className="card__section">
              <ErrorPanel error={update.error.error} compact />
            </div>
          ) : null}
        </form>
      )}
      <HistorySpaceCard />
    </View>
  );
}
