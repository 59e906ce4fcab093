/**
 * The country choices of the Travel Rule fields: every ISO 3166-1 country (the code list comes from
 * i18n-iso-countries, alpha-3 with its alpha-2), named by Intl.DisplayNames in the person's language.
 * The exchange takes alpha-3 (docs/exchange-api.md "Withdraw-pay request"); DisplayNames knows alpha-2.
 */
import { getAlpha3Codes } from 'i18n-iso-countries';
import type { ComboboxOption } from '../../components';

const ALPHA3_TO_ALPHA2: Readonly<Record<string, string>> = getAlpha3Codes();

export interface Country {
  alpha3: string;
  alpha2: string;
  name: string;
}

const cache = new Map<string, Country[]>();

/** Every country, named in `locales` and sorted by that name in that language's order. */
export function countries(locales: readonly string[] | undefined): Country[] {
  const key = (locales ?? []).join(',');
  const known = cache.get(key);
  if (known) return known;
  const names = new Intl.DisplayNames(locales as string[] | undefined, { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locales as string[] | undefined);
  const list = Object.entries(ALPHA3_TO_ALPHA2)
    .map(([alpha3, alpha2]) => ({ alpha3, alpha2, name: names.of(alpha2) ?? alpha3 }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(key, list);
  return list;
}

/** The list as combobox options: found by name (in the language shown or in English) or by either code; alpha-3 is the value. */
export function countryOptions(locales: readonly string[] | undefined): ComboboxOption[] {
  const key = (locales ?? []).join(',');
  const known = optionsCache.get(key);
  if (known) return known;
  const english = new Map(countries(['en']).map((c) => [c.alpha3, c.name]));
  const options = countries(locales).map((c) => ({
    value: c.alpha3,
    // The code that is sent stays in sight, next to the name.
    label: `${c.name} · ${c.alpha3}`,
    keywords: `${c.alpha2} ${english.get(c.alpha3) ?? ''}`,
  }));
  optionsCache.set(key, options);
  return options;
}
const optionsCache = new Map<string, ComboboxOption[]>();

/** A country's name in `locales`, with the alpha-3 code that is sent beside it; an unknown code as it is. */
export function countryName(alpha3: string, locales: readonly string[] | undefined): string {
  const found = countries(locales).find((c) => c.alpha3 === alpha3);
  return found ? `${found.name} (${alpha3})` : alpha3;
}
