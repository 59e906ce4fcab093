/** Chromium from the OS (Playwright's own browsers are never downloaded), with these flags. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Launch options for specs that measure layout: scrollbars shown, as a real window shows them and
 * takes their room (Playwright hides them by default).
 */
export const SCROLLBARS_SHOWN = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: ['--hide-scrollbars'] };

/** What every test's window starts as (the config's `use`, and the window the fixtures reuse). */
export const WINDOW_VIEWPORT = { width: 1280, height: 800 };
/** The app formats numbers and times in the browser's locale; the specs assert en-US text. */
export const WINDOW_LOCALE = 'en-US';
