/**
 * What a withdrawal sends, as the exchange documents it (docs/exchange-api.md "Withdraw-pay request", and
 * `withdrawRequestExamples` in exchange-docs/documented-examples.json), plus which of the optional
 * objects a given withdrawal needs. The form (renderer) and the main process validate with these
 * SAME schemas, so a field the form accepts is a field the main process accepts.
 *
 * The extras' messages are problem codes (EXTRA_FIELD_PROBLEMS in shared/failures.ts) that the page
 * words after the field's label; the wire request's own messages are for the logs.
 */
import { z } from 'zod';
import { checkDestinationText } from '../addresses/destinationText';
import { extraFieldProblem, type ExtraFieldProblem } from '../failures';
import { isLooseDecimalString } from '../money/decimal';
import { Ticker } from './schemas';
import { tolerantArray } from './tolerant';

// ---------- building blocks ----------

export const PositiveAmount = z
  .string()
  .refine(isLooseDecimalString, { message: 'must be a plain decimal number such as 0.5' })
  .refine((v) => !v.startsWith('-') && /[1-9]/.test(v), { message: 'must be greater than zero' });

/** Our ids are UUIDs; the exchange takes any string up to 255 characters. */
export const WITHDRAW_UNIQUE_ID = /^[A-Za-z0-9_-]{8,64}$/;
const WithdrawUniqueId = z.string().regex(WITHDRAW_UNIQUE_ID, 'must be 8-64 letters, digits, dash or underscore');

/** Names and places in any script, but never characters that hide or reorder text (shared/addresses/destinationText.ts). */
const required = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'required')
    .max(max, 'too_long')
    .refine((v) => checkDestinationText(v, 'name') === null, 'invisible_character');

/** ISO 3166-1 alpha-3, as the Travel Rule object documents it (DEU, GBR, NLD). */
const CountryAlpha3 = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'country_code')
  .transform((v) => v.toUpperCase());

// ---------- Travel Rule (structured form; the only one we send) ----------

const TravelRuleAddress = z
  .object({
    country: CountryAlpha3,
    city: required(100),
    addressLine1: required(200),
    postCode: z.string().trim().min(1, 'required').max(20, 'too_long').optional(),
  })
  .strict();

const IndividualBeneficiary = z
  .object({ type: z.literal('individual'), firstName: required(100), lastName: required(100), residenceCountry: CountryAlpha3, address: TravelRuleAddress })
  .strict();
const EntityBeneficiary = z.object({ type: z.literal('entity'), fullName: required(200), residenceCountry: CountryAlpha3, address: TravelRuleAddress }).strict();
const TravelRuleBeneficiary = z.discriminatedUnion('type', [IndividualBeneficiary, EntityBeneficiary], {
  error: 'beneficiary_type',
});

/** `vaspId` for a VASP from POST /travel-rule/vasps, `vaspName` for one that is not listed. */
const VaspData = z.union([z.object({ vaspId: required(128) }).strict(), z.object({ vaspName: required(200) }).strict()], {
  error: 'vasp',
});

export const TravelRule = z.discriminatedUnion(
  'walletType',
  [
    z.object({ walletType: z.literal('hosted'), beneficiary: TravelRuleBeneficiary, vaspData: VaspData }).strict(),
    z.object({ walletType: z.literal('unhosted'), beneficiary: TravelRuleBeneficiary }).strict(),
  ],
  { error: 'wallet_type' },
);
export type TravelRule = z.output<typeof TravelRule>;
export type TravelRuleInput = z.input<typeof TravelRule>;

/**
 * The documented legacy flat form. The exchange still accepts it, but it does not pass Travel Rule
 * verification, so the app never builds it; the wire schema accepts it only because it is a
 * documented request body.
 */
const LegacyTravelRule = z.object({ type: z.enum(['individual', 'entity']), vasp: z.string().max(200), name: z.string().max(200), address: z.string().max(500) }).strict();

// ---------- fiat extras ----------

/** Documented: max 40 symbols, latin letters and special characters. "Special characters" is read as space . , ' - */
const LatinName = required(40).regex(/^[\p{Script=Latin}][\p{Script=Latin} .,'-]*$/u, 'latin_letters');

/** What the form collects and the main process accepts: the fields required for USD/EUR payouts. */
export const Beneficiary = z.object({ firstName: LatinName, lastName: LatinName }).strict();
export type Beneficiary = z.output<typeof Beneficiary>;

/** On the wire the documented optional contact fields are accepted too (documented example `fiatVisamaster`). */
const WireBeneficiary = Beneficiary.extend({
  phone: z.string().max(32).optional(),
  email: z.string().max(254).optional(),
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date').optional(),
}).strict();

/** BIC (SWIFT): 4 bank letters, 2 country letters, 2 location characters, optional 3-character branch. */
export const BankBic = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'bic'));

export const CustomerIp = z
  .string()
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6()], { error: 'ip_address' }));

// ---------- the withdraw-pay request (what the client signs and sends) ----------

export const WithdrawPayRequest = z
  .object({
    ticker: Ticker,
    amount: PositiveAmount,
    address: z.string().trim().min(1, 'is required').max(512),
    uniqueId: WithdrawUniqueId,
    memo: z.string().max(256).optional(),
    network: z.string().min(1).max(64).optional(),
    provider: z.string().min(1).max(64).optional(),
    travelRule: z.union([TravelRule, LegacyTravelRule]).optional(),
    beneficiary: WireBeneficiary.optional(),
    bankBic: BankBic.optional(),
    customerIp: CustomerIp.optional(),
    paymentDescription: z.string().max(255).optional(),
    /** Documented for fiat with a raised maximum; the app handles status 18 but does not ask for it. */
    partialEnable: z.boolean().optional(),
  })
  .strict();

// ---------- history (lookups by unique id) ----------

const HISTORY_REQUEST_LIMIT = { min: 1, max: 500, default: 50 } as const;
const HISTORY_REQUEST_OFFSET = { min: 0, max: 10_000, default: 0 } as const;
const intIn = (min: number, max: number) => z.number().int().min(min).max(max);

/**
 * docs/exchange-api.md: filter by unique id sending BOTH `uniqueId` and `unique_id` with the same value
 * (the sources disagree on the name); records are matched client-side too.
 */
export const HistoryRequest = z
  .object({
    transactionMethod: z.union([z.literal(1), z.literal(2)]).optional(),
    ticker: Ticker.optional(),
    address: z.string().min(1).max(512).optional(),
    uniqueId: z.string().min(1).max(255).optional(),
    unique_id: z.string().min(1).max(255).optional(),
    status: z.array(z.number().int().min(0).max(100)).max(30).optional(),
    limit: intIn(HISTORY_REQUEST_LIMIT.min, HISTORY_REQUEST_LIMIT.max).default(HISTORY_REQUEST_LIMIT.default),
    offset: intIn(HISTORY_REQUEST_OFFSET.min, HISTORY_REQUEST_OFFSET.max).default(HISTORY_REQUEST_OFFSET.default),
  })
  .strict()
  .refine((r) => r.uniqueId === undefined || r.unique_id === undefined || r.uniqueId === r.unique_id, { message: 'must equal uniqueId', path: ['unique_id'] })
  .refine((r) => r.offset + r.limit <= HISTORY_REQUEST_OFFSET.max, { message: `offset + limit must be at most ${HISTORY_REQUEST_OFFSET.max}`, path: ['offset'] });

/** One history lookup by id, in both spellings. */
export function historyLookupById(uniqueId: string) {
  return { transactionMethod: 2 as const, uniqueId, unique_id: uniqueId, limit: 100, offset: 0 };
}

/** Matches a history record to our id by either spelling (the schema folds both into `uniqueId`). */
export function recordHasId(record: { uniqueId?: string | null; unique_id?: string | null }, uniqueId: string): boolean {
  return record.uniqueId === uniqueId || record.unique_id === uniqueId;
}

// ---------- Travel Rule VASP list (POST /travel-rule/vasps) ----------

export const Vasp = z.object({ vaspId: z.union([z.string().min(1).max(128), z.number().int().transform(String)]), name: z.string().min(1).max(200) });
export type Vasp = z.output<typeof Vasp>;
/** `{data:{vasps:[{vaspId, name}]}}`; one unreadable VASP never hides the others. */
export const VaspsResponse = z.object({ data: z.object({ vasps: tolerantArray(Vasp, ['vaspId', 'name']) }) });

// ---------- which extras a withdrawal needs ----------

/** Documented: bankBic is required for these fiat providers. */
const BANK_BIC_PROVIDERS: readonly string[] = ['SEPA', 'SEPA_CLEAR_JUNCTION', 'SEPA_BCB_GROUP', 'FINCI', 'ZEN', 'BANKING_CIRCLE'];
/** Documented: beneficiary is required for these tickers. */
const BENEFICIARY_TICKERS: readonly string[] = ['USD', 'EUR', 'USD_VISAMASTER', 'EUR_VISAMASTER'];

export interface ExtrasRequired {
  travelRule: boolean;
  beneficiary: boolean;
  bankBic: boolean;
  customerIp: boolean;
}
export type ExtraName = keyof ExtrasRequired;
const EXTRA_NAMES: readonly ExtraName[] = ['travelRule', 'beneficiary', 'bankBic', 'customerIp'];

/** docs/exchange-api.md: travelRule for crypto from EEA accounts; beneficiary for USD/EUR; bankBic for SEPA-type providers; customerIp for USD/EUR via VISAMASTER. */
export function extrasRequired(w: { ticker: string; fiat: boolean; provider: string | null; eea: boolean }): ExtrasRequired {
  const provider = w.provider?.toUpperCase() ?? null;
  return {
    travelRule: !w.fiat && w.eea,
    beneficiary: w.fiat && BENEFICIARY_TICKERS.includes(w.ticker),
    bankBic: w.fiat && provider !== null && BANK_BIC_PROVIDERS.includes(provider),
    customerIp: w.fiat && (w.ticker === 'USD' || w.ticker === 'EUR') && provider === 'VISAMASTER',
  };
}

/** The extras a prepare request may carry: each validated by its schema, required or refused by `checkExtras`. */
export const WithdrawExtras = z
  .object({
    travelRule: TravelRule.optional(),
    beneficiary: Beneficiary.optional(),
    bankBic: BankBic.optional(),
    customerIp: CustomerIp.optional(),
  })
  .strict();
export type WithdrawExtras = z.output<typeof WithdrawExtras>;
export type WithdrawExtrasInput = z.input<typeof WithdrawExtras>;

const WHY_REQUIRED: Record<ExtraName, ExtraFieldProblem> = {
  travelRule: 'required_travel_rule',
  beneficiary: 'required_payout',
  bankBic: 'required_bank',
  customerIp: 'required_visamaster',
};

/**
 * Parses the extras with the shared schemas and checks that exactly the required ones are present.
 * Field errors use the request's dotted paths (`travelRule.beneficiary.firstName`), each with problem codes.
 */
export function checkExtras(input: unknown, required: ExtrasRequired): { ok: true; extras: WithdrawExtras } | { ok: false; fields: Record<string, string[]> } {
  const fields: Record<string, string[]> = {};
  const add = (path: string, problem: ExtraFieldProblem) => (fields[path] ??= []).push(problem);
  const parsed = WithdrawExtras.safeParse(input ?? {});
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = issue.path.map(String).join('.');
      if (issue.code === 'unrecognized_keys') for (const key of issue.keys) add(at ? `${at}.${key}` : key, 'not_accepted');
      else add(at || 'request', extraFieldProblem(issue));
    }
  }
  const given = (parsed.success ? parsed.data : (input ?? {})) as Partial<Record<ExtraName, unknown>>;
  for (const name of EXTRA_NAMES) {
    if (required[name] && given[name] === undefined) add(name, WHY_REQUIRED[name]);
    if (!required[name] && given[name] !== undefined) add(name, 'not_used');
  }
  if (Object.keys(fields).length > 0 || !parsed.success) return { ok: false, fields };
  return { ok: true, extras: parsed.data };
}
