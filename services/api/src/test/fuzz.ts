import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { LIVE_EVENTS_PATH } from '@waypoint/contracts';

/**
 * A schema-driven fuzzer: every operation of the OpenAPI document, called with values that follow its schemas,
 * values that break them (wrong types, NUL characters, lone surrogates, 1 MB strings, path traversal, deep
 * nesting) and bodies of every content type, as nobody, as a traveller and as staff.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  $ref?: string;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
};

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI form: /api/application/{id}. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

/**
 * Sends one request. A live status stream that opens never ends by itself: it is read as a stream, answered by its
 * status once its headers are out (or after a moment, when it holds them back), then closed.
 */
async function send(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<{ statusCode: number; body: string }> {
  const path = String(options.url ?? '').split('?')[0];
  if (path !== LIVE_EVENTS_PATH) return app.inject(options);
  const opened = app.inject({ ...options, payloadAsStream: true }).then((res) => {
    const stream = res.stream();
    if (res.statusCode < 300) {
      stream.destroy();
      return { statusCode: res.statusCode, body: '' };
    }
    return new Promise<{ statusCode: number; body: string }>((resolve) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({ statusCode: res.statusCode, body: Buffer.concat(chunks).toString() }),
      );
    });
  });
  const held = new Promise<{ statusCode: number; body: string }>((resolve) =>
    setTimeout(() => resolve({ statusCode: 200, body: '' }), 2000).unref(),
  );
  return Promise.race([opened, held]);
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop()!;
    return doc.components?.schemas?.[name] ?? {};
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/** Real records, so that owned routes get past the ownership check. */
export interface FuzzIds {
  applicationId: string;
  travelerId: string;
  documentId?: string | undefined;
  uploadToken?: string | undefined;
}

export interface Persona {
  name: string;
  /** The Cookie header of this persona's session (none for nobody). */
  cookie?: string | undefined;
}

/** Routes that start or end the caller's session: personas call them without their cookie, to keep it. */
const SESSION_CHANGING = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/verify-token',
  'POST /api/auth/reset-password',
]);

const MEGABYTE = 1024 * 1024;
const BIG = 'a'.repeat(MEGABYTE);
const BIG_WITH_NUL = `${'b'.repeat(MEGABYTE / 2)}\u0000${'c'.repeat(MEGABYTE / 2)}`;

const TRICKY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '😀',
  '\u202e\u0301',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/',
  '.',
  '..',
  "' OR '1'='1",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '=cmd|/c calc!A1',
  '2024-02-30',
  '2024-13-45',
  '9999-99-99',
  '0000-00-00',
  '-0001-01-01',
  '1e309',
  'NaN',
  '-1',
  '18446744073709551616',
  'null',
  'true',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'uk-eta',
  'US',
  'ann@example.com',
];

/** Strings meant to break things. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...TRICKY), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 4 },
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\ud800', '\udfff'))
      .map(([s, bad]) => `${s}${bad}${s}`),
    weight: 4,
  },
  { arbitrary: fc.constantFrom(BIG, BIG_WITH_NUL), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 300 }), weight: 2 },
);

/** Any JSON-ish value, deep or odd. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  {
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, 0.5),
    ),
    weight: 2,
  },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }), weight: 1 },
);

const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

/** Mostly the value itself, sometimes with a NUL or a lone surrogate slipped in (the shape stays valid). */
function withBadCharacters(plain: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: plain, weight: 4 },
    {
      arbitrary: fc
        .tuple(plain, fc.constantFrom('\u0000', '\ud800', '\udc00'), fc.nat())
        .map(([v, bad, at]) => {
          const i = v.length ? at % v.length : 0;
          return `${v.slice(0, i)}${bad}${v.slice(i)}`;
        }),
      weight: 1,
    },
  );
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Values that follow a schema (mostly), with a hostile value now and then at any depth. */
function conforming(schema: JsonSchema, ids: FuzzIds, depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueOf(v, ids, depth)));
  if (schema.allOf?.length) return valueOf(schema.allOf[0]!, ids, depth);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const types = typesOf(schema);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => conforming({ ...schema, type }, ids, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000_000),
      });
    case 'number':
      return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
    case 'array':
      return fc.array(schema.items ? valueOf(schema.items, ids, depth + 1) : hostileValue, {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const keys = Object.keys(props);
      const record = fc.record(
        Object.fromEntries(keys.map((k) => [k, valueOf(props[k]!, ids, depth + 1)])),
        { requiredKeys: keys },
      );
      // Usually every field is present (to get past validation), sometimes some are missing or extra.
      return fc.oneof(
        { arbitrary: record, weight: 4 },
        {
          arbitrary: fc.record(
            Object.fromEntries(keys.map((k) => [k, valueOf(props[k]!, ids, depth + 1)])),
            { requiredKeys: [] },
          ),
          weight: 1,
        },
        {
          arbitrary: fc
            .tuple(record, fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }))
            .map(([r, extra]) => ({ ...extra, ...(r as object) })),
          weight: 1,
        },
      );
    }
    case 'string':
      if (schema.format === 'uuid')
        return fc.oneof(fc.constantFrom(ids.applicationId, ids.travelerId), fc.uuid());
      if (schema.format === 'email') return withBadCharacters(fc.emailAddress());
      if (schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}')) return withBadCharacters(isoDate);
      return withBadCharacters(
        fc.oneof(
          fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) }),
          fc.constantFrom('US', 'GB', 'uk-eta', 'uk-eta-standard', 'ann@example.com', '+44'),
          isoDate,
        ),
      );
    default:
      return hostileValue;
  }
}

function valueOf(schema: JsonSchema, ids: FuzzIds, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return hostileValue;
  return fc.oneof(
    { arbitrary: conforming(schema, ids, depth), weight: 9 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/** Percent-encodes a path segment or query value, lone surrogates included (which encodeURIComponent refuses). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          // The three bytes a careless encoder would write for the lone surrogate.
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

/** A header carries Latin-1 without line breaks; anything else is replaced so the request can be sent. */
// eslint-disable-next-line no-control-regex -- the Latin-1 range starts at NUL
const headerSafe = (value: string) => value.replace(/[\r\n]|[^\u0000-\u00ff]/g, '?').slice(0, 8000);

function pathParamValue(name: string, schema: JsonSchema, ids: FuzzIds): fc.Arbitrary<string> {
  const real: string[] =
    name === 'id'
      ? [ids.applicationId, 'uk-eta']
      : name === 'travelerId'
        ? [ids.travelerId]
        : name === 'documentId'
          ? [ids.documentId ?? ids.travelerId]
          : name === 'token'
            ? [ids.uploadToken ?? 'token']
            : [];
  const conformingValue = conforming(schema, ids).map((v) =>
    typeof v === 'string' ? v : String(v),
  );
  return fc.oneof(
    ...(real.length ? [{ arbitrary: fc.constantFrom(...real), weight: 6 }] : []),
    { arbitrary: conformingValue, weight: 2 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: hostileString, weight: 3 },
  );
}

type BodyKind =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string | undefined; payload: string | Buffer };

function multipart(fieldName: string, filename: string, data: Buffer, boundary = 'fuzzboundary42') {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      'utf8',
    ),
    data,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}\u0000x"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
    ),
  ]);
}

function bodyOf(op: Operation, ids: FuzzIds): fc.Arbitrary<BodyKind> {
  const json = op.body
    ? valueOf(op.body, ids).map((value): BodyKind => ({ kind: 'json', value }))
    : hostileValue.map((value): BodyKind => ({ kind: 'json', value }));
  const raw = (contentType: string | undefined, payload: fc.Arbitrary<string | Buffer>) =>
    payload.map((p): BodyKind => ({ kind: 'raw', contentType, payload: p }));
  const deep = fc
    .integer({ min: 100, max: 40_000 })
    .chain((depth) =>
      fc.constantFrom(
        `${'['.repeat(depth)}${']'.repeat(depth)}`,
        `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
        '['.repeat(depth),
        `{"travelers":${'['.repeat(depth)}${']'.repeat(depth)}}`,
      ),
    );
  return fc.oneof(
    { arbitrary: json, weight: 10 },
    { arbitrary: fc.constant<BodyKind>({ kind: 'none' }), weight: 2 },
    { arbitrary: raw('application/json', deep), weight: 1 },
    {
      arbitrary: raw(
        'application/json',
        fc.constantFrom(
          '',
          '{',
          '{"a":',
          'null',
          '[]',
          '"x"',
          '1',
          '{"__proto__":{"x":1}}',
          '\u0000',
          '{"a":"\\u0000"}',
          '{"a":"\\ud800"}',
          JSON.stringify({ a: BIG }),
        ),
      ),
      weight: 2,
    },
    {
      arbitrary: raw('application/json', fc.string({ unit: 'binary', maxLength: 200 })),
      weight: 1,
    },
    { arbitrary: raw('text/plain', fc.string({ maxLength: 100 })), weight: 1 },
    {
      arbitrary: raw(
        'application/x-www-form-urlencoded',
        fc.constantFrom('a=1&b=%00', 'email=ann%40example.com&password=x', '%ZZ', ''),
      ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.string({ maxLength: 20 }), fc.uint8Array({ maxLength: 2000 }), fc.boolean())
        .map(([name, bytes, wellFormed]): BodyKind => ({
          kind: 'raw',
          contentType: wellFormed
            ? 'multipart/form-data; boundary=fuzzboundary42'
            : 'multipart/form-data',
          payload: multipart('file', `${name}\u0000.jpg`, Buffer.from(bytes)),
        })),
      weight: 2,
    },
    {
      arbitrary: raw(
        'multipart/form-data; boundary=x',
        fc.constantFrom(
          '--x\r\n',
          '--x--',
          'garbage',
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\n',
        ),
      ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'application/xml',
            'application/json; charset=utf-99',
            'application/octet-stream',
            'image/jpeg',
            ';;;',
            'application/json\u0000',
          ),
          fc.string({ maxLength: 50 }),
        )
        .map(([contentType, payload]): BodyKind => ({ kind: 'raw', contentType, payload })),
      weight: 1,
    },
    { arbitrary: raw(undefined, fc.string({ maxLength: 50 })), weight: 1 },
  );
}

export interface FuzzRequest {
  persona: Persona;
  options: InjectOptions;
  label: string;
}

function requestOf(op: Operation, ids: FuzzIds, personas: Persona[]): fc.Arbitrary<FuzzRequest> {
  const params = fc.tuple(...op.pathParams.map((p) => pathParamValue(p.name, p.schema, ids)));
  const query = fc.oneof(
    { arbitrary: fc.constant<[string, string][]>([]), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          ...op.query.map((q) =>
            fc.option(
              fc.oneof(
                { arbitrary: conforming(q.schema, ids).map((v) => String(v)), weight: 3 },
                { arbitrary: hostileString, weight: 1 },
              ),
              { nil: undefined },
            ),
          ),
          fc.array(fc.tuple(hostileString, hostileString), { maxLength: 2 }),
        )
        .map((parts) => {
          const extra = parts.pop() as [string, string][];
          const known = (parts as (string | undefined)[])
            .map((v, i) => [op.query[i]!.name, v] as const)
            .filter((e): e is [string, string] => e[1] !== undefined);
          return [...known, ...extra];
        }),
      weight: 4,
    },
  );
  const headers = fc.record(
    {
      'user-agent': hostileString,
      'x-request-id': hostileString,
      'x-forwarded-for': fc.oneof(fc.ipV4(), hostileString),
      'accept-language': hostileString,
      'sec-fetch-site': fc.constantFrom(
        'same-origin',
        'same-origin',
        'same-origin',
        'none',
        'cross-site',
      ),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({
      persona: fc.constantFrom(...personas),
      params,
      query,
      body: bodyOf(op, ids),
      headers,
      ip: fc.ipV4(),
      method: fc.oneof(
        { arbitrary: fc.constant(op.method), weight: 20 },
        {
          arbitrary: fc.constantFrom<InjectOptions['method']>('HEAD', 'OPTIONS', 'DELETE', 'PATCH'),
          weight: 1,
        },
      ),
    })
    .map(({ persona, params: values, query: pairs, body, headers: extra, ip, method }) => {
      let url = op.path;
      op.pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encode(values[i]!));
      });
      if (pairs.length) url += `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
      const key = `${op.method} ${op.path}`;
      const who = SESSION_CHANGING.has(key) ? { name: persona.name } : persona;
      const requestHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(extra))
        if (typeof v === 'string') requestHeaders[k] = headerSafe(v);
      if (who.cookie) requestHeaders.cookie = who.cookie;
      const options: InjectOptions = {
        method: method ?? op.method,
        url,
        remoteAddress: ip,
        headers: requestHeaders,
      };
      if (body.kind === 'json') {
        requestHeaders['content-type'] = 'application/json';
        options.payload =
          body.value === undefined ? 'null' : (JSON.stringify(body.value) ?? 'null');
      } else if (body.kind === 'raw') {
        if (body.contentType !== undefined)
          requestHeaders['content-type'] = headerSafe(body.contentType);
        options.payload = body.payload;
      }
      return { persona: who, options, label: `${who.name} ${options.method} ${op.path}` };
    });
}

export interface FuzzFailure {
  label: string;
  url: string;
  status: number | string;
  request: string;
  response: string;
}

export interface FuzzResult {
  requests: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
}

/** Sends `requests` generated requests with a fixed seed; a failure is any 5xx or a request the server dropped. */
export async function fuzz({
  app,
  document,
  ids,
  personas,
  seed,
  requests,
}: {
  app: FastifyInstance;
  document: unknown;
  ids: FuzzIds;
  personas: Persona[];
  seed: number;
  requests: number;
}): Promise<FuzzResult> {
  const ops = operationsOf(document as OpenApiDocument);
  const arbitrary = fc.oneof(...ops.map((op) => requestOf(op, ids, personas)));
  const result: FuzzResult = { requests: 0, byStatus: {}, failures: [] };
  const snippet = (value: unknown) => {
    const text = Buffer.isBuffer(value) ? value.toString('latin1') : String(value ?? '');
    return text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text;
  };
  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      result.requests += 1;
      let status: number | string;
      let response = '';
      try {
        const res = await send(app, request.options);
        status = res.statusCode;
        if (status >= 500) response = snippet(res.body);
      } catch (err) {
        status = `dropped (${(err as Error).message})`;
      }
      result.byStatus[String(status)] = (result.byStatus[String(status)] ?? 0) + 1;
      if (typeof status !== 'number' || status >= 500) {
        result.failures.push({
          label: request.label,
          url: snippet(request.options.url),
          status,
          request: snippet(request.options.payload),
          response,
        });
      }
      return true;
    }),
    { seed, numRuns: requests, endOnFailure: true },
  );
  return result;
}
