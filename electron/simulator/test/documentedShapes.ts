/**
 * The exchange's documented response schemas (openapi-responses.json, copied from the exchange's
 * OpenAPI files) compiled with ajv, so a test can hold a simulator answer to what the exchange
 * documents. Test-only.
 *
 * The published schemas are applied with the deviations docs/exchange-api.md documents and nothing else:
 *   - /public/fee: the `withdraw`/`deposit` sides are `oneOf` a flat object and an object keyed by
 *     provider ID. Nothing in the flat branch is required, so a keyed (fiat) side matches both
 *     branches and `oneOf` refuses the documented fiat example itself; the flat branch is made to
 *     require `fixed` and `flex`, which every documented flat side carries.
 *   - positions/open: `amount`, `basePrice`, `pnl` and `pnlPercent` are null for positions opened by
 *     trigger or limit orders (docs/exchange-api.md "Shapes that break naive parsers"); the schema types them as plain strings.
 *   - history: `transactionHash` is null while a withdrawal has not been broadcast. NOT documented:
 *     our assumption (a hash cannot exist yet); the documented example only shows a hashed record.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { readFileSync } from 'node:fs';

type Schema = Record<string, unknown>;

interface Fixture {
  operations: Record<string, Record<string, Schema | null>>;
  documentedExamples: Record<string, Record<string, unknown[]>>;
}

const fixture = JSON.parse(readFileSync(new URL('./openapi-responses.json', import.meta.url), 'utf8')) as Fixture;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function at(schema: Schema, ...path: string[]): Schema {
  let node: unknown = schema;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  if (typeof node !== 'object' || node === null) throw new Error(`documented schema has no ${path.join('.')}`);
  return node as Schema;
}

function makeNullable(properties: Schema, names: string[]): void {
  for (const name of names) at(properties, name).nullable = true;
}

/**
 * OpenAPI 3.0 reads `nullable: true` beside an `enum` as "null allowed"; ajv also wants null in the
 * enum itself (liquidationState is documented nullable with enum margin_call | liquidation).
 */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullInNullableEnums);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
  Object.values(schema).forEach(nullInNullableEnums);
}

/** The documented deviations (see the file comment), applied to a copy of the published schema. */
function adjusted(operation: string, status: string, published: Schema): Schema {
  const schema = clone(published);
  nullInNullableEnums(schema);
  if (operation === 'GET /api/v4/public/fee' && status === '200') {
    const entry = at(schema, 'additionalProperties', 'properties');
    for (const side of ['withdraw', 'deposit']) {
      const [flat] = at(entry, side).oneOf as Schema[];
      if (!flat) throw new Error('fee side has no flat branch');
      flat.required = ['fixed', 'flex'];
    }
  }
  if (operation === 'POST /api/v4/collateral-account/positions/open' && status === '200') {
    makeNullable(at(schema, 'items', 'properties'), ['amount', 'basePrice', 'pnl', 'pnlPercent']);
  }
  if (operation === 'POST /api/v4/main-account/history' && status === '201') {
    makeNullable(at(schema, 'properties', 'records', 'items', 'properties'), ['transactionHash']);
  }
  return schema;
}

// OpenAPI 3.0 keywords: `nullable` is understood by ajv; formats are not checked (no ajv-formats).
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();

/** Operations as "METHOD /path" with the statuses they document a JSON schema for. */
export function documentedOperations(): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fixture.operations).map(([op, statuses]) => [op, Object.keys(statuses).filter((s) => statuses[s] !== null && statuses[s] !== undefined)]),
  );
}

export function documentedExamples(operation: string, status: string): unknown[] {
  return fixture.documentedExamples[operation]?.[status] ?? [];
}

function validatorFor(operation: string, status: string): ValidateFunction {
  const key = `${operation} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const published = fixture.operations[operation]?.[status];
    if (!published) throw new Error(`the exchange documents no JSON body for ${operation} answering ${status}`);
    validate = ajv.compile(adjusted(operation, status, published));
    compiled.set(key, validate);
  }
  return validate;
}

/** The ajv errors of `body` against the documented schema of one answer, as readable lines; [] when it conforms. */
export function shapeErrors(operation: string, status: number | string, body: unknown): string[] {
  const validate = validatorFor(operation, String(status));
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 20).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}
