import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TravelerDetail } from '@waypoint/contracts';
import { findTitle, mockApi, ok, renderApply } from '../test/renderApply';
import { APP_ID, T1, T2, account, detail, traveler } from '../test/postPayment';

const T3 = '2d9f4e3a-0b1c-4d5e-c4f3-a2b1c0d9e8f7';
const base = `/application/${APP_ID}`;

const done = (count: number): TravelerDetail['sections'] => {
  const keys = [
    'passportPage',
    'photo',
    'personal',
    'passportInfo',
    'work',
    'declaration',
  ] as const;
  return Object.fromEntries(
    keys.map((key, index) => [key, index < count ? 'completed' : 'not_started']),
  ) as TravelerDetail['sections'];
};

const threeTravelers = detail({
  travelers: [
    traveler({ sections: done(6) }),
    traveler({ id: T2, position: 2, firstName: 'Bo', lastName: 'Lee', sections: done(3) }),
    traveler({ id: T3, position: 3, firstName: 'Cy', lastName: 'Lee', sections: done(0) }),
  ],
});

function travelerToggle(name: string) {
  const nav = screen.getByRole('navigation', { name: 'Application sections' });
  return within(nav).getByRole('button', { name: new RegExp(`^${name}`) });
}

describe('the post-payment sidebar with several travellers', () => {
  it('keeps the current traveller open and the others folded, each with its progress', async () => {
    mockApi({ [`GET /api/application/${APP_ID}`]: ok(threeTravelers) });
    await renderApply(`${base}/travelers/${T2}/work`, { user: account });
    await findTitle('Work');

    const ann = travelerToggle('Traveller 1 – Ann Lee');
    const bo = travelerToggle('Traveller 2 – Bo Lee');
    const cy = travelerToggle('Traveller 3 – Cy Lee');
    expect(ann).toHaveAccessibleName(/^Traveller 1 – Ann Lee\s*,\s*6 of 6 done$/);
    expect(bo).toHaveAccessibleName(/^Traveller 2 – Bo Lee\s*,\s*3 of 6 done$/);
    expect(cy).toHaveAccessibleName(/^Traveller 3 – Cy Lee\s*,\s*0 of 6 done$/);
    expect(bo).toHaveAttribute('aria-expanded', 'true');
    expect(ann).toHaveAttribute('aria-expanded', 'false');
    expect(cy).toHaveAttribute('aria-expanded', 'false');

    // Only the open traveller's sections are listed: 6 links, not 18.
    const nav = screen.getByRole('navigation', { name: 'Application sections' });
    const boRegion = within(nav).getByRole('region', { name: 'Traveller 2 – Bo Lee' });
    expect(within(boRegion).getAllByRole('link')).toHaveLength(6);
    expect(within(boRegion).getByRole('link', { name: /^Work/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getAllByRole('link')).toHaveLength(6 + 2);

    // The disclosure controls the list it opens.
    const user = userEvent.setup();
    await user.click(cy);
    expect(cy).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(cy.getAttribute('aria-controls') ?? '');
    expect(panel).toBeVisible();
    expect(
      within(panel as HTMLElement).getByRole('link', { name: /^Passport page/ }),
    ).toHaveAttribute('href', `${base}/travelers/${T3}/passport-page`);
    await user.click(bo);
    expect(bo).toHaveAttribute('aria-expanded', 'false');
    expect(within(boRegion).queryAllByRole('link')).toHaveLength(0);
  });

  it('opens the traveller whose page is shown, and on General information the first with work left', async () => {
    mockApi({ [`GET /api/application/${APP_ID}`]: ok(threeTravelers) });
    await renderApply(`${base}/general-info`, { user: account });
    await findTitle('General information');
    expect(travelerToggle('Traveller 2 – Bo Lee')).toHaveAttribute('aria-expanded', 'true');
    expect(travelerToggle('Traveller 1 – Ann Lee')).toHaveAttribute('aria-expanded', 'false');

    const user = userEvent.setup();
    await user.click(travelerToggle('Traveller 3 – Cy Lee'));
    const nav = screen.getByRole('navigation', { name: 'Application sections' });
    const cy = within(nav).getByRole('region', { name: 'Traveller 3 – Cy Lee' });
    await user.click(within(cy).getByRole('link', { name: /^Declaration/ }));
    await findTitle('Declaration');
    expect(travelerToggle('Traveller 3 – Cy Lee')).toHaveAttribute('aria-expanded', 'true');
    expect(travelerToggle('Traveller 2 – Bo Lee')).toHaveAttribute('aria-expanded', 'false');
  });

  it('a single traveller is open, and can be folded', async () => {
    mockApi({
      [`GET /api/application/${APP_ID}`]: ok(detail({ travelers: [traveler({ id: T1 })] })),
    });
    await renderApply(`${base}/general-info`, { user: account });
    await findTitle('General information');
    const ann = travelerToggle('Ann Lee');
    expect(ann).toHaveAccessibleName(/^Ann Lee\s*,\s*0 of 6 done$/);
    expect(ann).toHaveAttribute('aria-expanded', 'true');
    await userEvent.setup().click(ann);
    expect(ann).toHaveAttribute('aria-expanded', 'false');
  });
});
