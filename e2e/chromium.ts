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
 * Chromium's environment: the runner's, less libfaketime. On a faked clock (`.ci/odd-clocks`) the
 * runner and the app run under libfaketime, which Chromium does not survive; the page gets the same
 * clock from a page script instead (`pageClockScript`).
 */
export const CHROMIUM_ENV = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !['LD_PRELOAD', 'FAKETIME'].includes(entry[0])),
);

/** The page's time zone: the runner's `TZ` where one is set (the odd-clock runs set it), else the system's. */
export const WINDOW_TIMEZONE = process.env.TZ || undefined;

/**
 * On a faked clock (`.ci/odd-clocks` sets libfaketime's FAKETIME to an offset in whole seconds), a
 * script for each page that moves its Date by the same offset, so the page, the app and the runner
 * agree on the time; null on the real clock. Timers and performance.now() keep their real pace.
 * (Playwright's own clock control dates its install by the runner's Date.now(), which is the faked
 * one here, and then moves the page's timers and performance.now() by the offset too.)
 */
export function pageClockScript(): string | null {
  const offset = /^[+-]\d+$/.exec(process.env.FAKETIME ?? '');
  if (!offset) return null;
  return `(() => {
    const offsetMs = ${Number(offset[0]) * 1000};
    const RealDate = Date;
    class ShiftedDate extends RealDate {
      constructor(...args) { if (args.length === 0) super(RealDate.now() + offsetMs); else super(...args); }
      static now() { return RealDate.now() + offsetMs; }
    }
    globalThis.Date = ShiftedDate;
  })();`;
}

/**
 * Launch options for specs that measure layout: scrollbars shown, as a real window shows them and
 * takes their room (Playwright hides them by default).
 */
export const SCROLLBARS_SHOWN = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, env: CHROMIUM_ENV, ignoreDefaultArgs: ['--hide-scrollbars'] };

/** What every test's window starts as (the config's `use`, and the window the fixtures reuse). */
export const WINDOW_VIEWPORT = { width: 1280, height: 800 };
/** The app formats numbers and times in the browser's locale; the specs assert en-US text. */
export const WINDOW_LOCALE = 'en-US';
