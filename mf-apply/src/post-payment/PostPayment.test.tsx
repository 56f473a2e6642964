import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  COUNTRY_IDS,
  orderTimeline,
  PostPaymentText,
  SUBMIT_DECLARATION,
  UploadLinkText,
  WizardText,
} from '@waypoint/contracts';
import {
  callsTo,
  currentPath,
  failure,
  findTitle,
  mockApi,
  ok,
  pickDate,
  renderApply,
} from '../test/renderApply';
import {
  APP_ID,
  T1,
  T2,
  account,
  detail,
  document,
  mockUploads,
  traveler,
} from '../test/postPayment';
import { TERRORISM_QUESTION } from './SectionForms';

const base = `/application/${APP_ID}`;
const get = `GET /api/application/${APP_ID}`;
const t1 = (slug: string) => `${base}/travelers/${T1}/${slug}`;

function sidebarLink(name: RegExp) {
  const nav = screen.getByRole('navigation', { name: 'Application sections' });
  return within(nav).getByRole('link', { name });
}

afterEach(() => {
  jest.useRealTimers();
});

describe('post-payment layout', () => {
  it('sends a guest to login, remembering the path', async () => {
    mockApi({});
    await renderApply(`${base}/general-info`);
    expect(currentPath()).toBe(
      `/auth/login?redirect=${encodeURIComponent(`${base}/general-info`)}`,
    );
  });

  it('shows trip details and each section state with icon and text, per traveller', async () => {
    const second = traveler({
      id: T2,
      position: 2,
      firstName: 'Bo',
      lastName: 'Lee',
      sections: { ...traveler().sections, passportPage: 'completed', photo: 'in_progress' },
    });
    mockApi({
      [get]: ok(
        detail({
          travelers: [traveler(), second],
          generalInfo: { ...detail().generalInfo, state: 'completed', phoneNumber: '6641234567' },
        }),
      ),
    });
    await renderApply(`${base}/general-info`, { user: account });
    await findTitle('General information');
    const trip = screen.getByRole('region', { name: 'Trip details' });
    expect(trip).toHaveTextContent('United States');
    expect(trip).toHaveTextContent('United Kingdom ETA');
    expect(trip).toHaveTextContent('1 July 2026');
    expect(sidebarLink(/General information/)).toHaveTextContent('Completed');
    expect(sidebarLink(/General information/)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: /^Traveller 1 – Ann Lee/ })).toBeInTheDocument();
    const bo = screen.getByRole('region', { name: 'Traveller 2 – Bo Lee' });
    await userEvent
      .setup()
      .click(within(bo).getByRole('button', { name: /^Traveller 2 – Bo Lee/ }));
    expect(within(bo).getByRole('link', { name: /Passport page/ })).toHaveTextContent(
      'Passport page: Completed',
    );
    expect(within(bo).getByRole('link', { name: /Applicant's photo/ })).toHaveTextContent(
      'In progress',
    );
    expect(within(bo).getByRole('link', { name: /Declaration/ })).toHaveAttribute(
      'href',
      `${base}/travelers/${T2}/declaration`,
    );
    expect(within(bo).getByRole('link', { name: /Declaration/ })).toHaveTextContent('Not started');
  });

  it('says so when the application is not there (or is someone else’s)', async () => {
    mockApi({ [get]: failure(404, 'Application not found') });
    await renderApply(`${base}/general-info`, { user: account });
    expect(await findTitle('Application not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('maps the spec’s short paths to traveller 1', async () => {
    mockApi({ [get]: ok(detail()) });
    await renderApply(`${base}/work`, { user: account });
    await findTitle('Work');
    expect(currentPath()).toBe(t1('work'));
  });

  it('Save and exit saves valid values first, then goes to My orders', async () => {
    const sent = mockApi({
      [get]: ok(detail()),
      [`PUT /api/application/${APP_ID}/work-info`]: ok(detail()),
      'GET /api/applications/my-applications': ok([]),
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: /Job title/ }), 'Engineer');
    await user.click(screen.getAllByRole('button', { name: 'Save and exit' })[0]!);
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/work-info`)[0]?.body).toEqual({
      travelerId: T1,
      currentlyWorking: true,
      jobTitle: 'Engineer',
    });
  });
});

describe('section forms', () => {
  it('general information: validates the phone for the code, then PUTs and opens the passport page', async () => {
    const sent = mockApi({
      [get]: ok(detail()),
      [`PUT /api/application/${APP_ID}/general-info`]: [
        failure(500),
        ok(detail({ generalInfo: { ...detail().generalInfo, state: 'completed' } })),
      ],
    });
    await renderApply(`${base}/general-info`, { user: account });
    await findTitle('General information');
    const user = userEvent.setup();
    // The order's nationality (United States) gives the code until the traveller picks another country.
    const code = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Country code' });
    expect(code).toHaveValue('US');
    expect(code).toHaveAttribute('autocomplete', 'tel-country-code');
    expect(
      within(code).getByRole<HTMLOptionElement>('option', { selected: true }),
    ).toHaveTextContent('United States (+1)');
    await user.selectOptions(code, 'Austria (+43)');
    expect(screen.getByRole('radio', { name: 'WhatsApp' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      PostPaymentText.phoneRequired,
    );
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    expect(phone).toHaveAccessibleDescription(`Error: ${PostPaymentText.phoneRequired}`);
    await user.type(phone, '12');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(phone).toHaveAccessibleDescription(`Error: ${PostPaymentText.phoneInvalid}`);
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/general-info`)).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '664 1234567');
    await user.click(screen.getByRole('radio', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(PostPaymentText.generalInfoFailed)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Passport page');
    expect(currentPath()).toBe(t1('passport-page'));
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/general-info`)[1]?.body).toEqual({
      countryCode: '+43',
      phoneNumber: '664 1234567',
      notificationPreference: 'sms',
    });
  });

  it("general information: offers every country's code, starting on the lead traveller's nationality", async () => {
    const sent = mockApi({
      [get]: ok(
        detail({
          travelers: [
            traveler({
              passport: {
                nationality: 'JP',
                number: 'TR1234567',
                expirationDate: '2031-01-01',
                hasSecondNationality: false,
                addLater: false,
              },
            }),
          ],
        }),
      ),
      [`PUT /api/application/${APP_ID}/general-info`]: ok(
        detail({ generalInfo: { ...detail().generalInfo, state: 'completed' } }),
      ),
    });
    await renderApply(`${base}/general-info`, { user: account });
    await findTitle('General information');
    const code = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Country code' });
    expect(code).toHaveValue('JP');
    const options = within(code).getAllByRole<HTMLOptionElement>('option');
    expect(options).toHaveLength(COUNTRY_IDS.length);
    expect(new Set(options.map((option) => option.value))).toEqual(new Set(COUNTRY_IDS));
    // Named and sorted in the reader's language, each with its code; countries sharing a code each have theirs.
    const labels = options.map((option) => option.textContent ?? '');
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(labels).toEqual(
      expect.arrayContaining([
        'Japan (+81)',
        'United States (+1)',
        'Canada (+1)',
        'Jamaica (+1)',
        'Kazakhstan (+7)',
        'Russia (+7)',
        'Jersey (+44)',
        'United Kingdom (+44)',
      ]),
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '090-1234-5678');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Passport page');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/general-info`)[0]?.body).toEqual({
      countryCode: '+81',
      phoneNumber: '090-1234-5678',
      notificationPreference: 'whatsapp',
    });
  });

  it('general information: shows a saved phone with the country its number belongs to', async () => {
    mockApi({
      [get]: ok(
        detail({
          generalInfo: {
            countryCode: '+1',
            phoneNumber: '876 555 1234',
            notificationPreference: 'sms',
            state: 'completed',
          },
        }),
      ),
    });
    await renderApply(`${base}/general-info`, { user: account });
    await findTitle('General information');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('JM');
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('876 555 1234');
  });

  it('personal information: starts unanswered, every answer required, server text in the red box', async () => {
    const sent = mockApi({
      [get]: ok(detail()),
      [`PUT /api/application/${APP_ID}/personal-info`]: [
        failure(400, 'Please choose a country from the list'),
        ok(detail()),
      ],
    });
    await renderApply(t1('personal-information'), { user: account });
    await findTitle('Personal information');
    const birth = screen.getByRole('combobox', { name: /Country of birth/ });
    const resident = screen.getByRole('combobox', { name: /Resident country/ });
    await waitFor(() => expect(birth).toBeEnabled());
    // Nothing is answered for the traveller: no country, no gender.
    expect(birth).toHaveValue('');
    expect(resident).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Male' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: /Gender/ })).toHaveAccessibleDescription(
      'As listed in your passport',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      PostPaymentText.countryOfBirthRequired,
      PostPaymentText.residentCountryRequired,
      PostPaymentText.genderRequired,
      PostPaymentText.addressRequired,
      PostPaymentText.cityRequired,
    ]);
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/personal-info`)).toHaveLength(0);

    await user.type(birth, 'United States{Enter}');
    await user.type(resident, 'France{Enter}');
    await user.type(screen.getByRole('textbox', { name: /Residence street address/ }), '1 Main St');
    await user.type(screen.getByRole('textbox', { name: /City\/town/ }), 'Boston');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Please choose a country from the list')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Passport information');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/personal-info`)[1]?.body).toEqual({
      travelerId: T1,
      countryOfBirth: 'US',
      residentCountry: 'FR',
      gender: 'female',
      residenceAddress: '1 Main St',
      cityTown: 'Boston',
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findTitle('Personal information');
  });

  it('passport information: the issuing country starts as the passport’s nationality, not US', async () => {
    const french = traveler({
      passport: {
        nationality: 'FR',
        number: '19FR12345',
        expirationDate: '2031-05-01',
        hasSecondNationality: false,
        addLater: false,
      },
    });
    const sent = mockApi({
      [get]: ok(detail({ travelers: [french] })),
      [`PUT /api/application/${APP_ID}/passport-info`]: [failure(500), ok(detail())],
    });
    await renderApply(t1('passport-information'), { user: account });
    await findTitle('Passport information');
    await waitFor(() =>
      expect(
        screen.getByRole('combobox', { name: /Which country issued your passport/ }),
      ).toHaveValue('France'),
    );
    expect(screen.getByRole('textbox', { name: /Passport number/ })).toHaveValue('19FR12345');
    expect(
      screen.queryByRole('region', { name: 'Please add your passport details' }),
    ).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(PostPaymentText.passportInfoFailed)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Work');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/passport-info`)[1]?.body).toEqual({
      travelerId: T1,
      issuingCountry: 'FR',
      passport: {
        nationality: 'FR',
        number: '19FR12345',
        expirationDate: '2031-05-01',
        hasSecondNationality: false,
      },
    });
  });

  it('passport information: a traveller who chose “later” gives the details with the wizard’s rules', async () => {
    const later = traveler({
      passport: {
        nationality: 'FR',
        number: null,
        expirationDate: null,
        hasSecondNationality: null,
        addLater: true,
      },
    });
    const saved = traveler({
      passport: {
        nationality: 'FR',
        number: 'C01X00T47',
        expirationDate: '2033-04-30',
        hasSecondNationality: false,
        addLater: false,
      },
      passportInfo: { issuingCountry: 'FR' },
      sections: { ...traveler().sections, passportInfo: 'completed' },
    });
    const sent = mockApi({
      [get]: ok(detail({ travelers: [later] })),
      [`PUT /api/application/${APP_ID}/passport-info`]: ok(detail({ travelers: [saved] })),
    });
    await renderApply(t1('passport-information'), { user: account });
    await findTitle('Passport information');
    expect(sidebarLink(/Passport information/)).toHaveTextContent('Not started');
    expect(screen.getByRole('region', { name: 'Please add your passport details' })).toBeVisible();
    const details = screen.getByRole('group', { name: 'Passport details' });
    const number = within(details).getByRole('textbox', { name: /Passport number/ });
    expect(number).toHaveValue('');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      WizardText.passportNumberRequired,
      WizardText.passportExpiryRequired,
      WizardText.secondNationalityRequired,
    ]);
    expect(number).toHaveAccessibleDescription(`Error: ${WizardText.passportNumberRequired}`);
    await user.type(number, 'ab');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(number).toHaveAccessibleDescription(`Error: ${WizardText.passportNumberInvalid}`);
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/passport-info`)).toHaveLength(0);

    await user.clear(number);
    await user.type(number, 'c01x 00t47');
    await pickDate(
      user,
      within(details).getByRole('group', { name: /Expiration date/ }),
      '2033-04-30',
    );
    await user.click(within(details).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Work');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/passport-info`)[0]?.body).toEqual({
      travelerId: T1,
      issuingCountry: 'FR',
      passport: {
        nationality: 'FR',
        number: 'c01x 00t47',
        expirationDate: '2033-04-30',
        hasSecondNationality: false,
      },
    });
    expect(sidebarLink(/Passport information/)).toHaveTextContent('Completed');
  });

  it('work: starts unanswered; job title required when working, with the retired hint', async () => {
    const sent = mockApi({
      [get]: ok(detail()),
      [`PUT /api/application/${APP_ID}/work-info`]: [failure(500), ok(detail())],
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    const user = userEvent.setup();
    // Unanswered: nothing is chosen, and the job title appears only for a Yes.
    expect(screen.getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: /Job title/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      PostPaymentText.workRequired,
    );
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const title = screen.getByRole('textbox', { name: /Job title/ });
    expect(title).toHaveAccessibleDescription('If retired, provide details of your last paid work');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      PostPaymentText.jobTitleRequired,
    );
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: /Job title/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(PostPaymentText.workInfoFailed)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Declaration');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/work-info`)[1]?.body).toEqual({
      travelerId: T1,
      currentlyWorking: false,
      jobTitle: '',
    });
  });

  it('declaration: both questions start unanswered; details required when convicted; then the review', async () => {
    const sent = mockApi({
      [get]: ok(detail()),
      [`PUT /api/application/${APP_ID}/declaration`]: [failure(500), ok(detail())],
    });
    await renderApply(t1('declaration'), { user: account });
    await findTitle('Declaration');
    const user = userEvent.setup();
    const terror = screen.getByRole('group', { name: new RegExp(TERRORISM_QUESTION.slice(0, 40)) });
    const convictions = screen.getByRole('group', { name: /convicted/ });
    // Neither question is answered for the traveller, and neither may be left so.
    for (const group of [terror, convictions])
      for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(PostPaymentText.convictionsRequired);
    expect(summary).toHaveTextContent(PostPaymentText.terrorismRequired);
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/declaration`)).toHaveLength(0);
    await user.click(within(terror).getByRole('radio', { name: 'No' }));
    await user.click(within(convictions).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const details = screen.getByRole('textbox', { name: /What did you do\?/ });
    expect(details).toHaveAccessibleDescription(
      `Error: ${PostPaymentText.convictionDetailsRequired}`,
    );
    await user.type(details, 'Speeding');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(PostPaymentText.declarationFailed)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Check your answers');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/declaration`)[1]?.body).toEqual({
      travelerId: T1,
      hasConvictions: true,
      convictionDetails: 'Speeding',
      hasTerroristActivities: false,
    });
  });
});

describe('uploads', () => {
  const uploadPath = `/api/application/${APP_ID}/travelers/${T1}/documents/passport-page`;

  it('passport page: progress, accepted, then the photo page after 2 seconds', async () => {
    jest.useFakeTimers();
    mockApi({ [get]: ok(detail()) });
    const uploads = mockUploads([{ body: ok({ document: document() }).body }], true);
    await renderApply(t1('passport-page'), { user: account });
    await findTitle('Passport page');
    expect(screen.getByRole('heading', { name: 'Choose an upload method' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Use your phone' })).toBeVisible();
    expect(screen.getByText('Drag and drop')).toBeVisible();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const input = screen.getByLabelText('Passport page file');
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf');
    await user.upload(input, new File(['jpeg'], 'passport.jpg', { type: 'image/jpeg' }));
    expect(screen.getByText('Uploading...')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await act(async () => uploads.release());
    expect(uploads.sent[0]?.url).toBe(uploadPath);
    expect(uploads.sent[0]?.file?.name).toBe('passport.jpg');
    expect(await screen.findByText('Great job!')).toBeVisible();
    expect(screen.getByText('Your upload passed our initial review!')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Your passport page' })).toHaveAttribute(
      'src',
      document().url,
    );
    // The store tells the sidebar on the next animation frame.
    act(() => jest.advanceTimersByTime(500));
    expect(sidebarLink(/Passport page/)).toHaveTextContent('Completed');
    act(() => jest.advanceTimersByTime(1499));
    expect(currentPath()).toBe(t1('passport-page'));
    act(() => jest.advanceTimersByTime(1));
    await findTitle("Applicant's photo");
  });

  it('accepts a dropped file too', async () => {
    mockApi({ [get]: ok(detail()) });
    const uploads = mockUploads([{ body: ok({ document: document() }).body }]);
    await renderApply(t1('passport-page'), { user: account });
    await findTitle('Passport page');
    const file = new File(['%PDF'], 'passport.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByText('Great job!')).toBeVisible();
    expect(uploads.sent[0]?.file?.name).toBe('passport.pdf');
  });

  it('photo: the instructions, then a rejected upload stays in view with each reason and Try another photo', async () => {
    mockApi({ [get]: ok(detail()) });
    const rejected = document({
      kind: 'PHOTO',
      status: 'REJECTED',
      checks: [
        { id: 'resolution', passed: true, message: 'fine' },
        { id: 'background', passed: false, message: 'The background must be plain and light.' },
        { id: 'colour', passed: false, message: 'The photo must be in colour.' },
      ],
    });
    mockUploads([
      { body: ok({ document: rejected }).body },
      { status: 413, body: failure(413, 'The file is larger than 10 MB.').body },
    ]);
    await renderApply(t1('applicants-photo'), { user: account });
    await findTitle("Applicant's photo");
    for (const text of [
      'Colour photo from shoulders to top of head in frame',
      'Head straight, ear visible, neutral expression',
      'Remove face items unless religious',
      'White background with no shadows or objects',
    ]) {
      expect(screen.getByText(text)).toBeVisible();
    }
    expect(screen.getByRole('img', { name: /Example photo/ })).toBeVisible();
    const user = userEvent.setup();
    // Choosing a photo is its own button; no Continue before a photo is accepted.
    expect(screen.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    const input = screen.getByLabelText("Applicant's photo file");
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Your upload did not pass our initial review');
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The background must be plain and light.', 'The photo must be in colour.']);
    await waitFor(() => expect(sidebarLink(/Applicant's photo/)).toHaveTextContent('In progress'));
    // The refused photo, the instructions and the example stay, and the next photo is one button away.
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', rejected.url);
    expect(screen.getByText('White background with no shadows or objects')).toBeVisible();
    expect(screen.getByRole('img', { name: /Example photo/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try another photo' })).toBeVisible();
    await user.upload(
      screen.getByLabelText("Applicant's photo file"),
      new File(['x'], 'big.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('The file is larger than 10 MB.')).toBeVisible();
  });

  it('shows an accepted passport page with Replace it anyway', async () => {
    mockApi({
      [get]: ok(
        detail({
          travelers: [
            traveler({
              passportPage: document({ contentType: 'application/pdf' }),
              sections: { ...traveler().sections, passportPage: 'completed' },
            }),
          ],
        }),
      ),
    });
    await renderApply(t1('passport-page'), { user: account });
    await findTitle('Passport page');
    expect(screen.getByText('Great job!')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open your passport page (PDF)' })).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Replace it anyway' }));
    expect(screen.getByRole('heading', { name: 'Choose an upload method' })).toBeVisible();
  });

  it('Use your phone: a QR code and link, then moves on when the phone’s upload arrives', async () => {
    jest.useFakeTimers();
    const url = 'https://portal.example/upload/abc.def';
    const arrived = detail({
      travelers: [
        traveler({
          passportPage: document({ id: 'doc-phone' }),
          sections: { ...traveler().sections, passportPage: 'completed' },
        }),
      ],
    });
    const linkId = '7d1f0c2a-5b6e-4c3d-8a9b-0c1d2e3f4a5b';
    const close = `DELETE /api/application/${APP_ID}/upload-links/${linkId}`;
    const sent = mockApi({
      [get]: [ok(detail()), ok(detail()), ok(arrived)],
      [`POST /api/application/${APP_ID}/travelers/${T1}/upload-link/passport-page`]: ok({
        linkId,
        url,
        expiresAt: '2026-01-02T10:15:00Z',
      }),
      [close]: ok({ revoked: 0 }),
    });
    await renderApply(t1('passport-page'), { user: account });
    await findTitle('Passport page');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByRole('link', { name: url })).toHaveAttribute('href', url);
    await act(async () => jest.advanceTimersByTime(3000));
    await act(async () => jest.advanceTimersByTime(3000));
    expect(await screen.findByText('Great job!')).toBeVisible();
    expect(callsTo(sent, get).length).toBeGreaterThanOrEqual(3);
    // The code is gone from the screen, so its link is closed.
    await waitFor(() => expect(callsTo(sent, close)).toHaveLength(1));
    await act(async () => jest.advanceTimersByTime(2000));
    await findTitle("Applicant's photo");
  });
  it('Use your phone: the phone’s upload arrives as a live event, without polling', async () => {
    const sources: {
      onopen: (() => void) | null;
      onmessage: ((m: MessageEvent) => void) | null;
    }[] = [];
    (globalThis as { EventSource?: unknown }).EventSource = class {
      static readonly CLOSED = 2;
      readyState = 0;
      onopen: (() => void) | null = null;
      onmessage: ((m: MessageEvent) => void) | null = null;
      onerror: (() => void) | null = null;
      constructor() {
        sources.push(this);
      }
      close() {
        this.readyState = 2;
      }
    };
    jest.useFakeTimers();
    try {
      const arrived = detail({
        travelers: [
          traveler({
            passportPage: document({ id: 'doc-phone' }),
            sections: { ...traveler().sections, passportPage: 'completed' },
          }),
        ],
      });
      const sent = mockApi({
        [get]: [ok(detail()), ok(arrived)],
        [`POST /api/application/${APP_ID}/travelers/${T1}/upload-link/passport-page`]: ok({
          linkId: '7d1f0c2a-5b6e-4c3d-8a9b-0c1d2e3f4a5b',
          url: 'https://portal.example/upload/abc.def',
          expiresAt: '2026-01-02T10:15:00Z',
        }),
        [`DELETE /api/application/${APP_ID}/upload-links/7d1f0c2a-5b6e-4c3d-8a9b-0c1d2e3f4a5b`]: ok(
          { revoked: 0 },
        ),
      });
      await renderApply(t1('passport-page'), { user: account });
      await findTitle('Passport page');
      act(() => sources[0]?.onopen?.());
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
      await screen.findByRole('img', { name: /QR code/ });
      // Live: no fetch every 3 s while the code shows.
      await act(async () => jest.advanceTimersByTime(3500));
      expect(callsTo(sent, get)).toHaveLength(1);
      act(() =>
        sources[0]?.onmessage?.(
          new MessageEvent('message', {
            data: JSON.stringify({
              type: 'document',
              applicationId: APP_ID,
              travelerId: T1,
              kind: 'passport-page',
              status: 'ACCEPTED',
            }),
          }),
        ),
      );
      expect(await screen.findByText('Great job!')).toBeVisible();
      expect(callsTo(sent, get)).toHaveLength(2);
    } finally {
      delete (globalThis as { EventSource?: unknown }).EventSource;
    }
  }, 15_000);

  it('Use your phone: a new code replaces the used one when the phone’s upload did not pass', async () => {
    jest.useFakeTimers();
    const rejected = detail({
      travelers: [
        traveler({
          passportPage: document({ id: 'doc-blurred', status: 'REJECTED' }),
          sections: { ...traveler().sections, passportPage: 'in_progress' },
        }),
      ],
    });
    const linkCall = `POST /api/application/${APP_ID}/travelers/${T1}/upload-link/passport-page`;
    const sent = mockApi({
      [get]: [ok(detail()), ok(detail()), ok(rejected)],
      [linkCall]: [
        ok({
          url: 'https://portal.example/upload/first0000000000000000',
          expiresAt: '2026-01-02T10:15:00Z',
        }),
        ok({
          url: 'https://portal.example/upload/second000000000000000',
          expiresAt: '2026-01-02T10:20:00Z',
        }),
      ],
    });
    await renderApply(t1('passport-page'), { user: account });
    await findTitle('Passport page');
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
    expect(
      await screen.findByRole('link', {
        name: 'https://portal.example/upload/first0000000000000000',
      }),
    ).toBeVisible();
    await act(async () => jest.advanceTimersByTime(3000));
    await act(async () => jest.advanceTimersByTime(3000));
    expect(
      await screen.findByRole('link', {
        name: 'https://portal.example/upload/second000000000000000',
      }),
    ).toBeVisible();
    expect(callsTo(sent, linkCall)).toHaveLength(2);
  });
});

describe('submission', () => {
  const answered = (overrides: Parameters<typeof traveler>[0] = {}) =>
    traveler({
      dateOfBirth: '1985-06-15',
      passport: {
        nationality: 'US',
        number: 'X1234567',
        expirationDate: '2033-05-01',
        hasSecondNationality: false,
        addLater: false,
      },
      personal: {
        countryOfBirth: 'US',
        residentCountry: 'FR',
        gender: 'female',
        residenceAddress: '1 Main St',
        cityTown: 'Boston',
      },
      passportInfo: { issuingCountry: 'US' },
      work: { currentlyWorking: true, jobTitle: 'Engineer' },
      declaration: {
        hasConvictions: false,
        convictionDetails: null,
        hasTerroristActivities: false,
      },
      passportPage: document(),
      photo: document({ id: 'doc-2', kind: 'PHOTO' }),
      sections: {
        passportPage: 'completed',
        photo: 'completed',
        personal: 'completed',
        passportInfo: 'completed',
        work: 'completed',
        declaration: 'completed',
      },
      ...overrides,
    });

  it('check your answers: every answer per traveller, with Change links that come back', async () => {
    const child = answered({
      id: T2,
      position: 2,
      firstName: 'Bo',
      dateOfBirth: '2015-04-02',
      passport: {
        nationality: 'US',
        number: null,
        expirationDate: null,
        hasSecondNationality: null,
        addLater: true,
      },
      sections: { ...answered().sections, passportInfo: 'not_started' },
    });
    const application = detail({
      generalInfo: {
        countryCode: '+44',
        phoneNumber: '7911 123456',
        notificationPreference: 'sms',
        state: 'completed',
      },
      travelers: [answered(), child],
    });
    mockApi({
      [get]: ok(application),
      [`PUT /api/application/${APP_ID}/work-info`]: ok(application),
    });
    await renderApply(`${base}/review`, { user: account });
    // The page beside the sidebar (which has regions of the same names).
    const page = within((await findTitle('Check your answers')).parentElement!);
    // Ages on the arrival date (1 July 2026): Bo is 11.
    expect(page.getByRole('region', { name: 'Your order' })).toHaveTextContent(
      'Travellers1 adult, 1 child',
    );
    const ann = page.getByRole('region', { name: 'Traveller 1 – Ann Lee' });
    // Countries by name once the list has loaded.
    await waitFor(() => expect(ann).toHaveTextContent('Resident countryFrance'));
    for (const text of [
      'Date of birth15 June 1985',
      'Emailann@example.com',
      'Passport numberX1234567',
      'Expiration date1 May 2033',
      'Another nationalityNo',
      'Issuing countryUnited States',
      'Passport pageUploaded, passed our initial review',
      'Country of birthUnited States',
      'Resident countryFrance',
      'GenderFemale',
      'Job titleEngineer',
      `${TERRORISM_QUESTION}No`,
    ])
      expect(ann).toHaveTextContent(text);
    const bo = page.getByRole('region', { name: 'Traveller 2 – Bo Lee' });
    expect(bo).toHaveTextContent('Passport numberNot given yet: you chose to add it later');
    expect(within(bo).getByRole('heading', { name: /Passport/, level: 3 })).toHaveTextContent(
      'Not started',
    );
    expect(
      within(bo).getByRole('link', { name: 'Change Passport number (Bo Lee)' }),
    ).toHaveAttribute('href', `${base}/travelers/${T2}/passport-information?return=review`);

    const user = userEvent.setup();
    await user.click(within(ann).getByRole('link', { name: 'Change Job title (Ann Lee)' }));
    await findTitle('Work');
    expect(currentPath()).toBe(`${t1('work')}?return=review`);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Check your answers');
    expect(currentPath()).toBe(`${base}/review`);
    await user.click(
      screen.getByRole('link', { name: 'Change Phone number (general information)' }),
    );
    await findTitle('General information');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findTitle('Check your answers');
  });

  it('needs the declaration confirmed, lists what is missing, then submits and goes to My orders', async () => {
    const sent = mockApi({
      [get]: ok(detail({ travelers: [answered()] })),
      [`POST /api/application/${APP_ID}/submit`]: [
        failure(
          400,
          'Please complete the following before submitting: Traveller 1 (Ann Lee): passport page; Traveller 1 (Ann Lee): photo.',
        ),
        ok({
          application: detail({
            status: 'SUBMITTED',
            editable: false,
            submittedAt: '2026-06-02T08:00:00.000Z',
          }),
        }),
      ],
      'GET /api/applications/my-applications': ok([]),
    });
    await renderApply(`${base}/review`, { user: account });
    await findTitle('Check your answers');
    const user = userEvent.setup();
    const declaration = screen.getByRole('checkbox', { name: SUBMIT_DECLARATION });
    expect(declaration).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent(PostPaymentText.declarationRequired);
    expect(declaration).toHaveAccessibleDescription(
      `Error: ${PostPaymentText.declarationRequired}`,
    );
    expect(callsTo(sent, `POST /api/application/${APP_ID}/submit`)).toHaveLength(0);

    await user.click(declaration);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Please complete the following before submitting:');
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Traveller 1 (Ann Lee): passport page', 'Traveller 1 (Ann Lee): photo']);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    const calls = callsTo(sent, `POST /api/application/${APP_ID}/submit`);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ declarationConfirmed: true });
    // My orders is told, once, what was sent and by when the team submits it: the speed's hours after submission.
    expect((window.history.state as { usr?: unknown } | null)?.usr).toEqual({
      notice: 'application-submitted',
      applicationId: APP_ID,
      reference: 'WP-2026-0001',
      processingOptionId: null,
      processingName: 'Standard',
      processingHours: 72,
      dueAt: '2026-06-05T08:00:00.000Z',
    });
  });

  it('after submission every page is read-only', async () => {
    const sent = mockApi({
      [get]: ok(
        detail({
          status: 'SUBMITTED',
          editable: false,
          travelers: [
            traveler({
              work: { currentlyWorking: true, jobTitle: 'Engineer' },
              passportPage: document(),
            }),
          ],
        }),
      ),
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    expect(screen.getByRole('region', { name: PostPaymentText.readOnly })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Job title/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findTitle('Declaration');
    expect(sent.filter((call) => call.method !== 'GET')).toHaveLength(0);
    await user.click(sidebarLink(/Passport page/));
    await findTitle('Passport page');
    expect(screen.queryByRole('button', { name: 'Replace it anyway' })).not.toBeInTheDocument();
  });

  it('says an order refunded in full is closed, and shows it read-only', async () => {
    const sent = mockApi({
      [get]: ok(
        detail({
          status: 'REFUNDED',
          editable: false,
          travelers: [traveler({ work: { currentlyWorking: true, jobTitle: 'Engineer' } })],
        }),
      ),
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    expect(screen.getByRole('region', { name: PostPaymentText.refunded })).toBeVisible();
    expect(screen.queryByRole('region', { name: PostPaymentText.readOnly })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Job title/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).not.toBeInTheDocument();
    expect(sent.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('shows the order’s timeline once submitted, with the time of each step reached', async () => {
    mockApi({
      [get]: ok(
        detail({
          status: 'UNDER_REVIEW',
          editable: false,
          submittedAt: '2026-06-02T08:00:00.000Z',
          timeline: orderTimeline({
            status: 'UNDER_REVIEW',
            paidAt: '2026-06-01T10:00:00.000Z',
            submittedAt: '2026-06-02T08:00:00.000Z',
            reviewStartedAt: '2026-06-03T09:30:00.000Z',
            decidedAt: null,
          }),
        }),
      ),
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    const timeline = screen.getByRole('list', { name: 'Progress of your application' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild?.textContent)).toEqual([
      'Payment received',
      'Application submitted',
      'Review started',
      'Submitted to the UK government',
      'Decision',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[2]?.querySelector('time')).toHaveAttribute('dateTime', '2026-06-03T09:30:00.000Z');
    expect(steps[3]).toHaveTextContent('Not yet');
    expect(steps[4]).toHaveTextContent('Not yet');
  });
});

describe('phone upload page', () => {
  const token = 'Zt3xQ9cB1kLm0PqR7sVwYa';
  const info = (kind: 'photo' | 'passport-page' = 'photo') =>
    ok({
      kind,
      reference: 'WP-2026-0001',
      travelerName: 'Ann Lee',
      expiresAt: '2026-01-02T10:15:00Z',
    });

  it('shows who it is for and offers only the camera and the file chooser', async () => {
    mockApi({ [`GET /api/uploads/${token}`]: info('passport-page') });
    const uploads = mockUploads([{ body: ok({ document: document() }).body }]);
    await renderApply(`/upload/${token}`);
    await findTitle('Upload your passport page');
    expect(screen.getByText('For Ann Lee, order WP-2026-0001.')).toBeVisible();
    const camera = screen.getByLabelText(/Take a photo/);
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    const chooser = screen.getByLabelText(/Choose a file/);
    expect(chooser).not.toHaveAttribute('capture');
    expect(chooser).toHaveAttribute('accept', 'image/*,application/pdf');
    // Nothing else to pick from: no drag and drop, no QR code.
    expect(window.document.querySelectorAll('input[type="file"]')).toHaveLength(2);
    expect(screen.queryByTestId('drop-zone')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(chooser, new File(['%PDF-'], 'scan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Great job!')).toBeVisible();
    expect(uploads.sent[0]?.url).toBe(`/api/uploads/${token}`);
  });

  it('takes a photo with the front camera', async () => {
    mockApi({ [`GET /api/uploads/${token}`]: info('photo') });
    const uploads = mockUploads([{ body: ok({ document: document({ kind: 'PHOTO' }) }).body }]);
    await renderApply(`/upload/${token}`);
    await findTitle('Upload your photo');
    const camera = screen.getByLabelText(/Take a photo/);
    expect(camera).toHaveAttribute('capture', 'user');
    const user = userEvent.setup();
    await user.upload(camera, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Great job!')).toBeVisible();
    expect(uploads.sent[0]?.file?.name).toBe('me.jpg');
  });

  it('after a picture that did not pass, sends the person back to the computer for a new code', async () => {
    mockApi({ [`GET /api/uploads/${token}`]: info('photo') });
    mockUploads([
      {
        body: ok({
          document: document({
            kind: 'PHOTO',
            status: 'REJECTED',
            checks: [{ id: 'too-dark', passed: false, message: 'The photo is too dark.' }],
          }),
        }).body,
      },
    ]);
    await renderApply(`/upload/${token}`);
    await findTitle('Upload your photo');
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText(/Take a photo/),
      new File(['x'], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('The photo is too dark.')).toBeVisible();
    expect(screen.getByText(/it shows a new code to scan/)).toBeVisible();
    expect(screen.queryByLabelText(/Take a photo/)).not.toBeInTheDocument();
  });

  it.each([
    ['an expired link', failure(404, UploadLinkText.expired), UploadLinkText.expired],
    ['a used link', failure(409, 'anything the server says'), UploadLinkText.used],
    [
      'a link the router does not know (raw server text)',
      failure(404, `No such endpoint: GET /api/uploads/${'x'.repeat(40)}`),
      UploadLinkText.invalid,
    ],
    ['a revoked link', failure(404, UploadLinkText.revoked), UploadLinkText.revoked],
    ['a server error', failure(500, 'Internal Server Error'), UploadLinkText.unavailable],
  ])('shows a friendly page for %s, never the server’s own text', async (_name, reply, text) => {
    mockApi({ [`GET /api/uploads/${token}`]: reply });
    await renderApply(`/upload/${token}`);
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Upload a document' })).toBeVisible();
    expect(screen.queryByText(/No such endpoint|Internal Server Error/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Take a photo/)).not.toBeInTheDocument();
  });

  it('after a fault or a lost connection, says so and tries again', async () => {
    const sent = mockApi({
      [`GET /api/uploads/${token}`]: [
        failure(503, 'The database is not answering'),
        info('passport-page'),
      ],
    });
    await renderApply(`/upload/${token}`);
    expect(await screen.findByText(UploadLinkText.unavailable)).toBeVisible();
    expect(screen.queryByText(/database/)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await findTitle('Upload your passport page');
    expect(callsTo(sent, `GET /api/uploads/${token}`)).toHaveLength(2);
  });

  it('shows its own words when an upload fails on our side', async () => {
    mockApi({ [`GET /api/uploads/${token}`]: info('photo') });
    mockUploads([{ status: 500, body: failure(500, 'TypeError: boom at line 42').body }]);
    await renderApply(`/upload/${token}`);
    await findTitle('Upload your photo');
    await userEvent
      .setup()
      .upload(
        screen.getByLabelText(/Choose a file/),
        new File(['x'], 'me.jpg', { type: 'image/jpeg' }),
      );
    expect(await screen.findByText('The upload failed. Please try again.')).toBeVisible();
    expect(screen.queryByText(/TypeError/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Take a photo/)).toBeInTheDocument();
  });

  it('shows the used-link page when the upload finds the link already used', async () => {
    mockApi({ [`GET /api/uploads/${token}`]: info('photo') });
    mockUploads([{ status: 409, body: { success: false, error: UploadLinkText.used } }]);
    await renderApply(`/upload/${token}`);
    await findTitle('Upload your photo');
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText(/Choose a file/),
      new File(['x'], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText(UploadLinkText.used)).toBeVisible();
  });
});
