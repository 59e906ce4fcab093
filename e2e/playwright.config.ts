import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_ENV, CHROMIUM_PATH, WINDOW_LOCALE, WINDOW_TIMEZONE, WINDOW_VIEWPORT } from './chromium';
import type { AppMode } from './fixtures';

/** Kept here too for scripts that import the flags from the config. */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export default defineConfig<{ appMode: AppMode }>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  // Each test spawns its own app process: two at a time is what a 2-core machine carries.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    viewport: WINDOW_VIEWPORT,
    locale: WINDOW_LOCALE,
    timezoneId: WINDOW_TIMEZONE,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, env: CHROMIUM_ENV },
  },
  projects: [
    { name: 'browser', use: { appMode: 'browser' } },
    // Same specs through Playwright's _electron; skipped (with the reason printed) without a binary.
    { name: 'electron', use: { appMode: 'electron' } },
  ],
});
