import { z } from 'zod';
import { apiMessage } from './api-messages';
import { ValidationText } from './messages';
import { isRealDate } from './wizard';

/**
 * The building blocks of every schema. Each string the API accepts goes through `text()`, so a NUL character or
 * broken Unicode (an unpaired surrogate) is refused with a clear message before it can reach the database, which
 * cannot store either.
 */
const FORBIDDEN_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding the NUL character is the point
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string holds a NUL character or an unpaired surrogate. */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value);
}

/** The string with NUL characters removed and unpaired surrogates replaced (for names taken as they come). */
export function withoutForbiddenCharacters(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- removing the NUL character is the point
      .replace(/\u0000/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  );
}

/**
 * The message of a problem with a string whose schema gave no words of its own, by its rule: missing, too short,
 * too long, anything else (a wrong type, a format). Every string schema starts with it (`text()` without an
 * `error`), so zod's own English ("Too big: expected string to have <=300 characters") never reaches a person.
 */
export const textIssueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null
        ? ValidationText.required
        : ValidationText.invalidValue;
    case 'too_small':
      return Number(issue.minimum) <= 1
        ? ValidationText.required
        : apiMessage('validation.atLeastCharacters', { min: Number(issue.minimum) });
    case 'too_big':
      return apiMessage('validation.atMostCharacters', { max: Number(issue.maximum) });
    default:
      return ValidationText.invalidValue;
  }
};

/**
 * A string without NUL characters or unpaired surrogates: the only string schema the contracts use. Without an
 * `error` of its own, each rule's problem is told by {@link textIssueMessage}; a schema that gives one (the
 * field's "… is required") gives every check a message of its own too.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params ?? { error: textIssueMessage }).refine((v) => !hasForbiddenCharacters(v), {
    message: ValidationText.forbiddenCharacters,
    abort: true,
  });
}

/**
 * The words of a value no form lets a person get wrong (a flag, a number or a choice the page sets itself): only
 * another client can send it, and it is told the catalog's generic message, never zod's.
 */
export const INVALID_VALUE = { error: ValidationText.invalidValue } as const;

/** The words of a choice from a fixed list (`z.enum`) that is not one of its options. */
export const CHOOSE_FROM_LIST = { error: ValidationText.chooseFromList } as const;

/** At most `max` items of a list (`z.array(…).max(max, atMostItems(max))`). */
export const atMostItems = (max: number) => apiMessage('validation.atMostItems', { max });

/** A query parameter that may be left blank: '' is the same as leaving it out. */
export function blankOr<T extends z.ZodType>(
  schema: T,
  error: string = ValidationText.chooseFromList,
) {
  return z.union([schema.optional(), z.literal('').transform(() => undefined)], { error });
}

/** An id the database made (a UUID; the format admits no NUL or surrogate either). */
export const Uuid = z.uuid(ValidationText.invalidId);
export type Uuid = z.infer<typeof Uuid>;

/** A real calendar date written YYYY-MM-DD (no 2024-02-30, no month 13). */
export const IsoDate = text()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ValidationText.dateFormat)
  .refine((v) => isRealDate(v), ValidationText.realDate);
export type IsoDate = z.infer<typeof IsoDate>;

/** A lower-case identifier of reference data, e.g. `uk-eta`. */
export const Slug = text()
  .trim()
  .min(1, ValidationText.invalidId)
  .max(64, ValidationText.invalidId)
  .regex(/^[a-z0-9-]+$/, ValidationText.invalidId);
export type Slug = z.infer<typeof Slug>;

/** The path of every route that names one record: `/…/:id`. */
export const IdParams = z.object({ id: Uuid });
export type IdParams = z.input<typeof IdParams>;
