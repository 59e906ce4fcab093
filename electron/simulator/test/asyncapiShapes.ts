/**
 * The exchange's documented WebSocket payload schemas (fixtures/asyncapi, copied from the exchange's
 * AsyncAPI files) compiled with ajv, so a test can hold every frame the simulator sends to what the
 * exchange documents. Test-only.
 *
 * Which schema applies to a frame: a pushed update by its `method`; an answer by the method of the
 * request it answers (the caller tracks ids). Error answers have no schema in the files; they are held
 * to the documented envelope {id, result: null, error: {code 1-7, message}}.
 *
 * One documented contradiction is applied, nothing else: `liq_stage` lists "liquidation" only in the
 * events file, while a liquidating position is also in the snapshot; the snapshot's enum gets it too.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const FILES = ['lastprice', 'market', 'service', 'authorize', 'positions', 'margin_positions_events', 'balance_spot', 'balance_margin'] as const;
type File = (typeof FILES)[number];

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
for (const file of FILES) {
  const doc = parse(readFileSync(new URL(`./fixtures/asyncapi/${file}.yaml`, import.meta.url), 'utf8')) as Record<string, unknown>;
  if (file === 'positions') {
    const stage = (doc as { components: { schemas: { PositionRecord: { properties: { liq_stage: { enum: unknown[] } } } } } }).components.schemas.PositionRecord.properties.liq_stage;
    if (!stage.enum.includes('liquidation')) stage.enum = [...stage.enum, 'liquidation'];
  }
  ajv.addSchema(doc, file);
}

const UPDATES: Record<string, [File, string]> = {
  lastprice_update: ['lastprice', 'LastpriceUpdate'],
  market_update: ['market', 'MarketUpdate'],
  positionsMargin_update: ['positions', 'PositionsUpdate'],
  positionsAccountMargin_update: ['margin_positions_events', 'MarginPositionsEventsUpdate'],
  balanceSpot_update: ['balance_spot', 'BalanceSpotUpdate'],
  balanceMargin_update: ['balance_margin', 'BalanceMarginUpdate'],
};

const ANSWERS: Record<string, [File, string]> = {
  ping: ['service', 'PingResponse'],
  time: ['service', 'TimeResponse'],
  authorize: ['authorize', 'AuthorizeResponse'],
  lastprice_request: ['lastprice', 'LastpriceResponse'],
  lastprice_subscribe: ['lastprice', 'SubscriptionResponse'],
  lastprice_unsubscribe: ['lastprice', 'SubscriptionResponse'],
  market_request: ['market', 'MarketResponse'],
  market_subscribe: ['market', 'SubscriptionResponse'],
  market_unsubscribe: ['market', 'SubscriptionResponse'],
  positionsMargin_subscribe: ['positions', 'SubscriptionResponse'],
  positionsMargin_unsubscribe: ['positions', 'SubscriptionResponse'],
  positionsAccountMargin_subscribe: ['margin_positions_events', 'SubscriptionResponse'],
  positionsAccountMargin_unsubscribe: ['margin_positions_events', 'SubscriptionResponse'],
  balanceSpot_request: ['balance_spot', 'BalanceSpotResponse'],
  balanceSpot_subscribe: ['balance_spot', 'SubscriptionResponse'],
  balanceSpot_unsubscribe: ['balance_spot', 'SubscriptionResponse'],
  balanceMargin_request: ['balance_margin', 'BalanceMarginResponse'],
  balanceMargin_subscribe: ['balance_margin', 'SubscriptionResponse'],
  balanceMargin_unsubscribe: ['balance_margin', 'SubscriptionResponse'],
};

/** Requests the client sends, by method (the same files document them). */
const REQUESTS: Record<string, [File, string]> = {
  ping: ['service', 'PingRequest'],
  authorize: ['authorize', 'AuthorizeRequest'],
  lastprice_subscribe: ['lastprice', 'LastpriceSubscribe'],
  positionsMargin_subscribe: ['positions', 'PositionsSubscribe'],
  positionsAccountMargin_subscribe: ['margin_positions_events', 'MarginPositionsEventsSubscribe'],
  balanceSpot_subscribe: ['balance_spot', 'BalanceSpotSubscribe'],
  balanceMargin_subscribe: ['balance_margin', 'BalanceMarginSubscribe'],
};

const ERROR_ENVELOPE = ajv.compile({
  type: 'object',
  required: ['id', 'result', 'error'],
  additionalProperties: false,
  properties: {
    id: { type: ['integer', 'null'] },
    result: { type: 'null' },
    error: { type: 'object', required: ['code', 'message'], additionalProperties: false, properties: { code: { type: 'integer', minimum: 1, maximum: 7 }, message: { type: 'string' } } },
  },
});

function validator([file, name]: [File, string]): ValidateFunction {
  const validate = ajv.getSchema(`${file}#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name} in ${file}.yaml`);
  return validate;
}

function errorsOf(validate: ValidateFunction, frame: unknown): string[] {
  if (validate(frame)) return [];
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/**
 * The schema errors of one frame the server sent; [] when it conforms. `answering`: the method of the
 * request this frame answers (undefined for a pushed update).
 */
export function frameErrors(frame: unknown, answering?: string): string[] {
  const f = frame as { method?: unknown; error?: unknown };
  if (typeof f !== 'object' || f === null) return ['not an object'];
  if (f.error !== null && f.error !== undefined) return errorsOf(ERROR_ENVELOPE, frame);
  if (answering === undefined) {
    const entry = typeof f.method === 'string' ? UPDATES[f.method] : undefined;
    return entry ? errorsOf(validator(entry), frame) : [`no documented update ${String(f.method)}`];
  }
  const entry = ANSWERS[answering];
  return entry ? errorsOf(validator(entry), frame) : [`no documented answer to ${answering}`];
}

/** The schema errors of one request a client sends; [] when it conforms. */
export function requestErrors(request: { method: string }): string[] {
  const entry = REQUESTS[request.method];
  return entry ? errorsOf(validator(entry), request) : [`no documented request ${request.method}`];
}
