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

describe('why a passport page was not read', () => {
  it.each([
    ['no-zone', 'Passport MRZ: unreadable: no machine-readable lines were found on the page'],
    ['checks', 'Passport MRZ: unreadable: the machine-readable lines were found, but no reading'],
    ['timeout', 'Passport MRZ: unreadable: the reading took too long'],
    ['failed', 'Passport MRZ: unreadable: the reader failed on this page'],
    ['not-read', 'Passport MRZ: not read: too many pages were waiting to be read'],
  ] as const)('tells staff when the reason is %s', async (reason, text) => {
    const result = await showWith({ status: 'unreadable', read: null, mismatches: [], reason });
    expect(result).toHaveTextContent(text);
  });
});
