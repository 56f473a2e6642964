import { compileMessage } from '@lingui/message-utils/compileMessage';
import {
  API_MESSAGE_KEYS,
  apiMessage,
  ApiMessages,
  isListMessage,
  issueMessageKey,
  messageKeyOf,
  messageList,
  messageListRefs,
} from './api-messages';
import { STATUS_MESSAGE_KEY } from './order-rules';
import { AuthText } from './auth-text';
import { LoginBody, RegisterBody } from './auth';
import { CreatePaymentIntentBody } from './application';
import { AdminText } from './admin-text';
import { PaymentText } from './payments';
import { IsoDate, text } from './primitives';
import { validateTravelers, WizardText } from './wizard';

describe('the API message catalog', () => {
  it.each(API_MESSAGE_KEYS)('%s is valid ICU MessageFormat', (key) => {
    expect(() => compileMessage(ApiMessages[key])).not.toThrow();
  });

  it('has dotted keys grouped by area', () => {
    for (const key of API_MESSAGE_KEYS) expect(key).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it('gives every parameterless message back its own text and key', () => {
    for (const key of API_MESSAGE_KEYS) {
      const english = apiMessage(key);
      if (/[{}]/.test(ApiMessages[key])) continue;
      expect(english).toBe(ApiMessages[key].replace(/''/g, "'"));
      expect(ApiMessages[messageKeyOf(english)!.key]).toBe(ApiMessages[key]);
    }
  });

  it('fills in parameters and plurals with the wording the API has always used', () => {
    expect(AuthText.passwordThrottled(1)).toBe(
      'Too many incorrect passwords. Please wait 1 second and try again, or log in with a link sent to your email.',
    );
    expect(AuthText.passwordThrottled(30)).toContain('Please wait 30 seconds and try again');
    expect(AuthText.recoveryCodeUsed(1)).toBe(
      'You signed in with a recovery code. 1 recovery code left.',
    );
    expect(AuthText.recoveryCodeUsed(0)).toBe(
      'You signed in with a recovery code. 0 recovery codes left.',
    );
    expect(AdminText.transitionNotAllowed('Draft', 'Approved')).toBe(
      'An application cannot go from Draft to Approved.',
    );
    expect(PaymentText.notCompleted('canceled')).toBe('Payment not completed: canceled');
    expect(apiMessage('reference.unknownCountry', { countryId: 'ZZ' })).toBe(
      "We do not know the country 'ZZ'",
    );
    expect(
      apiMessage('wizard.travelerIssue', { number: 2, detailKey: 'wizard.lastNameRequired' }),
    ).toBe('Traveller 2: Last name is required');
  });

  it('names statuses by their keys and lists by their messages, in the same English', () => {
    expect(
      apiMessage('admin.transitionNotAllowed', {
        fromKey: STATUS_MESSAGE_KEY.DRAFT,
        toKey: STATUS_MESSAGE_KEY.APPROVED,
      }),
    ).toBe('An application cannot go from Awaiting payment to Approved.');
    const list = messageList([
      { key: 'missing.generalInformation' },
      {
        key: 'application.missingTravelerItem',
        params: { number: 1, name: 'Ann Lee', itemKey: 'missing.photo' },
      },
    ]);
    expect(apiMessage('application.incomplete', { missingKeys: list })).toBe(
      "Please complete the following before submitting: General information; Traveller 1 (Ann Lee): applicant's photo.",
    );
    expect(apiMessage('application.incompleteItems', { itemKeys: list })).toBe(
      "General information\nTraveller 1 (Ann Lee): applicant's photo",
    );
    expect(isListMessage('application.incompleteItems')).toBe(true);
    expect(isListMessage('application.incomplete')).toBe(false);
    // A list parameter holding plain text (or a broken list) is shown as it is.
    expect(messageListRefs('[{"key":"no.such"}]')).toBeUndefined();
    expect(messageListRefs('work')).toBeUndefined();
    expect(apiMessage('application.incomplete', { missingKeys: 'work' })).toBe(
      'Please complete the following before submitting: work.',
    );
    expect(messageKeyOf('Please complete the following before submitting: work.')).toEqual({
      key: 'application.incomplete',
      params: { missingKeys: 'work' },
    });
  });

  it('finds the key and parameters back from a text', () => {
    expect(messageKeyOf(AuthText.passwordThrottled(12))).toEqual({
      key: 'auth.passwordThrottled',
      params: { seconds: 12 },
    });
    expect(messageKeyOf(AuthText.recoveryCodeUsed(1))).toEqual({
      key: 'auth.recoveryCodeUsed',
      params: { left: 1 },
    });
    expect(messageKeyOf("We do not know the visa type 'x-1'")).toEqual({
      key: 'reference.unknownVisaType',
      params: { visaTypeId: 'x-1' },
    });
    expect(messageKeyOf('Please use at most 64 characters')).toEqual({
      key: 'validation.atMostCharacters',
      params: { max: 64 },
    });
    expect(messageKeyOf('Something nobody wrote')).toBeUndefined();
  });

  it('gives zod issues of built-in checks and refinements their keys, on the client as on the server', () => {
    const register = RegisterBody.safeParse({
      firstName: '',
      lastName: 'x'.repeat(101),
      email: 'nope',
      password: 'abcdefgh',
      confirmPassword: 'other',
    });
    const keys = Object.fromEntries(
      register.error!.issues.map((i) => [i.path.join('.'), issueMessageKey(i)]),
    );
    expect(keys).toEqual({
      firstName: { key: 'auth.firstNameRequired' },
      lastName: { key: 'validation.atMostCharacters', params: { max: 100 } },
      email: { key: 'auth.emailInvalid' },
      confirmPassword: { key: 'auth.passwordsDoNotMatch' },
    });
    const login = LoginBody.safeParse({ email: 'a@b.co' });
    expect(issueMessageKey(login.error!.issues[0]!)).toEqual({ key: 'auth.passwordRequired' });
    expect(issueMessageKey(IsoDate.safeParse('2025-02-30').error!.issues[0]!)).toEqual({
      key: 'validation.realDate',
    });
    expect(issueMessageKey(text().safeParse('a\u0000').error!.issues[0]!)).toEqual({
      key: 'validation.forbiddenCharacters',
    });
    // A zod default message is not in the catalog: the generic key.
    expect(issueMessageKey({ message: 'Invalid input' })).toEqual({
      key: 'validation.invalidValue',
    });
  });

  it('gives the wizard rules per traveller their key and the detail key', () => {
    const [issue] = validateTravelers(
      [{ firstName: 'Ann', lastName: 'Lee', dateOfBirth: '2999-01-01', email: 'a@b.co' }],
      '2025-01-01',
    );
    expect(issue!.message).toBe(`Traveller 1: ${WizardText.dateOfBirthFuture}`);
    expect(issueMessageKey(issue!)).toEqual({
      key: 'wizard.travelerIssue',
      params: { number: 1, detailKey: 'wizard.dateOfBirthFuture' },
    });
    const body = CreatePaymentIntentBody.safeParse({
      travelers: [],
      idempotencyKey: 'k'.repeat(20),
    });
    expect(body.error!.issues.length).toBeGreaterThan(0);
    for (const i of body.error!.issues)
      expect(issueMessageKey(i).key).not.toBe('validation.invalidValue');
  });
});
