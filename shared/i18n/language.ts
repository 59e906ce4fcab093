import type { LanguageChoice } from '../model/settings';

export const LANGUAGES = ['en', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The picked language, or for "system" the first of the OS's languages we have a catalog for; English when none. */
export function resolveLanguage(choice: LanguageChoice | undefined, preferred: readonly string[]): Language {
  if (choice === 'en' || choice === 'uk') return choice;
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(base ?? '')) return base as Language;
  }
  return 'en';
}
