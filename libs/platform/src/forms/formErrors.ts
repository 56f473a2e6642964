import { useCallback, useMemo, useState } from 'react';
import { ClientErrorText, type FieldErrors } from '@waypoint/contracts';
import { isApiError } from '../api/envelope';

/**
 * One problem with what a form holds: a zod issue from a contract schema's `safeParse`, or an `Issue` of the
 * contracts' plain validators (the wizard's). Typed by shape, so this module needs no zod.
 */
export interface FieldProblem {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** A line of the error summary: the message and the id of the control it links to (`FieldError` of the UI). */
export interface SummaryLine {
  fieldId: string;
  message: string;
}

/** Field name → the id of its control, in the order of the form. */
export type FormFields = Readonly<Record<string, string>>;

/**
 * Whether a text is a message of the catalog. `@waypoint/platform/i18n`, which holds the catalog, installs the
 * check when it loads (a page without forms never downloads the catalog); until then every text passes.
 */
let isCatalogMessage: (text: string) => boolean = () => true;

export function setCatalogMessageCheck(check: (text: string) => boolean): void {
  isCatalogMessage = check;
}

/**
 * A validator's or the API's message as a person may read it. A catalog message is kept (the design system shows
 * it in the reader's language); any other text, such as zod's own English ("Too big: expected string to have
 * <=300 characters") or a rule that was given no message, becomes the catalog's generic "Please check this answer
 * and try again", and is reported in development so that the rule gets a message of its own.
 */
export function shownMessage(message: string): string {
  if (isCatalogMessage(message)) return message;
  if (process.env.NODE_ENV !== 'production') {
    // eslint-disable-next-line no-console -- a developer must give this rule a catalog message
    console.error(`A form error is not a catalog message, so a generic one is shown: ${message}`);
  }
  return ClientErrorText.invalidValue;
}

/** The dotted path of a problem, as the API keys its `fieldErrors`: `email`, `address.line1`, `passport.number`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * The first message of each field, as a person may read it ({@link shownMessage}). `fieldOf` names the field a
 * problem belongs to: its dotted path unless told otherwise (the wizard names the control instead); a problem it
 * names no field for ('') is left out.
 */
export function fieldErrorsFromIssues(
  issues: readonly FieldProblem[],
  fieldOf: (path: readonly PropertyKey[]) => string = fieldPath,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field !== '' && !(field in errors)) errors[field] = shownMessage(issue.message);
  }
  return errors;
}

/** The field errors the API sent with a failed call (400 with `fieldErrors`), if any, as a person may read them. */
export function fieldErrorsOf(error: unknown): FieldErrors | undefined {
  if (!isApiError(error) || !error.fieldErrors) return undefined;
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, message]) => [field, shownMessage(message)]),
  );
}

/** Only the errors of the fields this form has. */
export function knownFieldErrors(errors: FieldErrors | undefined, fields: FormFields): FieldErrors {
  const known: FieldErrors = {};
  for (const [name, message] of Object.entries(errors ?? {})) {
    if (name in fields) known[name] = message;
  }
  return known;
}

/**
 * The error summary's lines: the form's fields in their order, then any other field as it came, linking to the
 * control of the field (or to an element with the field's name as id).
 */
export function summaryLines(errors: FieldErrors, fields: FormFields = {}): SummaryLine[] {
  const known = Object.keys(fields).filter((name) => errors[name] !== undefined);
  const others = Object.keys(errors).filter((name) => !(name in fields));
  return [...known, ...others].map((name) => ({
    fieldId: fields[name] ?? name,
    message: errors[name] as string,
  }));
}

const NO_FIELDS: FormFields = {};

/**
 * The errors a form shows at its fields and in its error summary, from client-side validation (zod issues or the
 * contracts' validators) and from the API's field errors alike. `attempt` changes on each `showErrors`, so the
 * summary takes focus again after every failed submit (pass it as the summary's `focusKey`).
 */
export function useFormErrors(fields: FormFields = NO_FIELDS) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);

  /** Shows these errors and moves focus to the summary. */
  const showErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    setAttempt((count) => count + 1);
  }, []);

  /** Shows the first problem of each field and moves focus to the summary. */
  const showIssues = useCallback(
    (issues: readonly FieldProblem[], fieldOf?: (path: readonly PropertyKey[]) => string) =>
      showErrors(fieldErrorsFromIssues(issues, fieldOf)),
    [showErrors],
  );

  const clearErrors = useCallback(() => setErrors({}), []);

  const summary = useMemo(() => summaryLines(errors, fields), [errors, fields]);

  return { errors, summary, attempt, setErrors, showErrors, showIssues, clearErrors };
}
