/**
 * Runs before every renderer test file (a setup file). Files share one worker's module cache and
 * DOM (the renderer project does not isolate them), so everything a test can leave behind is put
 * back here after each test rather than in a module a test file imports (that runs only once per worker).
 */
import { afterEach, vi } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { activateLanguage } from '../i18n';
import { resetUi } from '../state/ui';
import { resetRouting } from '../shell/route';
import { useDismissedNotices, useToasts } from '../shell/toasts/toasts';

// Views format numbers and times in the person's locale (navigator.languages); the assertions are
// written in en-US, so the tests pin it rather than depend on the machine's.
Object.defineProperty(navigator, 'languages', { value: ['en-US'], configurable: true });

// Lazy view chunks are transformed on first use; on a busy 2-core machine that can take seconds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  // Unmounted inside act, so the effects' cleanups have run, and what they tell main (a connection
  // watch ended) reaches this test's bridge, before the next test installs its own.
  await act(async () => {
    cleanup();
  });
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (globalThis as { exchange?: unknown }).exchange;
  resetUi();
  resetRouting();
  window.history.replaceState(null, '', '/');
  useToasts.setState({ toasts: [] });
  useDismissedNotices.setState({ dismissed: [] });
  sessionStorage.clear();
  // A test that chose another language may leave its catalog still loading: without this the next
  // test could render in that language (seen as a flaky "Dismiss" button that said "Закрити").
  await activateLanguage('en');
  localStorage.clear();
});
