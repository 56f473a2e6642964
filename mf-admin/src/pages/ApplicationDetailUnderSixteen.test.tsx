import { screen } from '@testing-library/react';
import { detail, traveller } from '../test/fixtures';
import { mockApi, ok, renderAdmin } from '../test/renderAdmin';

const DETAIL = 'GET /api/admin/applications/app-1';
const countries = [{ id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null }];

/** The order arrives on 24 December 2026 (see `detail`). */
function order(dateOfBirth: string) {
  const base = detail('SUBMITTED', ['UNDER_REVIEW']);
  return {
    ...base,
    application: {
      ...base.application,
      travelers: [
        traveller({
          firstName: 'Mia',
          dateOfBirth,
          work: { currentlyWorking: null, jobTitle: null },
          sections: { ...traveller().sections, work: 'not_started' },
        }),
      ],
    },
    passports: base.passports.map((passport) => ({ ...passport, dateOfBirth })),
  };
}

describe('application detail: a traveller under 16', () => {
  it('shows no Work answers (they are not asked), so nothing reads as missing there', async () => {
    mockApi({ [DETAIL]: ok(order('2016-03-01')), 'GET /api/reference/countries': ok(countries) });
    await renderAdmin('/admin/applications/app-1');
    const mia = await screen.findByRole('region', { name: 'Traveller 1: Mia Lovelace' });
    expect(mia).toHaveTextContent('ConvictionsNo');
    expect(mia).not.toHaveTextContent('Job title');
    expect(screen.queryByRole('heading', { name: 'Work', level: 3 })).not.toBeInTheDocument();
  });

  it('shows the Work answers of a traveller of 16 on the arrival date', async () => {
    mockApi({ [DETAIL]: ok(order('2010-12-24')), 'GET /api/reference/countries': ok(countries) });
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('region', { name: 'Traveller 1: Mia Lovelace' });
    expect(screen.getByRole('heading', { name: 'Work', level: 3 })).toBeVisible();
  });
});
