import { describe, expect, it } from 'vitest';
import type { Bootstrap } from '../../shared/model/startup';
import { browserLanguages, firstScreenPage, jsonForScriptBlock, pageWithFirstScreen } from './firstScreen';

/** The built index.html's shape: the CSP meta, the async startup script in the head, the app's module script, an empty #root. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'" />
    <script type="module" async crossorigin src="./assets/startup-x.js"></script>
    <script type="module" crossorigin src="./assets/index-x.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function boot(overrides: { theme?: 'light' | 'dark' | 'system'; assetName?: string } = {}): Bootstrap {
  return {
    settings: { settings: { theme: overrides.theme ?? 'system', language: 'system', lastView: 'balances' } as never, notice: null },
    accounts: { accounts: [], activeAccountId: 'demo' },
    landing: {
      accountId: 'demo',
      quote: 'USDT',
      overview: { ok: true, data: { rows: [] } as never },
      assets: { ok: true, data: { BTC: { name: overrides.assetName ?? 'Bitcoin' } } as never },
      answeredAt: 1_700_000_000_000,
    },
  };
}

/** The JSON data block's text, as the page's startup script reads it. */
function embedded(page: string): unknown {
  const match = /<script type="application\/json" id="desk-first-screen"[^>]*>([\s\S]*?)<\/script>/.exec(page);
  if (!match) throw new Error('no data block');
  return JSON.parse(match[1]!);
}

describe('browserLanguages (Accept-Language)', () => {
  it('orders by q, then by position, and drops q=0 and malformed entries', () => {
    expect(browserLanguages('en-US,en;q=0.9,uk;q=0.95,de;q=0,*;q=0.1,x y')).toEqual(['en-US', 'uk', 'en']);
    expect(browserLanguages('uk')).toEqual(['uk']);
    expect(browserLanguages('fr;q=2,uk;q=abc')).toEqual([]);
  });

  it('gives nothing for a missing or repeated header', () => {
    expect(browserLanguages(undefined)).toEqual([]);
    expect(browserLanguages(['en', 'uk'])).toEqual([]);
  });
});

describe('jsonForScriptBlock', () => {
  it('leaves no "<" in the block, so no string can close it, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script><!-- x', plain: 'a & b "c"' };
    const text = jsonForScriptBlock(value);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('pageWithFirstScreen', () => {
  it('writes the bootstrap before every script and the inert first screen into #root, with its language', () => {
    const page = pageWithFirstScreen(INDEX, boot(), { html: '<div class="app">rows</div>', language: 'uk' })!;
    expect(page.indexOf('id="desk-first-screen"')).toBeLessThan(page.indexOf('startup-x.js'));
    expect(page.indexOf('Content-Security-Policy')).toBeLessThan(page.indexOf('id="desk-first-screen"'));
    expect(embedded(page)).toEqual(boot());
    expect(page).toContain('<div id="root" data-first-screen inert><div class="app">rows</div></div>');
    expect(page).toContain('<html lang="uk">');
    // The page hydrates in the language the screen was written in.
    expect(page).toContain('id="desk-first-screen" data-language="uk">');
  });

  it('keeps "$&" and other replacement patterns in the data as text', () => {
    const page = pageWithFirstScreen(INDEX, boot({ assetName: "$& $' $`" }), { html: '<p>$&</p>', language: 'en' })!;
    expect((embedded(page) as Bootstrap).landing!.assets).toEqual({ ok: true, data: { BTC: { name: "$& $' $`" } } });
    expect(page).toContain('<div id="root" data-first-screen inert><p>$&</p></div>');
  });

  it('starts in the chosen theme; the OS theme leaves the page as built', () => {
    expect(pageWithFirstScreen(INDEX, boot({ theme: 'dark' }), null)).toContain('<html lang="en" data-theme="dark">');
    expect(pageWithFirstScreen(INDEX, boot({ theme: 'system' }), null)).toContain('<html lang="en">\n');
  });

  it('without a first screen carries the bootstrap alone, and #root stays empty for the page to render', () => {
    const page = pageWithFirstScreen(INDEX, boot(), null)!;
    expect(embedded(page)).toEqual(boot());
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('inert');
    expect(page).not.toContain('data-language');
  });

  it('gives null for a page it does not fit (no empty #root, no script)', () => {
    expect(pageWithFirstScreen('<!doctype html><title>x</title><script src="a.js"></script>', boot(), null)).toBeNull();
    expect(pageWithFirstScreen('<div id="root"></div>', boot(), null)).toBeNull();
  });
});

describe('firstScreenPage', () => {
  const silent = { error: () => undefined };

  it('passes the asking browser’s languages to the render', async () => {
    const seen: string[][] = [];
    const page = await firstScreenPage({
      indexHtml: INDEX,
      bootstrap: async () => boot(),
      render: (_boot, languages) => {
        seen.push([...languages]);
        return { html: '<main>first</main>', language: 'en' };
      },
      acceptLanguage: 'uk-UA,uk;q=0.9,en;q=0.8',
      logger: silent,
    });
    expect(seen).toEqual([['uk-UA', 'uk', 'en']]);
    expect(page).toContain('<main>first</main>');
  });

  it('a render that throws still gives the page its bootstrap, and says so in the log', async () => {
    const logged: string[] = [];
    const page = await firstScreenPage({
      indexHtml: INDEX,
      bootstrap: async () => boot(),
      render: () => {
        throw new Error('render broke');
      },
      acceptLanguage: undefined,
      logger: { error: (message) => logged.push(message) },
    });
    expect(embedded(page!)).toEqual(boot());
    expect(page).toContain('<div id="root"></div>');
    expect(logged).toEqual(['first screen render failed']);
  });

  it('gives null when the bootstrap failed: the page is then served as built', async () => {
    expect(await firstScreenPage({ indexHtml: INDEX, bootstrap: async () => null, render: () => null, acceptLanguage: undefined, logger: silent })).toBeNull();
  });
});
