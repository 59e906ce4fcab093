/**
 * A chunk that fails to load once (a reset connection, the main process restarting) costs a Retry,
 * never the page: the view loads on its Retry, and an optional part that fails leaves the rest of
 * the app on screen. The chunk here is a real dynamic import that fails once before it succeeds.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { i18n } from '../i18n';
import '../test/setup';
import { retryableLazy } from './retryableLazy';
import { ViewErrorBoundary } from './ViewErrorBoundary';

function Loaded() {
  return <h1>Codes</h1>;
}

/** A loader whose first call fails as a failed chunk fetch does, and whose later calls load. */
function failingOnce() {
  let calls = 0;
  return vi.fn(async (): Promise<{ default: ComponentType<object> }> => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module: /assets/CodesView.js');
    return { default: Loaded };
  });
}

function Shell({ View, quiet = false, resetKey = 'codes' }: { View: ComponentType<object>; quiet?: boolean; resetKey?: string }) {
  return (
    <I18nProvider i18n={i18n}>
      <p>Balances stay here</p>
      <ViewErrorBoundary resetKey={resetKey} quiet={quiet}>
        <Suspense fallback={<p>Loading</p>}>
          <View />
        </Suspense>
      </ViewErrorBoundary>
    </I18nProvider>
  );
}

describe('a view whose chunk failed to load', () => {
  it('loads on its Retry', async () => {
    const load = failingOnce();
    const user = userEvent.setup();
    // React logs the caught error; the assertion is on what the person sees.
    const quietConsole = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<Shell View={retryableLazy(load)} />);
      expect(await screen.findByText('This view stopped working.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('heading', { name: 'Codes' })).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      quietConsole.mockRestore();
    }
  });

  it('with React.lazy alone, Retry shows the same error (why retryableLazy exists)', async () => {
    const load = failingOnce();
    const user = userEvent.setup();
    const quietConsole = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<Shell View={lazy(load)} />);
      expect(await screen.findByText('This view stopped working.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('This view stopped working.')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      quietConsole.mockRestore();
    }
  });

  it('a chunk that keeps failing is fetched again only when the person retries', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const user = userEvent.setup();
    const quietConsole = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(<Shell View={retryableLazy(load)} />);
      expect(await screen.findByText('This view stopped working.')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(load).toHaveBeenCalledTimes(1);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('This view stopped working.')).toBeTruthy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      quietConsole.mockRestore();
    }
  });

  it('an optional part that fails shows nothing there and leaves the rest of the app; shown again, it loads', async () => {
    const View = retryableLazy(failingOnce());
    const quietConsole = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { rerender } = render(<Shell View={View} quiet resetKey="help:false" />);
      await vi.waitFor(() => expect(screen.queryByText('Loading')).toBeNull());
      expect(screen.getByText('Balances stay here')).toBeTruthy();
      expect(screen.queryByText('This view stopped working.')).toBeNull();
      expect(screen.queryByRole('heading')).toBeNull();
      rerender(<Shell View={View} quiet resetKey="help:true" />);
      expect(await screen.findByRole('heading', { name: 'Codes' })).toBeTruthy();
    } finally {
      quietConsole.mockRestore();
    }
  });
});
