import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiMessages, type RenewalPrefill } from '@waypoint/contracts';
import { selectSelectedCountryId, selectSelectedVisaTypeId } from '@waypoint/platform';
import { activateLocale } from '@waypoint/ui';
import { APPLY_STORAGE_KEY, selectApply } from '../state';
import {
  callsTo,
  currentPath,
  failure,
  findTitle,
  mockApi,
  ok,
  passport,
  renderApply,
  traveler1,
  type Reply,
} from '../test/renderApply';

const RENEWAL = 'POST /api/reminders/renewal';
const NOTICE = 'We have filled in your details from your previous application.';

const prefill: RenewalPrefill = {
  countryCode: 'FR',
  visaTypeId: 'uk-visitor',
  email: traveler1.email,
  traveler: {
    firstName: traveler1.firstName,
    lastName: traveler1.lastName,
    dateOfBirth: traveler1.dateOfBirth,
  },
};

const invalidLink = failure(400, ApiMessages['casework.reminderLinkInvalid'], {
  messageKey: 'casework.reminderLinkInvalid',
});

/** An application saved earlier in this browser, which the wizard would otherwise offer to continue. */
const savedDraft = {
  countryId: 'US',
  visaTypeId: 'uk-eta',
  arrivalDate: null,
  hasPlannedDates: false,
  travelers: [{ ...traveler1, firstName: 'Grace', passport }],
  selectedProcessingOption: 'fast',
  currentStep: 3,
  email: traveler1.email,
};

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe("a new application from a reminder email's link", () => {
  it('fills in the wizard with the previous details and opens its first step with a notice', async () => {
    const sent = mockApi({
      [RENEWAL]: ok(prefill),
      'GET /api/applications/session-data': ok({ data: savedDraft, sessionId: 's1' }),
    });
    // A wizard under way in this tab is replaced by the new application.
    const { store } = await renderApply('/renew?token=tok%2F123', {
      wizard: { currentStep: 3, travelers: [{ ...traveler1, firstName: 'Grace', passport }] },
    });

    const entries = window.history.length;
    await findTitle('Trip details');
    // The traveller starts using the page: the later steps download meanwhile (see routes.tsx).
    const user = userEvent.setup();
    await user.tab();
    expect(currentPath()).toBe('/application/trip-details');
    // In place of the link: Back does not open it again, and its token leaves the history.
    expect(window.history.length).toBe(entries);
    expect(document.title).toBe('Trip details – Waypoint');
    expect(screen.getByRole('region', { name: NOTICE })).toHaveTextContent(
      'Check them and add your new passport.',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Apply for' })).toHaveValue('uk-visitor'),
    );
    expect(screen.getByRole('combobox', { name: /Where are you from\?/ })).toHaveValue('France');
    expect(screen.getByRole('region', { name: 'Visa information' })).toHaveTextContent(
      'Visa required',
    );
    expect(callsTo(sent, RENEWAL)).toEqual([
      {
        method: 'POST',
        path: '/api/reminders/renewal',
        query: '',
        contentType: expect.stringContaining('application/json'),
        body: { token: 'tok/123' },
      },
    ]);

    // In the wizard's state, and kept in the tab as anything typed into it is.
    const state = store.getState();
    expect(selectSelectedCountryId(state)).toBe('FR');
    expect(selectSelectedVisaTypeId(state)).toBe('uk-visitor');
    expect(selectApply(state)).toMatchObject({ currentStep: 1, travelers: [traveler1] });
    expect(JSON.parse(window.sessionStorage.getItem(APPLY_STORAGE_KEY) ?? '{}')).toMatchObject({
      currentStep: 1,
      travelers: [traveler1],
    });
    // The application saved earlier is not offered in place of these details.
    await waitFor(() =>
      expect(callsTo(sent, 'GET /api/applications/session-data')).toHaveLength(1),
    );
    expect(screen.queryByRole('button', { name: 'Continue application' })).not.toBeInTheDocument();

    // The traveller's information is there on the next step; the passport is theirs to add.
    await user.click(screen.getByRole('button', { name: 'Start applying' }));
    await findTitle('Your information');
    expect(screen.getByRole('textbox', { name: /First and middle name/ })).toHaveValue('Ada');
    expect(screen.getByRole('textbox', { name: /Last name/ })).toHaveValue('Lovelace');
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('ada@example.com');
    const birth = screen.getByRole('group', { name: /Date of birth/ });
    expect(within(birth).getByRole('combobox', { name: 'Day' })).toHaveValue('10');
    expect(within(birth).getByRole('combobox', { name: 'Month' })).toHaveValue('12');
    expect(within(birth).getByRole('combobox', { name: 'Year' })).toHaveValue('1990');
    expect(screen.queryByRole('region', { name: NOTICE })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Passport information');
    expect(screen.getByRole('textbox', { name: /Passport number/ })).toHaveValue('');
    expect(callsTo(sent, 'POST /api/applications/save')[0]?.body).toMatchObject({
      countryId: 'FR',
      visaTypeId: 'uk-visitor',
      travelers: [traveler1],
      currentStep: 3,
    });
    expect(callsTo(sent, RENEWAL)).toHaveLength(1);
  });

  it('says so while it gets the details', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    mockApi({
      [RENEWAL]: () =>
        new Promise<Reply>((resolve) => {
          answer = resolve;
        }),
    });
    await renderApply('/renew?token=tok');
    await findTitle('Start a new application');
    expect(document.title).toBe('Start a new application – Waypoint');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Getting the details of your previous application…',
    );
    answer(ok(prefill));
    await findTitle('Trip details');
  });

  it('shows a link that is not valid, moves focus to the message and offers a new application from the beginning', async () => {
    const sent = mockApi({ [RENEWAL]: invalidLink });
    const { store } = await renderApply('/renew?token=forged', {
      wizard: { currentStep: 2, travelers: [{ ...traveler1, firstName: 'Grace' }] },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link is not valid any more.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Start a new application');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/renew?token=forged');
    expect(callsTo(sent, RENEWAL)).toHaveLength(1);
    // Nothing of the wizard changed.
    expect(selectApply(store.getState()).travelers[0]?.firstName).toBe('Grace');

    const fresh = screen.getByRole('link', { name: 'Start a new application from the beginning' });
    expect(fresh).toHaveAttribute('href', '/application/trip-details');
    await userEvent.setup().click(fresh);
    await findTitle('Trip details');
    expect(screen.queryByRole('region', { name: NOTICE })).not.toBeInTheDocument();
    expect(selectApply(store.getState())).toMatchObject({
      currentStep: 1,
      travelers: [{ firstName: '', lastName: '', dateOfBirth: '' }],
    });
  });

  it('says a link without its token is not valid, without asking the server', async () => {
    const sent = mockApi({ [RENEWAL]: ok(prefill) });
    await renderApply('/renew');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid any more.');
    expect(callsTo(sent, RENEWAL)).toEqual([]);
  });

  it('offers to try again when the server could not answer', async () => {
    const sent = mockApi({
      [RENEWAL]: [
        failure(503, 'We are very busy right now. Please try again in a few seconds.', {
          messageKey: 'availability.overloaded',
        }),
        ok(prefill),
      ],
    });
    await renderApply('/renew?token=tok');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We are very busy right now.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await findTitle('Trip details');
    expect(screen.getByRole('region', { name: NOTICE })).toBeInTheDocument();
    expect(callsTo(sent, RENEWAL)).toHaveLength(2);
  });
});

describe("a reminder's link in other languages", () => {
  it('gives the notice in French', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [RENEWAL]: ok(prefill) });
    await renderApply('/renew?token=tok');
    await findTitle('Détails du voyage');
    expect(
      screen.getByRole('region', {
        name: 'Nous avons rempli vos informations à partir de votre demande précédente.',
      }),
    ).toHaveTextContent('Vérifiez-les et ajoutez votre nouveau passeport.');
  });

  it('says in Arabic that the link is not valid, with the way to start afresh', async () => {
    await act(() => activateLocale('ar'));
    mockApi({ [RENEWAL]: invalidLink });
    await renderApply('/renew?token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('لم يعد هذا الرابط صالحًا.');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('بدء طلب جديد');
    expect(screen.getByRole('link', { name: 'بدء طلب جديد من البداية' })).toHaveAttribute(
      'href',
      '/application/trip-details',
    );
  });
});
