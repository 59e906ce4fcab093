/**
 * Runtime schemas for everything the exchange sends and everything we send it.
 *
 * Answers are read from their raw text with a lossless JSON parser (electron/services/exchange/parseAnswer.ts), so a JSON number
 * arrives here as a `JsonNumber` holding its exact source text. Decimal fields take that text
 * as is ("1000.123456789012345678" keeps every digit); integer and time fields turn it into a
 * number.
 *
 * Tolerant exactly where the exchange is documented to bend (docs/exchange-api.md "Shapes that break naive
 * parsers"): both id spellings in history, absent `positionSide`/`tpsl`, null position fields,
 * absent `currency_precision`, fiat fees keyed by provider id, integer investment status, either
 * transaction id spelling. Every LIST answer is read element by element (tolerant.ts): one element
 * we cannot read becomes an `UnreadableItem` beside the readable ones. Strict everywhere else: an
 * amount that is not a plain decimal, a missing field or a wrong type makes that element (or, for
 * a non-list answer, the whole answer) unreadable, never a silently wrong number. Unknown extra
 * fields are dropped, because the exchange adds fields over time and that must not break the app.
 */
export type { UnreadableItem } from '../tolerant';
export { DecimalString, AmountString, Ticker, MarketName } from './common';
export * from './public';
export * from './mainAccount';
export * from './collateral';
export * from './history';
export * from './flex';
export * from './errors';
export * from './subAccounts';
