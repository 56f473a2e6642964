import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PassportMrz, TravelerDetail } from '@waypoint/contracts';
import { callsTo, findTitle, mockApi, ok, renderApply } from '../test/renderApply';
import { APP_ID, T1, account, detail, document, traveler } from '../test/postPayment';

const base = `/application/${APP_ID}`;
const get = `GET /api/application/${APP_ID}`;
const page = `${base}/travelers/${T1}/passport-information`;
const DOC = '3f1e2d3c-4b5a-4968-8776-655443322110';

const read: NonNullable<PassportMrz['read']> = {
  number: '19FR99999',
  nationalityCode: 'FRA',
  nationality: 'FR',
  issuingCountry: 'FR',
  lastName: 'LEE',
  firstName: 'ANNE',
  dateOfBirth: '1990-05-17',
  expirationDate: '2031-05-01',
  sex: 'female',
};

function withMrz(mrz: PassportMrz, passport: Partial<TravelerDetail['passport']> = {}) {
  return traveler({
    passport: {
      nationality: 'FR',
      number: '19FR12345',
      expirationDate: '2031-05-01',
      hasSecondNationality: false,
      addLater: false,
      ...passport,
    },
    passportInfo: { issuingCountry: 'FR' },
    passportPage: document({ id: DOC, mrz }),
  });
}

const mismatch: PassportMrz = {
  status: 'mismatch',
  read,
  mismatches: [
    { field: 'number', entered: '19FR12345', read: '19FR99999', kept: false },
    { field: 'firstName', entered: 'Ann', read: 'ANNE', kept: false },
  ],
};

describe('passport page MRZ on the passport information page', () => {
  it('shows each difference, takes the passport number through the passport information save', async () => {
    const fixed = withMrz(
      { ...mismatch, mismatches: [mismatch.mismatches[1]!] },
      { number: '19FR99999' },
    );
    const sent = mockApi({
      [get]: ok(detail({ travelers: [withMrz(mismatch)] })),
      [`PUT /api/application/${APP_ID}/passport-info`]: ok(detail({ travelers: [fixed] })),
    });
    await renderApply(page, { user: account });
    await findTitle('Passport information');
    const number = await screen.findByRole('heading', { name: 'Passport number', level: 3 });
    const item = number.closest('li')!;
    expect(item).toHaveTextContent('You entered19FR12345');
    expect(item).toHaveTextContent('Your passport page reads19FR99999');
    const user = userEvent.setup();
    await user.click(
      within(item).getByRole('button', { name: "Use the passport's value for Passport number" }),
    );
    await waitFor(() =>
      expect(callsTo(sent, `PUT /api/application/${APP_ID}/passport-info`)[0]?.body).toEqual({
        travelerId: T1,
        issuingCountry: 'FR',
        passport: {
          nationality: 'FR',
          number: '19FR99999',
          expirationDate: '2031-05-01',
          hasSecondNationality: false,
        },
      }),
    );
    expect(await screen.findByText(/Saved: the passport's value/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Passport number/ })).toHaveValue('19FR99999');
    expect(screen.queryByRole('heading', { name: 'Passport number', level: 3 })).toBeNull();
    // A name cannot be changed here: only kept.
    const name = screen.getByRole('heading', { name: 'Given names', level: 3 }).closest('li')!;
    expect(within(name).queryByRole('button', { name: /Use the passport's value/ })).toBeNull();
  });

  it('offers no one-click value when a misread alone can explain the difference', async () => {
    const confusable: PassportMrz = {
      status: 'mismatch',
      read: { ...read, number: 'C0TX00T47' },
      mismatches: [
        { field: 'number', entered: 'C01X00T47', read: 'C0TX00T47', kept: false, offered: false },
      ],
    };
    mockApi({ [get]: ok(detail({ travelers: [withMrz(confusable, { number: 'C01X00T47' })] })) });
    await renderApply(page, { user: account });
    const number = await screen.findByRole('heading', { name: 'Passport number', level: 3 });
    const item = number.closest('li')!;
    expect(item).toHaveTextContent('Compare this with your passport');
    expect(within(item).queryByRole('button', { name: /Use the passport's value/ })).toBeNull();
    // The traveller can still keep their own value.
    expect(within(item).getByRole('button', { name: 'Keep my Passport number' })).toBeVisible();
  });

  it('keeps the traveller’s own value on request', async () => {
    const kept = withMrz({
      ...mismatch,
      mismatches: mismatch.mismatches.map((m) => ({ ...m, kept: m.field === 'firstName' })),
    });
    const sent = mockApi({
      [get]: ok(detail({ travelers: [withMrz(mismatch)] })),
      [`POST /api/application/${APP_ID}/documents/${DOC}/mrz/keep`]: ok(
        detail({ travelers: [kept] }),
      ),
    });
    await renderApply(page, { user: account });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Keep my Given names' }));
    expect(
      await screen.findByText('You kept your value. Our team will check it against your passport.'),
    ).toBeVisible();
    expect(
      callsTo(sent, `POST /api/application/${APP_ID}/documents/${DOC}/mrz/keep`)[0]?.body,
    ).toEqual({ fields: ['firstName'] });
  });

  it('says gently when the page could not be read', async () => {
    mockApi({
      [get]: ok(
        detail({ travelers: [withMrz({ status: 'unreadable', read: null, mismatches: [] })] }),
      ),
    });
    await renderApply(page, { user: account });
    expect(
      await screen.findByText(/We could not read the machine-readable lines/),
    ).toHaveTextContent('your upload still counts');
  });
});
