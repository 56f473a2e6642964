import { useState, type FormEvent } from 'react';
import { useNavigate } from '@waypoint/platform';
import type { FieldError } from '@waypoint/ui';
import {
  errorText,
  fieldErrorsOf,
  useSaveSectionMutation,
  useStoreApplication,
  type SectionBodies,
  type SectionPath,
} from './api';
import { useRegisterSave, usePostPayment, type SaveOutcome } from './context';

/** The part of a contract schema the forms use. */
export interface BodySchema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface SectionFormOptions<P extends SectionPath> {
  path: P;
  /** The spec's red-box text when the server gives none. */
  fallback: string;
  schema: BodySchema;
  /** The body as the form holds it now (unanswered questions are null until the schema accepts them). */
  body: () => unknown;
  /** The id of each field's control, by body field path ('issuingCountry', 'passport.number'). */
  fieldIds: Record<string, string>;
  /** Where Save & Continue goes. */
  next: string;
}

/** Client validation with the contract's schema, the PUT, and the red box, shared by the section forms. */
export function useSectionForm<P extends SectionPath>(options: SectionFormOptions<P>) {
  const { application, readOnly } = usePostPayment();
  const navigate = useNavigate();
  const storeApplication = useStoreApplication();
  const [saveSection, { isLoading: saving }] = useSaveSectionMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);

  const save = async (): Promise<SaveOutcome> => {
    if (readOnly) return 'saved';
    const parsed = options.schema.safeParse(options.body());
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.');
        if (field && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      setServerError(null);
      setAttempt((count) => count + 1);
      return 'invalid';
    }
    setErrors({});
    setServerError(null);
    try {
      const detail = await saveSection({
        id: application.id,
        path: options.path,
        body: parsed.data as SectionBodies[P],
      }).unwrap();
      storeApplication(detail);
      return 'saved';
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setServerError(errorText(error, options.fallback));
      return 'failed';
    }
  };

  useRegisterSave(save);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if ((await save()) === 'saved') navigate(options.next);
  };

  // In the order of the form's fields, as the error summary should list them.
  const order = Object.keys(options.fieldIds);
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index < 0 ? order.length : index;
  };
  const summary: FieldError[] = Object.entries(errors)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([field, message]) => ({ fieldId: options.fieldIds[field] ?? field, message }));

  return {
    errors,
    summary,
    attempt,
    serverError,
    saving,
    readOnly,
    onSubmit: (e: FormEvent) => void onSubmit(e),
  };
}
