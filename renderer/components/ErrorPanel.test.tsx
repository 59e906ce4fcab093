import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_KINDS, ERROR_REASONS, type AppError } from '../../shared/errors';
import { useUi } from '../state/ui';
import '../test/setup';
import { isWithdrawalFieldReason } from '../api/errorWords';
import { ErrorPanel } from './ErrorPanel';

const panel = (error: AppError, onRetry?: () => void) => {
  render(<ErrorPanel error={error} onRetry={onRetry} />);
  return screen.getByRole('alert');
};

describe('ErrorPanel', () => {
  it('explains each kind in its own words', () => {
    const titles = new Set<string>();
    for (const kind of ERROR_KINDS) {
      const { unmount } = render(<ErrorPanel error={{ kind, message: 'm' }} />);
      titles.add(screen.getByRole('alert').querySelector('.error-panel__title')!.textContent!);
      unmount();
    }
    expect(titles.size).toBe(ERROR_KINDS.length);
  });

  it('auth: links to Accounts to fix the key', async () => {
    const el = panel({ kind: 'auth', message: 'The exchange did not accept the API key.', exchangeSaid: 'Unauthorized request.' });
    await userEvent.click(screen.getByRole('button', { name: 'Fix the key in Accounts' }));
    expect(useUi.getState().view).toBe('accounts');
    // The exchange's words, labelled as such; the main process's own message (for the log) is not shown.
    expect(el.textContent).toContain('The exchange said: “Unauthorized request.”');
    expect(el.textContent).not.toContain('did not accept the API key');
  });

  it('auth on Accounts: no way "to Accounts" is offered where the person already is', () => {
    useUi.getState().setView('accounts');
    const el = panel({ kind: 'auth', reason: 'key_disabled', message: 'This action is unauthorized.' });
    expect(screen.queryByRole('button', { name: 'Fix the key in Accounts' })).toBeNull();
    expect(el.textContent).toContain('The exchange does not accept this API key');
    useUi.getState().setView('balances');
  });

  it('a refused connection names its address and does not blame the internet', () => {
    const el = panel({ kind: 'network', reason: 'connection_refused', values: { address: 'http://127.0.0.1:9' }, message: 'm' });
    expect(el.querySelector('.error-panel__title')!.textContent).toBe('Connection refused at http://127.0.0.1:9');
    expect(el.textContent).not.toContain('Offline');
    expect(el.textContent).toContain('your internet connection is not the cause');
  });

  it('keychain: asks to re-enter the secret', () => {
    panel({ kind: 'keychain', message: 'Keychain locked' });
    expect(screen.getByRole('button', { name: 'Re-enter the secret in Accounts' })).toBeTruthy();
  });

  it('network: reads as an offline banner', () => {
    expect(panel({ kind: 'network', message: 'fetch failed' }).textContent).toContain('Offline');
  });

  it('rate_limited: says when a retry is possible and holds the button until then', () => {
    const onRetry = vi.fn();
    panel({ kind: 'rate_limited', message: 'Too many requests.', retryAfterMs: 5_000 }, onRetry);
    expect(screen.getByRole('button', { name: /Retry in [45] s/ })).toHaveProperty('disabled', true);
    expect(screen.getByText(/You can retry in [45] s/)).toBeTruthy();
  });

  it('lists field errors and calls onRetry', async () => {
    const onRetry = vi.fn();
    panel({ kind: 'validation', message: 'Validation failed', fields: { amount: ['must be greater than zero'] } }, onRetry);
    expect(screen.getByText(/must be greater than zero/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows exchange text as text', () => {
    const el = panel({ kind: 'server', message: 'm', exchangeSaid: '<img src=x onerror=alert(1)>' });
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror=alert(1)>');
  });
});

describe('ErrorPanel words by reason (wording in one place in the renderer)', () => {
  it('gives every reason its own title, different from its kind\u2019s generic one', () => {
    const titles = new Set<string>();
    for (const reason of ERROR_REASONS) {
      const { unmount } = render(<ErrorPanel error={{ kind: 'validation', reason, message: 'm' }} />);
      titles.add(screen.getByRole('alert').querySelector('.error-panel__title')!.textContent!);
      unmount();
    }
    // The withdrawal field refusals share one headline: the Withdraw form words each under its field.
    const fieldReasons = ERROR_REASONS.filter(isWithdrawalFieldReason);
    expect(fieldReasons.length).toBeGreaterThan(10);
    expect(titles.size).toBe(ERROR_REASONS.length - fieldReasons.length + 1);
    expect(titles.has('The request was not accepted')).toBe(false);
  });

  it('a forbidden endpoint names both possible causes; 2FA off says to turn it on', () => {
    const forbidden = panel({ kind: 'permission', reason: 'endpoint_forbidden', status: 403, message: 'm' });
    expect(forbidden.textContent).toMatch(/B2B/);
    expect(forbidden.textContent).toMatch(/endpoint restrictions/);
    cleanup();
    expect(panel({ kind: 'validation', reason: 'two_factor_off', status: 412, message: 'm' }).textContent).toMatch(/Turn on two-factor/);
  });

  it('a deadline shows the real figure from its values', () => {
    const el = panel({ kind: 'timeout', reason: 'deadline', values: { seconds: 45 }, message: 'deadline' });
    expect(el.textContent).toContain('No answer from the exchange within 45 s');
  });
});
