/**
 * Every failure code the main process may send is worded by the page in both catalogs: the panel's
 * headline and advice, and (for field refusals) the sentence of the view that owns the field. A
 * code or values this page cannot read fall back to generic words, never to the code itself.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { AppError } from '../../shared/errors';
import { EXTRA_FIELD_PROBLEMS, FAILURE_REASONS, readFailure, type FailureReason, type FailureValues } from '../../shared/failures';
import { ErrorPanel } from '../components/ErrorPanel';
import { accountRefusalWords } from '../features/accounts/refusalWords';
import { extraFieldText } from '../features/withdrawals/formExtras';
import { withdrawalRefusalWords } from '../features/withdrawals/refusalWords';
import { mapServerError } from '../features/withdrawals/serverErrors';
import { activateLanguage } from '../i18n';
import '../test/setup';
import { isWithdrawalFieldReason } from './errorWords';

/** Values for each code as the main process sends them; the type makes a new code need its sample. */
const SAMPLES: { [R in FailureReason]: FailureValues<R> } = {
  nonce_window: {},
  two_factor_off: {},
  withdraw_throttled: {},
  duplicate_id: {},
  invalid_payload: {},
  bad_signature: {},
  key_disabled: {},
  key_lacks_permission: {},
  endpoint_forbidden: {},
  region_unavailable: {},
  plan_paused: {},
  deadline: { seconds: 45 },
  cancelled: {},
  rate_limited: {},
  account_not_confirmed: {},
  not_depositable: {},
  database_unavailable: {},
  connection_refused: { address: '127.0.0.1:9' },
  not_an_exchange: { address: 'https://example.com' },
  transport: { cause: 'tls' },
  response_too_large: { megabytes: 64 },
  twin_open: { twinId: 'a1b2c3d4e5f6', twinState: 'unknown', amount: '0.5', ticker: 'BTC', sentAt: 1_700_000_000_000, newAllowedAt: null },
  debit_changed: { ticker: 'BTC', confirmedTotal: '0.5004', total: '0.5006' },
  draft_expired: { quotedAt: 1_700_000_000_000 },
  new_destination_unconfirmed: {},
  destination_unreadable: { field: 'address', problem: 'zero_width', codePoint: 'U+200B' },
  withdrawal_state: { state: 'sent' },
  discard_too_early: { sentAt: 1_700_000_000_000, discardableAt: 1_700_000_600_000 },
  withdrawal_unknown: {},
  service_closed: {},
  asset_unknown: { field: 'ticker', ticker: 'ZZZ' },
  asset_not_withdrawable: { field: 'ticker', ticker: 'BTC' },
  asset_website_only: { field: 'ticker', ticker: 'BTC' },
  network_not_used: { field: 'network', ticker: 'EUR' },
  network_none_open: { field: 'ticker', ticker: 'USDT' },
  network_not_chosen: { field: 'network', ticker: 'USDT', choices: 'ERC20, TRC20' },
  network_not_offered: { field: 'network', ticker: 'USDT', network: 'SOL', choices: 'ERC20, TRC20' },
  provider_not_used: { field: 'provider', ticker: 'BTC' },
  provider_none_open: { field: 'ticker', ticker: 'EUR' },
  provider_not_chosen: { field: 'provider', ticker: 'EUR', choices: 'SEPA, VISAMASTER' },
  provider_not_offered: { field: 'provider', ticker: 'EUR', provider: 'MONOBANK', choices: 'SEPA, VISAMASTER' },
  provider_not_withdrawable: { field: 'provider', ticker: 'EUR', provider: 'SEPA' },
  provider_website_only: { field: 'provider', ticker: 'EUR', provider: 'SEPA' },
  address_invalid: { field: 'address', network: 'TRC20', problem: 'bad_checksum', family: 'Tron', lookalikeName: null, lookalikeNetworks: null },
  memo_required: { field: 'memo', ticker: 'XRP' },
  memo_not_used: { field: 'memo', ticker: 'BTC' },
  extra_field: { field: 'travelRule.beneficiary.address.city', problem: 'required' },
  amount_not_a_number: { field: 'amount' },
  amount_not_positive: { field: 'amount' },
  amount_too_precise: { field: 'amount', ticker: 'BTC', precision: 8, fallback: null },
  amount_below_min: { field: 'amount', ticker: 'BTC', min: '0.001' },
  amount_above_max: { field: 'amount', ticker: 'BTC', max: '100' },
  balance_short: { field: 'amount', ticker: 'BTC', needed: '1.0004', available: '1', fee: '0.0004' },
  fee_unknown_unaccepted: { field: 'acceptUnknownFee', ticker: 'EUR', cause: 'provider_unlisted', provider: 'VISAMASTER' },
  no_api_key: {},
  account_unknown: {},
  session_ended: {},
  account_has_open_withdrawal: { uniqueId: 'a1b2c3d4-e5f6', state: 'unknown', amount: '50', ticker: 'USDT', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
  recent_twin_unconfirmed: { twinId: 'a1b2c3d4e5f6', amount: '0.5', ticker: 'BTC', sentAt: 1_700_000_000_000 },
  key_in_use: { holder: 'Main' },
  secret_missing: { account: 'Main' },
  keychain_unreachable: { platform: 'linux' },
  settings_unsaved: { folder: '/home/me/.config/WhiteBIT Desk' },
  demo_fixed: { field: 'name' },
  base_url_custom_only: { field: 'baseUrl' },
  base_url_required: { field: 'baseUrl' },
  history_unavailable: {},
  app_closing: {},
  request_invalid: {},
};

const ACCOUNT_FIELD_REASONS: readonly FailureReason[] = ['key_in_use', 'demo_fixed', 'base_url_custom_only', 'base_url_required'];
const CYRILLIC = /[\u0400-\u04ff]/;

/** A code shown raw: one with an underscore anywhere, or a one-word code standing alone as the whole text. */
const showsCode = (text: string, code: string) => (code.includes('_') ? text.includes(code) : text.trim() === code);

function errorOf(reason: FailureReason): AppError {
  const values = SAMPLES[reason] as Record<string, string | number | null>;
  const field = typeof values.field === 'string' ? values.field : undefined;
  return { kind: 'validation', reason, values, message: reason, ...(field ? { fields: { [field]: [reason] } } : {}) };
}

function panelText(error: AppError): string {
  render(<ErrorPanel error={error} />);
  const text = screen.getByRole('alert').textContent ?? '';
  cleanup();
  return text;
}

/** The sentence of the view that owns the code, where one words it in full. */
function viewWords(error: AppError): string | null {
  return withdrawalRefusalWords(error) ?? accountRefusalWords(error);
}

function wordsIn(): Map<FailureReason, { panel: string; view: string | null }> {
  return new Map(FAILURE_REASONS.map((reason) => [reason, { panel: panelText(errorOf(reason)), view: viewWords(errorOf(reason)) }]));
}

afterAll(async () => {
  await activateLanguage('en');
});

describe('failure codes are worded in both catalogs', () => {
  it('every sample is what its code’s schema accepts', () => {
    for (const reason of FAILURE_REASONS) expect(readFailure(errorOf(reason)), reason).not.toBeNull();
  });

  it('every code has words in English and in Ukrainian, never the code itself', async () => {
    await activateLanguage('en');
    const english = wordsIn();
    await activateLanguage('uk');
    const ukrainian = wordsIn();
    for (const reason of FAILURE_REASONS) {
      const en = english.get(reason)!;
      const uk = ukrainian.get(reason)!;
      for (const text of [en.panel, uk.panel]) {
        expect(text.length, reason).toBeGreaterThan(10);
        expect(showsCode(text, reason), reason).toBe(false);
      }
      expect(uk.panel, reason).not.toContain(reason);
      expect(uk.panel, reason).toMatch(CYRILLIC);
      expect(uk.panel, reason).not.toBe(en.panel);
      // Field refusals: the owning view words them in full, in both languages.
      const hasView = isWithdrawalFieldReason(reason) || ACCOUNT_FIELD_REASONS.includes(reason);
      if (hasView) {
        expect(en.view, reason).toBeTruthy();
        expect(uk.view, reason).toMatch(CYRILLIC);
        expect(uk.view, reason).not.toBe(en.view);
        expect(showsCode(`${en.view}`, reason), reason).toBe(false);
        expect(uk.view, reason).not.toContain(reason);
      }
    }
  });

  it('the figures go in as values, formatted for the language', async () => {
    await activateLanguage('uk');
    expect(withdrawalRefusalWords(errorOf('amount_below_min'))).toBe('Мінімальне виведення — 0,001 BTC.');
    expect(withdrawalRefusalWords(errorOf('balance_short'))).toBe('Недостатньо BTC: потрібно 1,0004 (сума + комісія), доступно 1.');
    await activateLanguage('en');
    expect(withdrawalRefusalWords(errorOf('amount_below_min'))).toBe('The minimum withdrawal is 0.001 BTC.');
  });

  it('every Travel Rule and payout field problem has words in both catalogs', async () => {
    for (const problem of EXTRA_FIELD_PROBLEMS) {
      await activateLanguage('en');
      const en = extraFieldText('travelRule.beneficiary.address.city', problem);
      await activateLanguage('uk');
      const uk = extraFieldText('travelRule.beneficiary.address.city', problem);
      expect(en, problem).toMatch(/^City /);
      expect(uk, problem).toMatch(/^Місто: /);
      expect(uk.slice('Місто: '.length), problem).toMatch(CYRILLIC);
      expect(showsCode(en, problem), problem).toBe(false);
      expect(uk, problem).not.toContain(problem);
    }
  });
});

describe('a code or values this page cannot read', () => {
  const newer: AppError = { kind: 'validation', reason: 'brand_new_refusal' as FailureReason, values: { field: 'amount' }, message: 'brand_new_refusal', fields: { amount: ['brand_new_refusal'] } };

  it('gets its kind’s generic words in the panel and on the form, never the code', async () => {
    await activateLanguage('uk');
    const text = panelText(newer);
    expect(text).toMatch(/Запит не прийнято/);
    expect(text).not.toContain('brand_new_refusal');
    const mapped = mapServerError(newer);
    expect(mapped.fields.amount).toBe('Це значення не прийнято.');
    await activateLanguage('en');
  });

  it('values its schema refuses are not worded with blanks: generic words instead', async () => {
    await activateLanguage('en');
    const broken: AppError = { kind: 'validation', reason: 'amount_below_min', values: { field: 'amount', ticker: 'BTC' }, message: 'amount_below_min', fields: { amount: ['amount_below_min'] } };
    expect(withdrawalRefusalWords(broken)).toBeNull();
    expect(mapServerError(broken).fields.amount).toBe('This value was not accepted.');
    const general = mapServerError({ kind: 'server', reason: 'brand_new_refusal' as FailureReason, message: 'x', exchangeSaid: 'Maintenance' });
    expect(general.general).toBe('The exchange had a problem. This is usually temporary. Try again in a moment. The exchange said: “Maintenance”');
  });
});

describe('the local server’s own 401 (browser mode, session cookie missing)', () => {
  const refused: AppError = { kind: 'internal', reason: 'session_ended', status: 401, message: 'session_ended' };

  it('says the window’s session ended, in both languages, and never sends the person to replace the key', async () => {
    await activateLanguage('en');
    expect(panelText(refused)).toContain('This window’s session ended; open the app again');
    expect(panelText(refused)).not.toMatch(/API key.*refused|Fix the key/);
    expect(mapServerError(refused).general).toBe('This window’s session ended; open the app again. Nothing was sent.');
    await activateLanguage('uk');
    expect(panelText(refused)).toContain('Сеанс цього вікна завершився; відкрийте застосунок знову');
    await activateLanguage('en');
  });
});
