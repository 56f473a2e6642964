import { z } from 'zod';
import * as contracts from './index';
import { messageKeyOf } from './api-messages';
import { textIssueMessage } from './primitives';

/**
 * No validator's words reach a person unless they are a catalog message: every request schema the API checks and
 * the front ends check forms with gives each of its rules a message of `ApiMessages`, which the front ends
 * translate. zod's own English ("Too big: expected string to have <=300 characters") must never be what a
 * person reads.
 */

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/** The schemas of what a client sends: bodies, queries and paths, and the parts forms check on their own. */
const REQUEST_NAME = /(Body|Query|Params|Param|Field|Fields|RequestSchema|QuerySchema)$/;
const REQUEST_PARTS = [
  'BillingCountry',
  'BillingDetails',
  'CountryCode',
  'DraftData',
  'GrantReference',
  'HomeOfficeReference',
  'IsoDate',
  'PassportDetails',
  'PhoneCode',
  'Slug',
  'TravelerDraft',
  'TravelerRef',
  'Uuid',
];
/** Names that end like a request's but are parts of replies. */
const NOT_REQUESTS = new Set(['MessageParams']);

const requestSchemas = Object.entries(contracts)
  .filter(
    (entry): entry is [string, Schema] =>
      entry[1] instanceof z.ZodType &&
      !NOT_REQUESTS.has(entry[0]) &&
      (REQUEST_NAME.test(entry[0]) || REQUEST_PARTS.includes(entry[0])),
  )
  .sort(([a], [b]) => a.localeCompare(b));

const def = (schema: Schema) => schema._zod.def as Def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);
/** Containers: only another client sends something else than an object or a list, and the API masks that. */
const CONTAINERS = new Set(['object', 'array', 'record', 'tuple', 'intersection']);

/**
 * The rules of a schema tree without a catalog message of their own: a value a person gives (a string, a number,
 * a flag, a choice, a union of them) must say what is wrong with it, and so must each of its checks, unless the
 * string was made by `text()` without words of its own (whose messages are the catalog's, rule by rule).
 */
function rulesWithoutMessages(
  schema: Schema,
  path: string,
  out: string[],
  { inUnion = false, tag }: { inUnion?: boolean; tag?: string } = {},
) {
  const d = def(schema);
  const inner = { inUnion, ...(tag ? { tag } : {}) };
  if (WRAPPERS.has(d.type)) return rulesWithoutMessages(d.innerType as Schema, path, out, inner);
  if (d.type === 'lazy') return rulesWithoutMessages((d.getter as () => Schema)(), path, out);
  if (d.type === 'pipe') {
    rulesWithoutMessages(d.in as Schema, path, out, inner);
    if (def(d.out as Schema).type !== 'transform')
      rulesWithoutMessages(d.out as Schema, path, out, inner);
    return;
  }
  if (d.type === 'transform') return;
  // A union's options fail together as the union (its message); a discriminated union's tags choose the option.
  const exempt = CONTAINERS.has(d.type) || (inUnion && d.type === 'literal');
  if (!exempt && !d.error) out.push(`${path}: ${d.type}`);
  const checksCovered = d.error === textIssueMessage;
  for (const check of (d.checks ?? []) as z.core.$ZodCheck[]) {
    const c = check._zod.def as Def;
    if (c.check === 'overwrite') continue; // trim(), toUpperCase(): never fails
    if (c.check === 'custom' && !('fn' in c)) continue; // superRefine: its issues carry their messages
    if (!c.error && !checksCovered) out.push(`${path}: ${d.type} ${c.check}`);
  }
  if (d.type === 'object')
    for (const [key, field] of Object.entries(d.shape as Record<string, Schema>))
      rulesWithoutMessages(field, `${path}.${key}`, out, { inUnion: key === tag });
  if (d.type === 'array') rulesWithoutMessages(d.element as Schema, `${path}[]`, out);
  if (d.type === 'union') {
    const discriminator = typeof d.discriminator === 'string' ? d.discriminator : undefined;
    (d.options as Schema[]).forEach((option, i) =>
      rulesWithoutMessages(option, `${path}|${i}`, out, {
        inUnion: true,
        ...(discriminator ? { tag: discriminator } : {}),
      }),
    );
  }
  if (d.type === 'record') rulesWithoutMessages(d.valueType as Schema, `${path}{}`, out);
}

/** Values that break the rules of a field: too long, blank, of another type, impossible dates, no option. */
const BAD_VALUES: unknown[] = [
  'x'.repeat(5000),
  'x'.repeat(301),
  '',
  '   ',
  'a\u0000b',
  'NOT-AN-OPTION',
  '2027-02-31',
  '2027--31',
  '31/01/2027',
  -1,
  0,
  1.5,
  12345678901234,
  true,
  null,
  {},
  [],
];

/** The values of a schema's literal fields (a discriminated union's tag), so each option is checked. */
function literalFields(schema: Schema): Record<string, unknown> {
  const d = def(schema);
  if (d.type !== 'object') return {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(d.shape as Record<string, Schema>)) {
    const f = def(field);
    if (f.type === 'literal') out[key] = (f.values as unknown[])[0];
  }
  return out;
}

/**
 * Inputs that break each rule of the tree at least once, a field at a time. Objects and lists keep their shape:
 * only code sends them, and the API answers a request of another shape with the catalog's generic message.
 */
function badInputs(schema: Schema): unknown[] {
  const d = def(schema);
  if (WRAPPERS.has(d.type)) return badInputs(d.innerType as Schema);
  if (d.type === 'pipe') return badInputs(d.in as Schema);
  if (d.type === 'lazy') return badInputs((d.getter as () => Schema)());
  if (d.type === 'union') {
    const options = (d.options as Schema[]).filter((o) => !CONTAINERS.has(def(o).type));
    return [
      ...(options.length > 0 ? BAD_VALUES : []),
      ...(d.options as Schema[]).flatMap((o) => (CONTAINERS.has(def(o).type) ? badInputs(o) : [])),
    ];
  }
  if (d.type === 'array') {
    const items = badInputs(d.element as Schema);
    return [[], ...items.map((item) => [item]), Array(1000).fill(items[0])];
  }
  if (d.type === 'object') {
    const tags = literalFields(schema);
    const inputs: unknown[] = [tags];
    for (const [key, field] of Object.entries(d.shape as Record<string, Schema>))
      for (const value of badInputs(field)) inputs.push({ ...tags, [key]: value });
    return inputs;
  }
  if (d.type === 'record') return [{}];
  return BAD_VALUES;
}

describe('the request schemas', () => {
  it('are found by their names', () => {
    const names = requestSchemas.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'PersonalInfoBody',
        'DraftData',
        'CreatePaymentIntentBody',
        'RegisterBody',
        'UpdateProfileBody',
        'AdminListQuery',
        'DecisionBody',
      ]),
    );
    expect(names.length).toBeGreaterThan(60);
  });

  it('give every rule a catalog message', () => {
    const missing: string[] = [];
    for (const [name, schema] of requestSchemas) rulesWithoutMessages(schema, name, missing);
    expect(missing).toEqual([]);
  });

  it.each(requestSchemas)('%s says what is wrong only in catalog messages', (_name, schema) => {
    const outside = new Set<string>();
    for (const input of badInputs(schema)) {
      const result = z.safeParse(schema, input);
      for (const issue of result.success ? [] : result.error.issues)
        if (!messageKeyOf(issue.message)) outside.add(issue.message);
    }
    expect([...outside]).toEqual([]);
  });
});

describe('a string without words of its own', () => {
  const address = contracts.PersonalInfoBody.safeParse({
    travelerId: '00000000-0000-4000-8000-000000000000',
    countryOfBirth: 'FR',
    residentCountry: 'FR',
    gender: 'female',
    residenceAddress: 'x'.repeat(400),
    cityTown: 'Paris',
  });

  it('is told its limit in the catalog’s words, not zod’s', () => {
    expect(address.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['residenceAddress', 'Please use at most 300 characters'],
    ]);
    expect(messageKeyOf(address.error!.issues[0]!.message)).toEqual({
      key: 'validation.atMostCharacters',
      params: { max: 300 },
    });
  });

  it('is told it is missing, or not a text, in the catalog’s words', () => {
    const schema = z.object({ name: contracts.text(), short: contracts.text().min(3) });
    const messages = (input: unknown) =>
      schema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({})).toEqual(['Please fill in this field', 'Please fill in this field']);
    expect(messages({ name: 7, short: 'ab' })).toEqual([
      'Please check this answer and try again',
      'Please use at least 3 characters',
    ]);
  });
});
