import { screen, within } from '@testing-library/react';
import type { PassportMrz } from '@waypoint/contracts';
import { detail, document, traveller } from '../test/fixtures';
import { mockApi, ok, renderAdmin } from '../test/renderAdmin';

const countries = [{ id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null }];
const read: PassportMrz['read'] = {
  number: '19FR12346',
  nationalityCode: 'FRA',
  nationality: 'FR',
  issuingCountry: 'FR',
  lastName: 'LOVELACE',
  firstName: 'ADA',
  dateOfBirth: '1990-12-10',
  expirationDate: '2031-05-02',
  sex: 'female',
};

async function showWith(mrz: PassportMrz) {
  const application = detail('SUBMITTED', ['UNDER_REVIEW']);
  application.application.travelers = [{ ...traveller(), passportPage: document({ mrz }) }];
  mockApi({
    'GET /api/admin/applications/app-1': ok(application),
    'GET /api/reference/countries': ok(countries),
  });
  await renderAdmin('/admin/applications/app-1');
  const section = await screen.findByRole('region', { name: 'Traveller 1: Ada Lovelace' });
  return within(section).getByTestId('passport-mrz');
}

describe('passport MRZ result on the application detail', () => {
  it('says the MRZ matched', async () => {
    expect(await showWith({ status: 'matched', read, mismatches: [] })).toHaveTextContent(
      'Passport MRZ: matched',
    );
  });

  it('names each field that differs, and those the traveller kept', async () => {
    const result = await showWith({
      status: 'mismatch',
      read,
      mismatches: [
        { field: 'number', entered: '19FR12345', read: '19FR12346', kept: false },
        { field: 'expirationDate', entered: '2031-05-01', read: '2031-05-02', kept: true },
      ],
    });
    expect(result).toHaveTextContent(
      'Passport MRZ: mismatch in: passport number and expiry date (the traveller kept their value)',
    );
  });

  it('says when the MRZ could not be read', async () => {
    expect(await showWith({ status: 'unreadable', read: null, mismatches: [] })).toHaveTextContent(
      'Passport MRZ: unreadable',
    );
  });
});
