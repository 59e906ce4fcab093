// @vitest-environment node
/**
 * The first screen as the main process renders it: the real components, catalogs and formatting,
 * outside any page (no window, no document), as out/prerender runs in the main process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { Bootstrap } from '../shared/model/startup';
import { renderFirstScreen } from './prerender';
import fixture from './test/firstScreenBootstrap.json';

/** A Demo bootstrap (three balances) as the main process answered it. */
function bootstrap(settings: Partial<Bootstrap['settings']['settings']> = {}, landing: Partial<NonNullable<Bootstrap['landing']>> | null = {}): Bootstrap {
  const base = structuredClone(fixture) as unknown as Bootstrap;
  return { ...base, settings: { ...base.settings, settings: { ...base.settings.settings, ...settings } }, landing: landing === null ? null : { ...base.landing!, ...landing } };
}

const rows = (html: string) => html.match(/data-testid="balance-row"/g)?.length ?? 0;

afterEach(() => {
  // The renderer's other tests expect English (renderer/test/i18n-setup.ts).
  i18n.activate('en');
});

describe('renderFirstScreen', () => {
  it('renders the landing view with its balances, totals formatted as the page formats them', () => {
    const screen = renderFirstScreen(bootstrap(), ['en-US', 'en']);
    expect(screen?.language).toBe('en');
    expect(rows(screen!.html)).toBe(3);
    expect(screen!.html).toContain('<h1 class="view__title" id="balances-title">Balances</h1>');
    // LEO's value, grouped, from the decimal string (264375650.23068979).
    expect(screen!.html).toContain('264,375,650.23');
    expect(screen!.html).toContain('Nexru Finance');
    // Nothing that runs: the page's own scripts take the markup over.
    expect(screen!.html).not.toContain('<script');
  });

  it('speaks the language the settings chose, else the asking browser’s first one the app has', () => {
    expect(renderFirstScreen(bootstrap({ language: 'uk' }), ['en-US'])?.html).toContain('>Баланси<');
    const fromBrowser = renderFirstScreen(bootstrap({ language: 'system' }), ['de-DE', 'uk-UA', 'en']);
    expect(fromBrowser?.language).toBe('uk');
    // Numbers in Ukrainian: a comma for decimals.
    expect(fromBrowser?.html).toMatch(/264\s375\s650,23/);
    expect(renderFirstScreen(bootstrap({ language: 'system' }), ['de-DE'])?.language).toBe('en');
  });

  it('renders nothing when the page opens on another view, or the landing data was not ready', () => {
    expect(renderFirstScreen(bootstrap({ lastView: 'codes' }), ['en'])).toBeNull();
    expect(renderFirstScreen(bootstrap({}, null), ['en'])).toBeNull();
    // An unknown saved view opens on the first one, Balances, as the page decides it.
    expect(rows(renderFirstScreen(bootstrap({ lastView: 'nowhere' }), ['en'])!.html)).toBe(3);
  });

  it('a failed balances read renders the view waiting for it, as the page would before its own ask', () => {
    const screen = renderFirstScreen(bootstrap({}, { overview: { ok: false, error: { kind: 'network', message: 'down' } } }), ['en']);
    expect(rows(screen!.html)).toBe(0);
    expect(screen!.html).toContain('aria-busy="true"');
  });
});
