import { useState, type FormEvent } from 'react';
import {
  fieldErrorsOf,
  useFormErrors,
  useNavigate,
  type FieldProblem,
  type FormFields,
} from '@waypoint/platform';
import {
  errorText,
  useRefreshApplication,
  useSaveSectionMutation,
  useStoreApplication,
  type SectionBodies,
  type SectionPath,
} from './api';
import type { SectionAccess } from './casework';
import { useRegisterSave, usePostPayment, type SaveOutcome } from './context';

/** The part of a contract schema the forms use. */
export interface BodySchema {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: readonly FieldProblem[] } };
}

export interface SectionFormOptions<P extends SectionPath> {
  path: P;
  /** The spec's red-box text when the server gives none. */
  fallback: string;
  schema: BodySchema;
  /** The body as the form holds it now (unanswered questions are null until the schema accepts them). */
  body: () => unknown;
  /** The id of each field's control, by body field path ('issuingCountry', 'passport.number'). */
  fieldIds: FormFields;
  /** Where Save & Continue goes. */
  next: string;
  /** Whether the section can be changed now, and the change staff asked for on it (`useSectionAccess`). */
  access: SectionAccess;
}

/** Client validation with the contract's schema, the PUT, and the red box, shared by the section forms. */
export function useSectionForm<P extends SectionPath>(options: SectionFormOptions<P>) {
  const { application, changes } = usePostPayment();
  const { readOnly, change } = options.access;
  const refresh = useRefreshApplication(application.id);
  const navigate = useNavigate();
  const storeApplication = useStoreApplication();
  const [saveSection, { isLoading: saving }] = useSaveSectionMutation();
  const { errors, summary, attempt, setErrors, showIssues, clearErrors } = useFormErrors(
    options.fieldIds,
  );
  const [serverError, setServerError] = useState<string | null>(null);

  const save = async (): Promise<SaveOutcome> => {
    if (readOnly) return 'saved';
    const parsed = options.schema.safeParse(options.body());
    if (!parsed.success) {
      showIssues(parsed.error.issues);
      setServerError(null);
      return 'invalid';
    }
    clearErrors();
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
      setErrors(fieldErrorsOf(error) ?? {});
      setServerError(errorText(error, options.fallback));
      // Refused because the order changed meanwhile (e.g. staff asked for other changes): show it as it is now.
      if ((error as { status?: number } | null)?.status === 409) refresh();
      return 'failed';
    }
  };

  useRegisterSave(save);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if ((await save()) === 'saved') navigate(options.next);
  };

  return {
    errors,
    summary,
    attempt,
    serverError,
    saving,
    readOnly,
    change,
    locked: changes !== null && readOnly,
    onSubmit: (e: FormEvent) => void onSubmit(e),
  };
}
