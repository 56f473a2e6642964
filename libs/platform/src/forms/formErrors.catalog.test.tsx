import { act, render, renderHook, screen, within } from '@testing-library/react';
import { ClientErrorText, PersonalInfoBody, WizardText } from '@waypoint/contracts';
import { activateLocale, ErrorSummary, TextField } from '@waypoint/ui';
// Loading the shared messages installs the catalog's check (as every area that shows forms does).
import '@waypoint/platform/i18n';
import { fieldErrorsFromIssues, fieldErrorsOf, shownMessage, useFormErrors } from './formErrors';

/** zod's own words for a string over its limit: what a schema without a message of its own would say. */
const ZOD_TOO_BIG = 'Too big: expected string to have <=300 characters';

let reported: jest.SpyInstance;
beforeEach(() => {
  reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  reported.mockRestore();
  await act(() => activateLocale('en'));
});

/** A form showing the errors of `useFormErrors` at its field and in its summary. */
function Form({ errors }: { errors: Record<string, string> }) {
  const message = errors.residenceAddress;
  return (
    <form>
      <ErrorSummary
        errors={Object.entries(errors).map(([field, text]) => ({ fieldId: field, message: text }))}
      />
      <TextField id="residenceAddress" label="Residence street address" error={message} />
    </form>
  );
}

describe('a form error that is not a catalog message', () => {
  it('is never shown as it is: the generic message is shown, and reported in development', () => {
    const errors = fieldErrorsFromIssues([{ path: ['residenceAddress'], message: ZOD_TOO_BIG }]);
    render(<Form errors={errors} />);

    expect(screen.queryByText(ZOD_TOO_BIG, { exact: false })).not.toBeInTheDocument();
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link')).toHaveTextContent(
      'Please check this answer and try again',
    );
    expect(
      screen.getByRole('textbox', { name: 'Residence street address' }),
    ).toHaveAccessibleDescription('Error: Please check this answer and try again');
    expect(reported).toHaveBeenCalledWith(expect.stringContaining(ZOD_TOO_BIG));
  });

  it('is shown in the reader’s language like any other', async () => {
    await act(() => activateLocale('fr'));
    render(<Form errors={{ residenceAddress: shownMessage('Invalid input') }} />);
    expect(screen.getByRole('link')).toHaveTextContent(
      'Veuillez vérifier cette réponse et réessayer',
    );
  });

  it('from the API is replaced the same way; catalog messages are kept', () => {
    expect(
      fieldErrorsOf({
        status: 400,
        message: 'Invalid',
        fieldErrors: {
          gender: 'Invalid option: expected one of "male"|"female"',
          cityTown: 'City/town is required',
        },
      }),
    ).toEqual({ gender: ClientErrorText.invalidValue, cityTown: 'City/town is required' });
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it('comes from no schema of the contracts: a too long address is told its limit', () => {
    const parsed = PersonalInfoBody.safeParse({
      travelerId: '00000000-0000-4000-8000-000000000000',
      countryOfBirth: 'FR',
      residentCountry: 'FR',
      gender: 'female',
      residenceAddress: 'x'.repeat(400),
      cityTown: 'Paris',
    });
    const { result } = renderHook(() => useFormErrors());
    act(() => result.current.showIssues(parsed.error!.issues));
    expect(result.current.errors).toEqual({
      residenceAddress: 'Please use at most 300 characters',
    });
    expect(reported).not.toHaveBeenCalled();
  });

  it('keeps the wizard’s messages, each traveller’s and a list of missing items one a line', () => {
    const list = "General information\nTraveller 1 (Ann Lee): applicant's photo";
    for (const message of [
      WizardText.countryRequired,
      `Traveller 2: ${WizardText.dateOfBirthFuture}`,
      list,
    ])
      expect(shownMessage(message)).toBe(message);
    expect(reported).not.toHaveBeenCalled();
  });
});
