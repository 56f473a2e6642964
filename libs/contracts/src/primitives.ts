import { z } from 'zod';
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

/** A string without NUL characters or unpaired surrogates: the only string schema the contracts use. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((v) => !hasForbiddenCharacters(v), {
    message: ValidationText.forbiddenCharacters,
    abort: true,
  });
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
