import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { plural, t } from '@lingui/core/macro';
import { formatAgo, formatAmount, formatClock } from '../format/format';
import { ConnectionIndicator } from '../shell/ConnectionIndicator';
import { installBridge, renderWithQuery } from '../test/setup';
import { activateLanguage, formatLocales, i18n, resolveLanguage, viewMessagesReady } from '.';

/** Changes the OS's languages as the browser does: the list, then a `languagechange` event. */
const setSystemLanguages = (languages: string[]) => {
  Object.defineProperty(navigator, 'languages', { value: languages, configurable: true });
  window.dispatchEvent(new Event('languagechange'));
};

afterEach(async () => {
  setSystemLanguages(['en-US']);
  await activateLanguage('en');
});

describe('language choice', () => {
  it('follows the first OS language the app has, English otherwise', () => {
    expect(resolveLanguage('system', ['uk-UA', 'en-US'])).toBe('uk');
    expect(resolveLanguage('system', ['de-DE', 'uk'])).toBe('uk');
    expect(resolveLanguage('system', ['de-DE', 'fr'])).toBe('en');
    expect(resolveLanguage(undefined, [])).toBe('en');
  });

  it('an explicit choice wins over the OS', () => {
    expect(resolveLanguage('en', ['uk-UA'])).toBe('en');
    expect(resolveLanguage('uk', ['en-US'])).toBe('uk');
  });

  it('loads the Ukrainian catalog on demand and switches every message', async () => {
    await activateLanguage('uk');
    expect(i18n.locale).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');
    expect(t`Balances`).toBe('Баланси');
    await activateLanguage('en');
    expect(t`Balances`).toBe('Balances');
  });

  it('starts with the first-paint catalog alone and merges the views’ catalog when a view asks for it', async () => {
    await activateLanguage('uk', 'firstPaint');
    expect(t`Balances`).toBe('Баланси');
    // A message of the Withdraw view only: not in the first-paint catalog.
    expect(t`A company or organisation`).not.toBe('Компанія чи організація');
    await viewMessagesReady();
    expect(t`A company or organisation`).toBe('Компанія чи організація');
    expect(t`Balances`).toBe('Баланси');
  });

  it('a change of language brings both catalogs before it switches', async () => {
    await activateLanguage('uk');
    expect(t`A company or organisation`).toBe('Компанія чи організація');
  });

  it('the last of two quick choices wins, whichever catalog loads first', async () => {
    await Promise.all([activateLanguage('uk'), activateLanguage('en')]);
    expect(i18n.locale).toBe('en');
  });
});

describe('numbers, dates and counts in the chosen language', () => {
  it('formats decimal strings exactly with Ukrainian separators', async () => {
    await activateLanguage('uk');
    expect(formatLocales()).toEqual(['uk']);
    // Ukrainian groups with a no-break space and marks decimals with a comma; every digit stays.
    expect(formatAmount('1234567.890')).toBe('1\u00a0234\u00a0567,890');
    expect(formatAmount('0.000000000000000001')).toBe('0,000000000000000001');
    expect(formatAgo(10_000)).toMatch(/10\s*с/);
    expect(formatClock(Date.UTC(2026, 0, 1, 14, 2, 7), true)).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('keeps the OS regional conventions when the language is the OS one', async () => {
    setSystemLanguages(['en-GB', 'en']);
    await activateLanguage('system');
    expect(formatLocales()).toEqual(['en-GB', 'en']);
  });

  it('uses Ukrainian plural forms', async () => {
    await activateLanguage('uk');
    // The same message the Flex view counts plans with, through the real catalog.
    const word = (count: number) => plural(count, { one: '# plan', other: '# plans' });
    expect([1, 2, 5, 21].map(word)).toEqual(['1 план', '2 плани', '5 планів', '21 план']);
  });

  it('a view drawn in Ukrainian says nothing in English', async () => {
    await activateLanguage('uk');
    installBridge();
    renderWithQuery(<ConnectionIndicator accountId="demo" />);
    expect((await screen.findByRole('status')).getAttribute('aria-label')).toMatch(/^З'єднання: /);
  });
});
