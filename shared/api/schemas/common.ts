/** Building blocks every area shares: decimal amounts from exact source text, integers, times, ids. */
import { z } from 'zod';
import { isLooseDecimalString } from '../../money/decimal';
import { numberSourceOf } from '../jsonNumber';

/** A JSON number from the lossless parser becomes its exact source text; anything else is left alone. */
const numberAsSourceText = numberSourceOf;

/**
 * For decimal fields, a plain JS number is also taken as text: parseAnswer.ts hands the schemas plain
 * numbers only when every number in the answer reads back as exactly its source characters.
 */
const decimalSourceText = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : numberAsSourceText(value);

/**
 * A decimal amount: a JSON string holding a plain decimal, or a JSON number read from its exact
 * source text (collateral balances are documented as numbers: `{"USDT":1000}`).
 */
export const DecimalString = z.preprocess(
  decimalSourceText,
  z.string().refine(isLooseDecimalString, { message: 'must be a decimal string' }),
);

/** A non-negative decimal amount. */
export const AmountString = DecimalString.refine((v) => !v.startsWith('-'), { message: 'must not be negative' });

export const Ticker = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dot, dash or underscore');

/** `BASE_QUOTE`, futures end in `_PERP`. */
export const MarketName = z
  .string()
  .max(40)
  .regex(/^[A-Z0-9]{1,16}_[A-Z0-9]{1,16}$/, 'must look like BASE_QUOTE, e.g. BTC_USDT or BTC_PERP');

/** Integers sometimes arrive as numeric strings; accept both (and a lossless JSON number), keep a safe integer. */
export const IntLike = z.preprocess(
  numberAsSourceText,
  z.union([z.number().int(), z.string().regex(/^-?\d{1,15}$/, 'must be a whole number').transform(Number)]),
).pipe(z.number().int().safe());

/** Unix time, seconds, possibly fractional; as number or numeric string. */
export const UnixSeconds = z.preprocess(
  numberAsSourceText,
  z.union([z.number().finite(), z.string().regex(/^\d{1,12}(\.\d+)?$/, 'must be a Unix time in seconds').transform(Number)]),
).pipe(z.number().nonnegative());

/** Ids the exchange writes as strings or integers; kept as text. */
export const IdText = z.preprocess(decimalSourceText, z.string().min(1).max(128));

/** The `{success, message, result}` envelope some public endpoints wrap their answer in. */
export const SuccessEnvelope = { success: z.literal(true), message: z.string().max(500).nullable().optional() };
