import { Fragment, useEffect, type ReactNode } from 'react';
import { I18nProvider, useLingui } from '@lingui/react';
import type { LanguageChoice } from '../../shared/model/settings';
import { activateLanguage, i18n } from '.';

/**
 * Provides the active language and remounts its children when it changes: numbers and dates are
 * formatted by plain functions outside React's context, so a remount is what redraws all of them.
 * Server data lives above this (TanStack Query) and the UI state in the store, so nothing is lost.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <Keyed>{children}</Keyed>
    </I18nProvider>
  );
}

function Keyed({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  return <Fragment key={active.locale}>{children}</Fragment>;
}

/** Follows the saved language choice (undefined until the settings have loaded: keep the current). */
export function useLanguageChoice(choice: LanguageChoice | undefined): void {
  useEffect(() => {
    if (choice) void activateLanguage(choice);
  }, [choice]);
}
