import { t } from '@lingui/core/macro';
import { LanguageChoice } from '../../shared/model/settings';
import { useSettings, useUpdateSettings } from '../api/queries';

/**
 * The language choice, saved in the settings (`language`). Each language is named in itself, so a
 * person who cannot read the current one still finds their own.
 */
export function LanguageSelect() {
  const { settings } = useSettings();
  const update = useUpdateSettings();
  const names: Record<LanguageChoice, string> = { system: t`System language`, en: 'English', uk: 'Українська' };
  return (
    <label className="field field--inline">
      <span className="field__label">{t`Language`}</span>
      <select
        aria-label={t`Language`}
        value={settings?.language ?? 'system'}
        disabled={!settings || update.isPending}
        onChange={(e) => {
          const chosen = LanguageChoice.safeParse(e.target.value);
          if (chosen.success) update.mutate({ language: chosen.data });
        }}
      >
        {LanguageChoice.options.map((choice) => (
          <option key={choice} value={choice} lang={choice === 'system' ? undefined : choice}>
            {names[choice]}
          </option>
        ))}
      </select>
    </label>
  );
}
