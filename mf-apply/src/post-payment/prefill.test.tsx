import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MrzRead, PassportMrz, TravelerDetail } from '@waypoint/contracts';
import { callsTo, findTitle, mockApi, ok, renderApply } from '../test/renderApply';
import { APP_ID, T1, account, detail, document, traveler } from '../test/postPayment';

const base = `/application/${APP_ID}`;
const get = `GET /api/application/${APP_ID}`;
const personalPage = `${base}/travelers/${T1}/personal-information`;
const passportPage = `${base}/travelers/${T1}/passport-information`;
const NOTE = 'Filled in from your passport page. Check it before you continue.';
const GENDER_HINT = 'As listed in your passport';

const read: MrzRead = {
  number: '19FR12345',
  nationalityCode: 'FRA',
  nationality: 'FR',
  issuingCountry: 'FR',
  lastName: 'LEE',
  firstName: 'ANN',
  dateOfBirth: '1990-05-17',
  expirationDate: '2031-05-01',
  sex: 'female',
};

const matched = (over: Partial<MrzRead> = {}): PassportMrz => ({
  status: 'matched',
  read: { ...read, ...over },
  mismatches: [],
});

/** The traveller (no passport details from the wizard: the trip's country, US, is all that is known) with a page read. */
function withRead(mrz: PassportMrz, overrides: Partial<TravelerDetail> = {}) {
  return traveler({ passportPage: document({ mrz }), ...overrides });
}

function genderGroup() {
  return screen.getByRole('group', { name: /Gender/ });
}

function issuingCountry() {
  return screen.getByRole('combobox', { name: /Which country issued your passport/ });
}

describe('prefill from the passport: gender', () => {
  it('starts with the sex read from the passport page, with the note, until the traveller picks the other', async () => {
    mockApi({ [get]: ok(detail({ travelers: [withRead(matched())] })) });
    await renderApply(personalPage, { user: account });
    await findTitle('Personal information');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Male' })).not.toBeChecked();
    expect(genderGroup()).toHaveAccessibleDescription(`${GENDER_HINT}. ${NOTE}`);
    expect(screen.getByText(`${GENDER_HINT}. ${NOTE}`)).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(genderGroup()).toHaveAccessibleDescription(GENDER_HINT);
    expect(screen.queryByText(NOTE, { exact: false })).toBeNull();
  });

  it('saves the gender read with the rest of the section', async () => {
    const sent = mockApi({
      [get]: ok(detail({ travelers: [withRead(matched({ sex: 'male' }))] })),
      [`PUT /api/application/${APP_ID}/personal-info`]: ok(detail()),
    });
    await renderApply(personalPage, { user: account });
    await findTitle('Personal information');
    const birth = screen.getByRole('combobox', { name: /Country of birth/ });
    await waitFor(() => expect(birth).toBeEnabled());
    const user = userEvent.setup();
    await user.type(birth, 'United States{Enter}');
    await user.type(screen.getByRole('combobox', { name: /Resident country/ }), 'France{Enter}');
    await user.type(screen.getByRole('textbox', { name: /Residence street address/ }), '1 Main St');
    await user.type(screen.getByRole('textbox', { name: /City\/town/ }), 'Boston');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Passport information');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/personal-info`)[0]?.body).toEqual({
      travelerId: T1,
      countryOfBirth: 'US',
      residentCountry: 'FR',
      gender: 'male',
      residenceAddress: '1 Main St',
      cityTown: 'Boston',
    });
  });

  it.each<[string, TravelerDetail, 'Male' | 'Female' | null]>([
    [
      'the traveller already answered',
      withRead(matched(), { personal: { ...traveler().personal, gender: 'male' } }),
      'Male',
    ],
    [
      'the traveller already gave the value read',
      withRead(matched(), { personal: { ...traveler().personal, gender: 'female' } }),
      'Female',
    ],
    ['the sex was read with doubt', withRead(matched({ unsure: ['sex'] })), null],
    [
      'the page could not be read',
      withRead({ status: 'unreadable', read: null, mismatches: [] }),
      null,
    ],
  ])('fills nothing in when %s', async (_, given, checked) => {
    mockApi({ [get]: ok(detail({ travelers: [given] })) });
    await renderApply(personalPage, { user: account });
    await findTitle('Personal information');
    for (const option of ['Male', 'Female'] as const) {
      const radio = screen.getByRole('radio', { name: option });
      if (option === checked) expect(radio).toBeChecked();
      else expect(radio).not.toBeChecked();
    }
    expect(genderGroup()).toHaveAccessibleDescription(GENDER_HINT);
    expect(screen.queryByText(NOTE, { exact: false })).toBeNull();
  });
});

describe('prefill from the passport: issuing country', () => {
  it('starts with the country read, with the note, and saves it', async () => {
    const sent = mockApi({
      [get]: ok(detail({ travelers: [withRead(matched())] })),
      [`PUT /api/application/${APP_ID}/passport-info`]: ok(detail()),
    });
    await renderApply(passportPage, { user: account });
    await findTitle('Passport information');
    // Read from the page: France, not the trip's United States.
    await waitFor(() => expect(issuingCountry()).toHaveValue('France'));
    // The combobox is also described by its (empty) live status.
    expect(issuingCountry()).toHaveAccessibleDescription(expect.stringContaining(NOTE));
    expect(screen.getByText(NOTE)).toBeVisible();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Work');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/passport-info`)[0]?.body).toEqual({
      travelerId: T1,
      issuingCountry: 'FR',
    });
  });

  it('drops the note once the traveller picks another country', async () => {
    mockApi({ [get]: ok(detail({ travelers: [withRead(matched())] })) });
    await renderApply(passportPage, { user: account });
    await findTitle('Passport information');
    await waitFor(() => expect(issuingCountry()).toBeEnabled());
    expect(screen.getByText(NOTE)).toBeVisible();
    const user = userEvent.setup();
    await user.type(issuingCountry(), 'United States{Enter}');
    expect(issuingCountry()).toHaveValue('United States');
    expect(screen.queryByText(NOTE)).toBeNull();
    expect(issuingCountry()).not.toHaveAccessibleDescription(expect.stringContaining(NOTE));
  });

  it.each<[string, TravelerDetail, string]>([
    [
      'the traveller already answered',
      withRead(matched(), { passportInfo: { issuingCountry: 'US' } }),
      'United States',
    ],
    [
      'the traveller already gave the country read',
      withRead(matched(), { passportInfo: { issuingCountry: 'FR' } }),
      'France',
    ],
    [
      'the page could not be read',
      withRead({ status: 'unreadable', read: null, mismatches: [] }),
      'United States',
    ],
    [
      'the page gives no issuing country',
      withRead(matched({ issuingCountry: null })),
      'United States',
    ],
  ])('keeps what is known when %s', async (_, given, shown) => {
    mockApi({ [get]: ok(detail({ travelers: [given] })) });
    await renderApply(passportPage, { user: account });
    await findTitle('Passport information');
    await waitFor(() => expect(issuingCountry()).toHaveValue(shown));
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
