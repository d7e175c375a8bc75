/** Bad requests generated from the OpenAPI document's schemas, reproducible from a seed. */
import type { Rng } from '../src/demo/random.js';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface FuzzCase {
  /** What the case changes (a parameter, a body field, the whole body). */
  place: string;
  /** Sent on every run; the others are drawn. */
  critical: boolean;
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

// Each list: the values every run sends (critical), then more the run draws from.
const INT_LIMITS = { critical: [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1, 1.5], more: [2 ** 31 - 1, 2 ** 32, 0, -1e308, 5e-324] };
const NASTY_STRINGS = {
  critical: ['a\u0000b', 'a\u0007\u001b[31mb', 'a\ud800', '\udfffb'],
  more: [
    '',
    ' ',
    '\u0000',
    'a\r\nb',
    '\u0085\u009f',
    '😀👩‍❤️‍💋‍👨',
    '\u202egnp.exe',
    'Ǆ\u0301\u0301\u0301',
    'x'.repeat(5000),
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'NaN',
    'Infinity',
    '1e308',
    '2147483648',
    '-1',
    '__proto__',
    'constructor',
  ],
};
const WRONG_TYPES: unknown[] = [null, true, 42, [], ['x'], {}, { a: 1 }, 'text'];

/** Query values, already percent-encoded: broken UTF-8, NUL, surrogates, limits, huge. */
const QUERY_VALUES = {
  critical: ['a%00b', '%ED%A0%80', '%FF', '2147483648', '1e308', 'x'.repeat(5000)],
  more: ['', '%00', '%C0%AF', '%E2%80%AE', '%F0%9F%98%80', '-1', 'NaN', '0x10', '%20', '%5B%5D', 'null', '__proto__'],
};
const PATH_VALUES = {
  critical: ['abc', 'a%00b', '%FF', 'a'.repeat(300)],
  more: ['%00', '..%2F..%2Fadmin', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', '2147483648', '-1', '%ED%A0%80', '__proto__', 'constructor'],
};
const HEADER_VALUES = { critical: ['x'.repeat(300), 'ä'], more: ['', ' ', '\u00ff\u00fe', 'a b', '{}'] };

/** A plausible value for a schema: the carrier a mutation changes in one place. */
function sample(schema: JsonSchema, foreignId: string): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0], foreignId);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uuid' ? foreignId : 'a'.repeat(Math.max(schema.minLength ?? 0, 3));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, foreignId));
    case 'object':
      // Only the required fields: every optional one left out is one fewer way for the carrier to be refused.
      return Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => schema.required?.includes(k)).map(([k, v]) => [k, sample(v, foreignId)]));
    default:
      return 'x';
  }
}

/** Wrong values for one field: types, sizes, unicode, numbers at and beyond column limits, deep nesting. */
function badValues(schema: JsonSchema): { critical: unknown[]; more: unknown[] } {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const critical: unknown[] = type === 'integer' || type === 'number' ? [...INT_LIMITS.critical] : [...NASTY_STRINGS.critical];
  if (schema.maxLength !== undefined) critical.push('y'.repeat(schema.maxLength + 1));
  if (schema.maximum !== undefined) critical.push(schema.maximum + 1);
  if (schema.minimum !== undefined) critical.push(schema.minimum - 1);
  if (schema.items) critical.push(['a\u0000'], Array.from({ length: 1000 }, () => 'z'));
  const more: unknown[] = [...WRONG_TYPES, ...NASTY_STRINGS.more, ...INT_LIMITS.more, JSON.parse(deepArray(500)) as unknown, [null]];
  if (schema.minLength) more.push('y'.repeat(schema.minLength - 1));
  return { critical, more };
}

const WHOLE_BODIES: { critical: [string, string][]; more: [string, string][] } = {
  critical: [
    ['{', 'application/json'],
    ['null', 'application/json'],
    [deepArray(5000), 'application/json'],
    [deepObject(3000), 'application/json'],
    ['{}', 'text/plain'],
    ['irgendwas', 'multipart/form-data'],
    ['{"constructor":"1","toString":"1","hasOwnProperty":"1"}', 'application/json'],
  ],
  more: [
    ['42', 'application/json'],
    ['"x"', 'application/json'],
    ['[]', 'application/json'],
    ['', 'application/json'],
    ['{"a":"\\u0000"}', 'application/json'],
    ['{"__proto__":{"admin":true}}', 'application/json'],
    ['{"constructor":{"prototype":{"admin":true}}}', 'application/json'],
    [`{"a":"${'x'.repeat(70_000)}"}`, 'application/json'],
    ['a=1&b=2', 'application/x-www-form-urlencoded'],
    ['--x\r\nirgendwas', 'multipart/form-data; boundary=x'],
    ['{}', 'application/json; charset=utf-16'],
    ['\u0000\u0001', 'application/octet-stream'],
  ],
};

/**
 * Every bad request for one operation, with a valid-looking carrier around the one bad part (the
 * first case); `carrierId` fills its UUIDs, the `foreignIds` are tried in path parameters.
 */
export function fuzzCases(method: string, path: string, op: Operation, carrierId: string, foreignIds: readonly string[]): FuzzCase[] {
  const params = op.parameters ?? [];
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const pathValues = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, encodeURIComponent(String(sample(p.schema, carrierId)))]));
  const queryValues = Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, encodeURIComponent(String(sample(p.schema, carrierId)))]));
  const body = bodySchema ? JSON.stringify(sample(bodySchema, carrierId)) : undefined;
  const baseQuery = Object.entries(queryValues).map(([k, v]) => `${k}=${v}`);
  const cases: FuzzCase[] = [];

  type Change = { path?: Record<string, string>; query?: string[]; headers?: Record<string, string>; payload?: string; type?: string };
  const add = (place: string, critical: boolean, detail: string, change: Change) => {
    const resolved = path.replace(/\{(\w+)\}/g, (_m, name: string) => change.path?.[name] ?? pathValues[name] ?? 'x');
    const query = (change.query ?? baseQuery).join('&');
    const payload = change.payload ?? body;
    const type = change.type ?? (payload === undefined ? undefined : 'application/json');
    const headers = { ...(type ? { 'content-type': type } : {}), ...change.headers };
    cases.push({ place, critical, label: `${place}: ${detail.slice(0, 40)}`, method, url: query ? `${resolved}?${query}` : resolved, headers, ...(payload === undefined ? {} : { payload }) });
  };
  const each = <T>(list: { critical: T[]; more: T[] }, fn: (value: T, critical: boolean) => void) => {
    for (const v of list.critical) fn(v, true);
    for (const v of list.more) fn(v, false);
  };

  add('carrier', true, 'valid-looking', {});
  add('query', true, '60 KB', { query: [...baseQuery, `pad=${'q'.repeat(60_000)}`] });
  for (const p of params) {
    const place = `${p.in} ${p.name}`;
    if (p.in === 'path') each({ critical: [...PATH_VALUES.critical, ...foreignIds], more: PATH_VALUES.more }, (v, critical) => add(place, critical, v, { path: { [p.name]: v } }));
    if (p.in === 'query') {
      const others = baseQuery.filter((q) => !q.startsWith(`${p.name}=`));
      each(QUERY_VALUES, (v, critical) => add(place, critical, v, { query: [...others, `${p.name}=${v}`] }));
      add(place, false, 'twice', { query: [...others, `${p.name}=1`, `${p.name}=2`] });
    }
    if (p.in === 'header') each(HEADER_VALUES, (v, critical) => add(place, critical, v, { headers: { [p.name]: v } }));
  }
  // Bodies matter where a body is read: every POST and PUT (an upload declares none in the document).
  const readsBody = method === 'POST' || method === 'PUT';
  each(WHOLE_BODIES, ([payload, type], critical) => add('whole body', critical && readsBody, `${type} ${payload}`, { payload, type }));
  const carrier = JSON.parse(body ?? '{}') as Record<string, unknown>;
  for (const [name, schema] of Object.entries(bodySchema?.properties ?? {})) {
    each(badValues(schema), (v, critical) => add(`body.${name}`, critical, JSON.stringify(v) ?? '', { payload: JSON.stringify({ ...carrier, [name]: v }) }));
  }
  return cases;
}

/**
 * Every critical case, then up to `more` others: round-robin over the places a case changes
 * (each parameter, each body field, the whole body), a random case of each in turn.
 */
export function draw(cases: FuzzCase[], more: number, rng: Rng): FuzzCase[] {
  const queues = new Map<string, FuzzCase[]>();
  for (const c of cases.filter((c) => !c.critical)) queues.set(c.place, [...(queues.get(c.place) ?? []), c]);
  const chosen: FuzzCase[] = [];
  while (chosen.length < more && [...queues.values()].some((q) => q.length > 0)) {
    for (const queue of queues.values()) {
      if (chosen.length < more && queue.length > 0) chosen.push(...queue.splice(rng.int(0, queue.length - 1), 1));
    }
  }
  return [...cases.filter((c) => c.critical), ...chosen];
}
