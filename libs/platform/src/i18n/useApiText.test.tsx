import { act, render, renderHook, screen } from '@testing-library/react';
import {
  AuthText,
  messageList,
  PostPaymentText,
  ValidationText,
  WizardText,
  type ApiMessageRef,
} from '@waypoint/contracts';
import { activateLocale, Banner, ErrorBox, ErrorSummary, TextField } from '@waypoint/ui';
import { errorText, useApiText, useErrorText } from './index';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

function apiTextIn() {
  return renderHook(() => useApiText());
}

describe('useApiText', () => {
  it('returns every text as it is in English', () => {
    const { result } = apiTextIn();
    expect(result.current(WizardText.countryRequired)).toBe('Please select your country');
    expect(result.current('Something nobody wrote')).toBe('Something nobody wrote');
  });

  it('translates a catalog text, and leaves any other text as it is', async () => {
    const { result } = apiTextIn();
    await act(() => activateLocale('fr'));
    expect(result.current(WizardText.countryRequired)).toBe('Veuillez sélectionner votre pays');
    expect(result.current(ValidationText.realDate)).toBe('Veuillez saisir une date valide');
    expect(result.current('Something nobody wrote')).toBe('Something nobody wrote');
    await act(() => activateLocale('de'));
    expect(result.current(AuthText.wrongCredentials)).toBe(
      'E-Mail-Adresse oder Passwort ist falsch',
    );
    await act(() => activateLocale('es'));
    expect(result.current(PostPaymentText.readOnly)).toBe(
      'Esta solicitud ya se ha presentado y no se puede modificar.',
    );
  });

  it('gives a new function for each language, so memoised parts re-render', async () => {
    const { result } = apiTextIn();
    const english = result.current;
    await act(() => activateLocale('fr'));
    expect(result.current).not.toBe(english);
  });

  it('keeps the parameters, in the plural form of the language', async () => {
    const { result } = apiTextIn();
    await act(() => activateLocale('fr'));
    expect(result.current('Please use at most 64 characters')).toBe(
      'Veuillez utiliser au plus 64 caractères',
    );
    expect(result.current(AuthText.passwordThrottled(1))).toContain(
      'Veuillez patienter 1 seconde avant',
    );
    expect(result.current(AuthText.passwordThrottled(30))).toContain(
      'Veuillez patienter 30 secondes avant',
    );
    expect(result.current("We do not know the country 'ZZ'")).toBe(
      'Le pays « ZZ » nous est inconnu',
    );
    await act(() => activateLocale('ar'));
    expect(result.current(AuthText.passwordThrottled(2))).toContain('يرجى الانتظار ثانيتين ثم');
    expect(result.current(AuthText.recoveryCodeUsed(1))).toContain('تبقّى لديك رمز استرداد واحد');
  });

  it('puts the message of a …Key parameter in its place', async () => {
    const { result } = apiTextIn();
    await act(() => activateLocale('fr'));
    expect(result.current(`Traveller 2: ${WizardText.dateOfBirthFuture}`)).toBe(
      'Voyageur 2 : La date de naissance doit être dans le passé',
    );
    expect(result.current('An application cannot go from Submitted to Approved.')).toBe(
      'Une demande ne peut pas passer de « Déposée » à « Approuvée ».',
    );
    await act(() => activateLocale('ar'));
    expect(result.current(`Traveller 1: ${WizardText.lastNameRequired}`)).toBe(
      'المسافر 1: اسم العائلة مطلوب',
    );
  });
});

describe('errorText', () => {
  const missing: ApiMessageRef[] = [
    { key: 'missing.generalInformation' },
    {
      key: 'application.missingTravelerItem',
      params: { number: 1, name: 'Ann Lee', itemKey: 'missing.photo' },
    },
  ];
  const incomplete = {
    message:
      "Please complete the following before submitting: General information; Traveller 1 (Ann Lee): applicant's photo.",
    messageKey: 'application.incomplete',
    messageParams: { missingKeys: messageList(missing) },
  };

  it("prefers the reply's key and parameters, lists included", async () => {
    expect(errorText(incomplete)).toBe(incomplete.message);
    await act(() => activateLocale('fr'));
    expect(errorText(incomplete)).toBe(
      'Veuillez compléter les éléments suivants avant de soumettre votre demande : Informations générales; Voyageur 1 (Ann Lee) : photo du demandeur.',
    );
    await act(() => activateLocale('ar'));
    expect(errorText(incomplete)).toBe(
      'يرجى إكمال ما يلي قبل تقديم الطلب: المعلومات العامة؛ المسافر 1 (Ann Lee): صورة مقدّم الطلب.',
    );
  });

  it('finds a list back from its English text too', async () => {
    const { result } = apiTextIn();
    await act(() => activateLocale('es'));
    expect(result.current(incomplete.message)).toBe(
      'Complete lo siguiente antes de presentar la solicitud: Información general; Viajero 1 (Ann Lee): fotografía del solicitante.',
    );
    // The same list one a line (the submission's field error).
    expect(result.current("General information\nTraveller 1 (Ann Lee): applicant's photo")).toBe(
      'Información general\nViajero 1 (Ann Lee): fotografía del solicitante',
    );
    expect(result.current('General information\nsomething else')).toBe(
      'General information\nsomething else',
    );
    // An item that is not a catalog text leaves the list as it is.
    expect(result.current('Please complete the following before submitting: something else.')).toBe(
      'Complete lo siguiente antes de presentar la solicitud: something else.',
    );
  });

  it('uses the text when the key does not describe it (a fallback of the caller), or there is none', async () => {
    await act(() => activateLocale('de'));
    expect(errorText({ message: 'Login failed', messageKey: 'auth.wrongCredentials' })).toBe(
      'Login failed',
    );
    expect(errorText({ message: AuthText.emailTaken })).toBe(
      'Mit dieser E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.',
    );
    // A status change refused: the statuses by their keys.
    expect(
      errorText({
        message: 'An application cannot go from Awaiting payment to Approved.',
        messageKey: 'admin.transitionNotAllowed',
        messageParams: { fromKey: 'applicationStatus.draft', toKey: 'applicationStatus.approved' },
      }),
    ).toBe('Ein Antrag kann nicht von „Zahlung ausstehend“ zu „Genehmigt“ wechseln.');
  });

  it('is a hook too, re-rendering with the language', async () => {
    const { result } = renderHook(() => useErrorText());
    expect(result.current({ message: AuthText.wrongPassword })).toBe('The password is incorrect.');
    await act(() => activateLocale('es'));
    expect(result.current({ message: AuthText.wrongPassword })).toBe(
      'La contraseña es incorrecta.',
    );
  });
});

describe('the design system shows API texts in the reader’s language', () => {
  function Form() {
    return (
      <>
        <ErrorSummary
          errors={[
            { fieldId: 'email', message: AuthText.emailInvalid },
            { fieldId: 'password', message: AuthText.passwordTooShort },
          ]}
        />
        <TextField id="email" label="Email" error={AuthText.emailInvalid} />
        <TextField id="name" label="Name" error="A text of the area" />
        <Banner tone="warning">{AuthText.notSignedIn}</Banner>
        <ErrorBox>{AuthText.wrongCredentials}</ErrorBox>
      </>
    );
  }

  it('in English, French and Arabic: field errors, summary lines, a banner and an error box', async () => {
    render(<Form />);
    expect(screen.getByRole('link', { name: AuthText.emailInvalid })).toBeInTheDocument();
    expect(screen.getByText(AuthText.notSignedIn)).toBeInTheDocument();

    await act(() => activateLocale('fr'));
    expect(
      screen.getByRole('link', { name: 'Une adresse e-mail valide est obligatoire' }),
    ).toHaveAttribute('href', '#email');
    expect(
      screen.getByRole('link', { name: 'Le mot de passe doit comporter au moins 8 caractères' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      /Une adresse e-mail valide est obligatoire/,
    );
    expect(screen.getByText('A text of the area')).toBeInTheDocument();
    expect(screen.getByText('Veuillez vous connecter pour continuer.')).toBeInTheDocument();
    expect(screen.getByText('Adresse e-mail ou mot de passe incorrect')).toBeInTheDocument();

    await act(() => activateLocale('ar'));
    expect(screen.getByRole('link', { name: 'يلزم إدخال بريد إلكتروني صالح' })).toBeInTheDocument();
    expect(screen.getByText('يرجى تسجيل الدخول للمتابعة.')).toBeInTheDocument();
    expect(screen.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة')).toBeInTheDocument();
  });
});
