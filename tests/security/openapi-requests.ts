import fc from 'fast-check';

// Requests derived from the API's own OpenAPI document: for each operation, a body, query and path made of
// valid values, then a few fields swapped for boundary or hostile ones, and now and then a request that is
// broken as a whole (bad JSON, a wrong content type, bad percent-encoding). The document gives the shapes
// (types, enums, lengths, bounds, required keys); the rules it cannot express (a phone number's form, a date
// of birth's format) come from the field's name, so that a valid request really is one and reaches the
// database.

export type Schema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  pattern?: string;
  format?: string;
};

type Parameter = {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Route = { method: Method; path: string; operation: Operation };

/** A request as light-my-request takes it. */
export type GeneratedRequest = {
  method: Method;
  route: string;
  url: string;
  payload?: string;
  contentType?: string;
};

/** Values the generator picks from for what it cannot invent: ids of real rows, emails of real accounts. */
export type Pools = { ids: string[]; emails: string[] };

export function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      routes.push({ method: method.toUpperCase() as Method, path, operation });
    }
  }
  return routes;
}

/** Text nobody types, numbers nobody means and shapes no form sends. */
export const HOSTILE_TEXT = [
  'x\u0000y',
  '\u0001',
  'x\u001b[31my',
  'x\u007fy',
  'x\u0085y',
  'x\u202ey',
  'x\u2069y',
  'x\ud800y',
  'x\udc00',
  '\t\n\r',
  '',
  ' ',
  "' OR 1=1 --",
  'Robert"); DROP TABLE "user";--',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '${7*7}',
  '__proto__',
  '\u{1f4a9}\u0301\u200d',
  'ａｄｍｉｎ',
  'a'.repeat(10_001),
];
const HOSTILE_NUMBERS = [
  -1,
  -0.5,
  0.001,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
];
const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2026-13-01',
  '9999-12-31',
  '0000-00-00',
  '1900-01-01',
  '02-30-1990',
  '13-01-1990',
  '12-31-9999',
  '2026-02-30T25:61:00Z',
];
const WRONG_SHAPES: unknown[] = [null, true, 0, [], {}, [null], { __proto__: { isStaff: true } }, 'true'];

const hostileAny = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_TEXT),
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(...IMPOSSIBLE_DATES),
  fc.constantFrom<unknown>(...WRONG_SHAPES),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

/** A value of a valid form for a field the document only calls "string", chosen by the field's name. */
function namedString(name: string, pools: Pools): fc.Arbitrary<string> | undefined {
  const n = name.toLowerCase();
  if (n === 'email' || n === 'confirmemail' || n === 'username' || n === 'to')
    return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
  if (n.includes('phone')) return fc.integer({ min: 0, max: 99 }).map((i) => `415-555-01${pad(i)}`);
  if (n === 'dateofbirth')
    return fc
      .record({
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 28 }),
        y: fc.integer({ min: 1930, max: 2008 }),
      })
      .map(({ m, d, y }) => `${pad(m)}-${pad(d)}-${y}`);
  if (n.endsWith('date') || n === 'from' || n === 'to')
    return fc
      .record({
        y: fc.integer({ min: 2024, max: 2027 }),
        m: fc.integer({ min: 1, max: 12 }),
        d: fc.integer({ min: 1, max: 28 }),
      })
      .map(({ m, d, y }) => `${y}-${pad(m)}-${pad(d)}`);
  if (n === 'zipcode') return fc.integer({ min: 10_000, max: 99_999 }).map(String);
  if (n.includes('password')) return fc.constantFrom('Better#Pass1', 'Other#Pass2', 'short');
  if (n === 'code') return fc.integer({ min: 0, max: 999_999 }).map((i) => String(i).padStart(6, '0'));
  if (n === 'routingnumber') return fc.constantFrom('011000015', '021000021', '123456789');
  if (n === 'accountnumber') return fc.stringMatching(/^\d{4,17}$/);
  if (n.endsWith('id') || n === 'token' || n === 'publictoken' || n === 'selectedids')
    return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
  return undefined;
}

const pad = (i: number) => String(i).padStart(2, '0');
const printable = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789.-'#"),
  minLength: 1,
});

/** Values the schema allows (and, for names the document cannot describe, the form the server expects). */
export function valid(schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  const base = validNotNull(schema, name, pools);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, fc.constant(null)) : base;
}

function validNotNull(schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valid(s, name, pools)));
  if (schema.allOf?.length) return valid(Object.assign({}, ...schema.allOf) as Schema, name, pools);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 10_000_000 });
    case 'number':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 10_000_000 });
    case 'array': {
      const max = Math.min(schema.maxItems ?? 4, 4);
      return fc.array(valid(schema.items ?? {}, name, pools), {
        minLength: Math.min(schema.minItems ?? 0, max),
        maxLength: max,
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) model[key] = valid(child, key, pools);
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    case 'string':
    default: {
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...pools.ids), fc.uuid());
      const named = namedString(name, pools);
      if (named) return named;
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const maxLength = Math.min(schema.maxLength ?? 40, 40);
      return printable.map((s) => s.slice(0, maxLength).padEnd(schema.minLength ?? 1, 'a'));
    }
  }
}

/** Values at and just past the schema's edges: lengths, bounds, item counts. */
function boundary(schema: Schema): fc.Arbitrary<unknown> {
  const edges: unknown[] = [];
  if (schema.maxLength !== undefined)
    edges.push('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1));
  if (schema.minLength) edges.push('a'.repeat(schema.minLength - 1));
  for (const bound of [schema.minimum, schema.maximum]) {
    if (typeof bound === 'number') edges.push(bound, bound - 1, bound + 1, bound + 0.5);
  }
  if (schema.maxItems !== undefined)
    edges.push(Array.from({ length: schema.maxItems + 1 }, () => edges[0] ?? 'a'));
  if (schema.type === 'array')
    edges.push(
      [],
      Array.from({ length: 1_000 }, (_, i) => String(i)),
    );
  if (schema.type === 'integer' || schema.type === 'number') edges.push(0, -1, 1.5, 2 ** 31);
  edges.push(null, '');
  return fc.constantFrom(...edges);
}

/** Marks a key to remove from an object. */
const ABSENT = Symbol('absent');

type Spot = { path: (string | number)[]; schema: Schema };

/** Every place in a value (the value itself, each key and item) with the schema that describes it. */
function spotsIn(value: unknown, schema: Schema, path: (string | number)[] = []): Spot[] {
  const spots: Spot[] = [{ path, schema }];
  if (value && typeof value === 'object') {
    if (Array.isArray(value)) {
      value.forEach((item, i) => spots.push(...spotsIn(item, schema.items ?? {}, [...path, i])));
    } else {
      const properties = schema.properties ?? firstObject(schema)?.properties ?? {};
      for (const [key, child] of Object.entries(properties)) {
        spots.push(...spotsIn((value as Record<string, unknown>)[key], child, [...path, key]));
      }
    }
  }
  return spots;
}

const firstObject = (schema: Schema) => (schema.anyOf ?? schema.oneOf)?.find((s) => s.type === 'object');

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === ABSENT ? undefined : replacement;
  const [head, ...rest] = path;
  const container = (
    Array.isArray(value) ? [...value] : value && typeof value === 'object' ? { ...value } : {}
  ) as Record<string | number, unknown>;
  const next = setAt(container[head!], rest, replacement);
  if (next === undefined && rest.length === 0 && replacement === ABSENT) delete container[head!];
  else container[head!] = next;
  return container;
}

/** A valid value with up to three of its places replaced by boundary or hostile values, or removed. */
export function mutated(schema: Schema, name: string, pools: Pools): fc.Arbitrary<unknown> {
  return valid(schema, name, pools).chain((value) => {
    const spots = spotsIn(value, schema);
    const change = fc
      .constantFrom(...spots)
      .chain((spot) =>
        fc
          .oneof(boundary(spot.schema), hostileAny, fc.constant<unknown>(ABSENT))
          .map((replacement) => ({ spot, replacement })),
      );
    return fc
      .oneof(
        { weight: 3, arbitrary: fc.constant([] as { spot: Spot; replacement: unknown }[]) },
        { weight: 5, arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }) },
      )
      .map((changes) =>
        changes.reduce((v, { spot, replacement }) => setAt(v, spot.path, replacement), value),
      );
  });
}

/** One query value as it travels in a URL; `raw` strings are sent as they are (bad percent-encoding). */
function encodeQuery(name: string, value: unknown): string[] {
  if (value === undefined || value === ABSENT) return [];
  if (Array.isArray(value)) return value.flatMap((v) => encodeQuery(name, v));
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return [`${encodeURIComponent(name)}=${safeEncode(text)}`];
}

/** Percent-encodes, sending a lone surrogate as the bytes a careless client would. */
function safeEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

const RAW_QUERY_TAILS = [
  '%',
  '%FF',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%80',
  '&&&',
  '=x',
  'a[b]=1&a[c]=2',
  '__proto__[x]=1',
];
const RAW_PATH_SEGMENTS = [
  '%00',
  '%FF',
  '..%2F..',
  'x'.repeat(2_000),
  '0',
  '-1',
  '1e309',
  "'%20or%201%3D1",
  '%E2%80%AE',
];
const BROKEN_BODIES = [
  '{"a":',
  'null',
  '[]',
  '"text"',
  '{"__proto__":{"isStaff":true}}',
  `{"x":"${'y'.repeat(2_000_000)}"}`,
];

/** Requests for one operation: mostly well-formed, now and then broken as a whole. */
export function requestsFor(route: Route, pools: Pools): fc.Arbitrary<GeneratedRequest> {
  const parameters = route.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = route.operation.requestBody?.content?.['application/json']?.schema;

  const pathValue = (p: Parameter) =>
    fc.oneof(
      { weight: 4, arbitrary: valid(p.schema, p.name, pools).map((v) => encodeURIComponent(String(v))) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT.slice(0, 8)).map(safeEncode) },
    );
  const pathArb = fc.tuple(...pathParams.map(pathValue)).map((values) => {
    let path = route.path;
    pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, values[i] ?? '')));
    return path;
  });

  const queryArb = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.oneof(
          { weight: 2, arbitrary: fc.constant<unknown>(ABSENT) },
          { weight: 3, arbitrary: valid(p.schema, p.name, pools) },
          { weight: 1, arbitrary: fc.oneof(boundary(p.schema), hostileAny) },
        ),
      ),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_TAILS) },
      ),
    )
    .map((values) => {
      const tail = values.pop() as string;
      const parts = queryParams.flatMap((p, i) => encodeQuery(p.name, values[i]));
      if (tail) parts.push(tail);
      return parts.length ? `?${parts.join('&')}` : '';
    });

  type Body = { payload?: string; contentType?: string };
  const bodyArb: fc.Arbitrary<Body> = bodySchema
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: mutated(bodySchema, '', pools).map((v) => ({
            payload: JSON.stringify(v ?? null),
            contentType: 'application/json',
          })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...BROKEN_BODIES)
            .map((payload) => ({ payload, contentType: 'application/json' })),
        },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Body>(
            {},
            { payload: 'a=1', contentType: 'application/x-www-form-urlencoded' },
            { payload: '{}', contentType: 'text/plain' },
          ),
        },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant<Body>({}) },
        {
          weight: 1,
          arbitrary: fc.constantFrom<Body>(
            { payload: '{"a":1}', contentType: 'application/json' },
            { payload: '{"a":', contentType: 'application/json' },
          ),
        },
      );

  return fc.tuple(pathArb, queryArb, bodyArb).map(([path, query, body]) => ({
    method: route.method,
    route: `${route.method} ${route.path}`,
    url: path + query,
    ...(route.method === 'GET' ? {} : body),
  }));
}
