import { describe, expect, it } from 'vitest';
import documented from './test/withdrawRequestExamples.json';
import {
  checkExtras,
  extrasRequired,
  HistoryRequest,
  historyLookupById,
  recordHasId,
  TravelRule,
  VaspsResponse,
  WithdrawPayRequest,
  type ExtrasRequired,
} from './withdrawRequest';

/** Every documented request body, minus the two fields the client's signer adds (`request`, `nonce`). */
const bodies = Object.entries(documented.examples as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, examples]) =>
  Object.entries(examples).map(([name, body]) => {
    const { request: _request, nonce: _nonce, ...params } = body;
    return { name: `${path} ${name}`, params };
  }),
);

describe('WithdrawPayRequest: every documented withdraw request body passes', () => {
  it('the fixture holds the documented examples', () => {
    expect(bodies.length).toBeGreaterThanOrEqual(11);
  });
  it.each(bodies)('$name', ({ params }) => {
    const parsed = WithdrawPayRequest.safeParse(params);
    expect(parsed.success ? 'ok' : parsed.error.issues).toBe('ok');
  });
  it('only the structured Travel Rule form is what the app builds (the legacy flat form fails verification)', () => {
    const legacy = bodies.filter((b) => b.name.includes('travelRuleLegacy'));
    expect(legacy.length).toBe(2);
    for (const { params } of legacy) expect(TravelRule.safeParse(params.travelRule).success).toBe(false);
    const structured = bodies.filter((b) => /travelRule(Individual|Entity)/.test(b.name));
    expect(structured.length).toBe(3);
    for (const { params } of structured) expect(TravelRule.safeParse(params.travelRule).success).toBe(true);
  });
  it('refuses a field the exchange does not document', () => {
    const parsed = WithdrawPayRequest.safeParse({ ticker: 'BTC', amount: '1', address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh', uniqueId: '24529041', secret: 'x' });
    expect(parsed.success).toBe(false);
  });
});

const NONE: ExtrasRequired = { travelRule: false, beneficiary: false, bankBic: false, customerIp: false };

describe('extrasRequired (docs/exchange-api.md "Withdraw-pay request")', () => {
  it.each([
    { name: 'crypto, EEA account', w: { ticker: 'BTC', fiat: false, provider: null, eea: true }, want: { ...NONE, travelRule: true } },
    { name: 'crypto, not EEA', w: { ticker: 'BTC', fiat: false, provider: null, eea: false }, want: NONE },
    { name: 'EUR via SEPA (EEA does not matter for fiat)', w: { ticker: 'EUR', fiat: true, provider: 'SEPA', eea: true }, want: { ...NONE, beneficiary: true, bankBic: true } },
    { name: 'EUR via SEPA_BCB_GROUP', w: { ticker: 'EUR', fiat: true, provider: 'SEPA_BCB_GROUP', eea: false }, want: { ...NONE, beneficiary: true, bankBic: true } },
    { name: 'EUR via VISAMASTER', w: { ticker: 'EUR', fiat: true, provider: 'VISAMASTER', eea: false }, want: { ...NONE, beneficiary: true, customerIp: true } },
    { name: 'USD via VISAMASTER', w: { ticker: 'USD', fiat: true, provider: 'VISAMASTER', eea: false }, want: { ...NONE, beneficiary: true, customerIp: true } },
    { name: 'UAH via VISAMASTER', w: { ticker: 'UAH', fiat: true, provider: 'VISAMASTER', eea: true }, want: NONE },
    { name: 'UAH via a bank-rail provider (ZEN)', w: { ticker: 'UAH', fiat: true, provider: 'ZEN', eea: false }, want: { ...NONE, bankBic: true } },
  ])('$name', ({ w, want }) => {
    expect(extrasRequired(w)).toEqual(want);
  });
});

const ADDRESS = { country: 'DEU', city: 'Berlin', addressLine1: 'Alexanderplatz 1' };
const INDIVIDUAL = { type: 'individual', firstName: 'John', lastName: 'Doe', residenceCountry: 'DEU', address: ADDRESS };

describe('checkExtras: one schema for form and main process; bad input gets field errors', () => {
  it.each([
    { name: 'Travel Rule required but missing', input: {}, req: { ...NONE, travelRule: true }, fields: { travelRule: ['required_travel_rule'] } },
    { name: 'wallet type missing', input: { travelRule: { beneficiary: INDIVIDUAL } }, req: { ...NONE, travelRule: true }, fields: { 'travelRule.walletType': ['wallet_type'] } },
    { name: 'hosted without VASP', input: { travelRule: { walletType: 'hosted', beneficiary: INDIVIDUAL } }, req: { ...NONE, travelRule: true }, fields: { 'travelRule.vaspData': ['vasp'] } },
    {
      name: 'VASP with both id and name',
      input: { travelRule: { walletType: 'hosted', beneficiary: INDIVIDUAL, vaspData: { vaspId: 'vasp-001', vaspName: 'X' } } },
      req: { ...NONE, travelRule: true },
      fields: { 'travelRule.vaspData': ['vasp'] },
    },
    {
      name: 'individual without names',
      input: { travelRule: { walletType: 'unhosted', beneficiary: { ...INDIVIDUAL, firstName: '', lastName: '  ' } } },
      req: { ...NONE, travelRule: true },
      fields: { 'travelRule.beneficiary.firstName': ['required'], 'travelRule.beneficiary.lastName': ['required'] },
    },
    {
      name: 'beneficiary type missing',
      input: { travelRule: { walletType: 'unhosted', beneficiary: { residenceCountry: 'DEU', address: ADDRESS } } },
      req: { ...NONE, travelRule: true },
      fields: { 'travelRule.beneficiary.type': ['beneficiary_type'] },
    },
    {
      name: 'alpha-2 countries',
      input: { travelRule: { walletType: 'unhosted', beneficiary: { ...INDIVIDUAL, residenceCountry: 'DE', address: { ...ADDRESS, country: 'D3U' } } } },
      req: { ...NONE, travelRule: true },
      fields: { 'travelRule.beneficiary.residenceCountry': ['country_code'], 'travelRule.beneficiary.address.country': ['country_code'] },
    },
    { name: 'SEPA without BIC and beneficiary', input: {}, req: { ...NONE, beneficiary: true, bankBic: true }, fields: { beneficiary: ['required_payout'], bankBic: ['required_bank'] } },
    { name: 'a malformed BIC', input: { bankBic: 'DEUT-DEFF' }, req: { ...NONE, bankBic: true }, fields: { bankBic: ['bic'] } },
    { name: 'a malformed IP', input: { customerIp: '256.1.1.1' }, req: { ...NONE, customerIp: true }, fields: { customerIp: ['ip_address'] } },
    { name: 'an extra that is not required', input: { customerIp: '203.0.113.42' }, req: NONE, fields: { customerIp: ['not_used'] } },
    { name: 'an unknown field', input: { beneficiary: { firstName: 'A', lastName: 'B', iban: 'x' } }, req: { ...NONE, beneficiary: true }, fields: { 'beneficiary.iban': ['not_accepted'] } },
  ] as Array<{ name: string; input: unknown; req: ExtrasRequired; fields: Record<string, string[]> }>)('$name', ({ input, req, fields }) => {
    const result = checkExtras(input, req);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    for (const [field, patterns] of Object.entries(fields)) {
      expect(result.fields[field], field).toBeDefined();
      // The problem codes the renderer words (renderer/features/withdrawals/extraWords.ts).
      expect(result.fields[field]).toEqual(patterns);
    }
  });

  it.each([
    { name: 'hosted with a listed VASP', travelRule: { walletType: 'hosted', beneficiary: INDIVIDUAL, vaspData: { vaspId: 'vasp-001' } } },
    { name: 'hosted with a typed VASP name, entity, post code', travelRule: { walletType: 'hosted', beneficiary: { type: 'entity', fullName: 'Acme Trading Ltd', residenceCountry: 'gbr', address: { country: 'GBR', city: 'London', postCode: 'EC2A 4BX', addressLine1: '123 Finsbury Square' } }, vaspData: { vaspName: 'Famous Vasp Inc' } } },
    { name: 'unhosted', travelRule: { walletType: 'unhosted', beneficiary: INDIVIDUAL } },
  ])('accepts $name', ({ travelRule }) => {
    const result = checkExtras({ travelRule }, { ...NONE, travelRule: true });
    expect(result.ok).toBe(true);
  });

  it('normalises what people type: trimmed names, upper-case country and BIC', () => {
    const result = checkExtras(
      { travelRule: { walletType: 'unhosted', beneficiary: { ...INDIVIDUAL, firstName: ' John ', residenceCountry: 'deu' } }, beneficiary: { firstName: 'Jane', lastName: "O'Neil-Smith" }, bankBic: ' deutdeff500 ' },
      { ...NONE, travelRule: true, beneficiary: true, bankBic: true },
    );
    expect(result.ok && result.extras).toEqual({
      travelRule: { walletType: 'unhosted', beneficiary: { ...INDIVIDUAL, firstName: 'John', residenceCountry: 'DEU' } },
      beneficiary: { firstName: 'Jane', lastName: "O'Neil-Smith" },
      bankBic: 'DEUTDEFF500',
    });
  });
});

describe('history lookups by unique id (docs/exchange-api.md: both spellings)', () => {
  it('sends both spellings with the same value, and the request schema accepts it', () => {
    const lookup = historyLookupById('0b7c2a8e-5f7e-4f7e-9a51-0d7c3c1f9e21');
    expect(lookup).toMatchObject({ uniqueId: '0b7c2a8e-5f7e-4f7e-9a51-0d7c3c1f9e21', unique_id: '0b7c2a8e-5f7e-4f7e-9a51-0d7c3c1f9e21' });
    expect(HistoryRequest.safeParse(lookup).success).toBe(true);
  });
  it.each([
    { name: 'the two spellings disagree', req: { transactionMethod: 2, uniqueId: 'a', unique_id: 'b', limit: 10, offset: 0 }, path: 'unique_id' },
    { name: 'limit above 500', req: { limit: 501, offset: 0 }, path: 'limit' },
    { name: 'offset + limit above 10000', req: { limit: 500, offset: 9600 }, path: 'offset' },
  ])('refuses: $name', ({ req, path }) => {
    const parsed = HistoryRequest.safeParse(req);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
  it('matches a record by either spelling', () => {
    expect(recordHasId({ uniqueId: 'x1' }, 'x1')).toBe(true);
    expect(recordHasId({ uniqueId: null, unique_id: 'x1' }, 'x1')).toBe(true);
    expect(recordHasId({ unique_id: 'x2' }, 'x1')).toBe(false);
  });
});

describe('VaspsResponse', () => {
  it('one unreadable VASP never hides the others', () => {
    const parsed = VaspsResponse.parse({ data: { vasps: [{ vaspId: 'vasp-001', name: 'Famous Vasp Inc' }, { name: 'no id' }, { vaspId: 7, name: 'Numeric id' }] } });
    expect(parsed.data.vasps.items).toEqual([
      { vaspId: 'vasp-001', name: 'Famous Vasp Inc' },
      { vaspId: '7', name: 'Numeric id' },
    ]);
    expect(parsed.data.vasps.unreadable).toHaveLength(1);
  });
});
