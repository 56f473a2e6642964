import { act, renderHook } from '@testing-library/react';
import { AuthText, BillingDetails, PaymentText, RegisterBody } from '@waypoint/contracts';
import {
  fieldErrorsFromIssues,
  fieldErrorsOf,
  knownFieldErrors,
  summaryLines,
  useFormErrors,
} from './formErrors';

const issuesOf = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  (result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[];

describe('field errors from validation issues', () => {
  it('keeps the first message of each field of a contract schema, keyed by its dotted path', () => {
    const parsed = BillingDetails.safeParse({
      name: ' ',
      email: '',
      address: { line1: '', city: 'London', postal_code: '', country: 'GB' },
    });
    expect(fieldErrorsFromIssues(issuesOf(parsed))).toEqual({
      name: PaymentText.fullNameRequired,
      email: PaymentText.emailRequired,
      'address.line1': PaymentText.addressRequired,
      'address.postal_code': PaymentText.postcodeRequired,
    });
  });

  it('shows one message per field when a field breaks several rules', () => {
    const parsed = RegisterBody.safeParse({
      firstName: '',
      lastName: 'Lovelace',
      email: '',
      password: '',
      confirmPassword: 'x',
    });
    const errors = fieldErrorsFromIssues(issuesOf(parsed));
    expect(errors.email).toBe(AuthText.emailRequired);
    expect(errors.password).toBe(AuthText.passwordRequired);
    expect(errors.firstName).toBe(AuthText.firstNameRequired);
    expect(errors).not.toHaveProperty('lastName');
  });

  it('names the field as the form asks, and leaves out problems it names no field for', () => {
    const issues = [
      { path: ['travelers', 0, 'firstName'], message: 'First name is required' },
      { path: ['travelers', 0, 'firstName'], message: 'a second problem' },
      { path: ['countryId'], message: 'Please select your country' },
    ];
    const byControl = (path: readonly PropertyKey[]) =>
      path[0] === 'travelers' ? `traveler-${String(path[1])}-${String(path[2])}` : '';
    expect(fieldErrorsFromIssues(issues, byControl)).toEqual({
      'traveler-0-firstName': 'First name is required',
    });
  });
});

describe('field errors from the API', () => {
  it('reads the field errors of a failed call, and nothing from anything else', () => {
    const fieldErrors = { email: 'Valid email is required' };
    expect(fieldErrorsOf({ status: 400, message: 'Invalid', fieldErrors })).toEqual(fieldErrors);
    expect(fieldErrorsOf({ status: 500, message: 'Request failed' })).toBeUndefined();
    expect(fieldErrorsOf(new Error('boom'))).toBeUndefined();
  });

  it('keeps only the fields the form has', () => {
    expect(knownFieldErrors({ email: 'bad', code: 'wrong' }, { email: 'login-email' })).toEqual({
      email: 'bad',
    });
    expect(knownFieldErrors(undefined, { email: 'login-email' })).toEqual({});
  });
});

describe('the error summary', () => {
  it('lists the form’s fields in form order, then any other field, linking to their controls', () => {
    const fields = { name: 'billing-name', email: 'billing-email', city: 'billing-city' };
    expect(summaryLines({ other: 'x', city: 'c', name: 'n' }, fields)).toEqual([
      { fieldId: 'billing-name', message: 'n' },
      { fieldId: 'billing-city', message: 'c' },
      { fieldId: 'other', message: 'x' },
    ]);
  });
});

describe('useFormErrors', () => {
  const FIELDS = { email: 'f-email', password: 'f-password' };

  it('shows errors, moving focus to the summary on each failed submit', () => {
    const { result } = renderHook(() => useFormErrors(FIELDS));
    expect(result.current.summary).toEqual([]);
    const first = result.current.attempt;

    act(() =>
      result.current.showIssues([
        { path: ['password'], message: AuthText.passwordRequired },
        { path: ['email'], message: AuthText.emailRequired },
      ]),
    );
    expect(result.current.errors).toEqual({
      password: AuthText.passwordRequired,
      email: AuthText.emailRequired,
    });
    expect(result.current.summary).toEqual([
      { fieldId: 'f-email', message: AuthText.emailRequired },
      { fieldId: 'f-password', message: AuthText.passwordRequired },
    ]);
    expect(result.current.attempt).toBe(first + 1);

    // The same errors again still count as a new attempt.
    act(() => result.current.showErrors({ email: AuthText.emailRequired }));
    expect(result.current.attempt).toBe(first + 2);

    // Replacing or clearing the errors leaves focus where it is.
    act(() => result.current.setErrors({ password: 'x' }));
    expect(result.current.attempt).toBe(first + 2);
    act(() => result.current.clearErrors());
    expect(result.current.errors).toEqual({});
    expect(result.current.summary).toEqual([]);
    expect(result.current.attempt).toBe(first + 2);
  });
});
