import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { WizardText } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import { server } from '../../../libs/platform/test/api-server';
import {
  callsTo,
  currentPath,
  findTitle,
  mockApi,
  pickDate,
  renderApply,
  traveler1,
} from '../test/renderApply';

const empty = { firstName: '', lastName: '', dateOfBirth: '' };

const THIS_YEAR = new Date().getUTCFullYear();

/** The years a date's Year list offers. */
function yearsOffered(group: HTMLElement): number[] {
  return within(within(group).getByRole('combobox', { name: 'Year' }))
    .getAllByRole('option')
    .slice(1)
    .map((option) => Number(option.textContent));
}

/** Waypoint cannot be reached: saving the draft gets no reply at all (until `back()`). */
function serverUnreachable() {
  let reachable = false;
  server.use(
    http.post('/api/applications/save', () =>
      reachable
        ? HttpResponse.json({ success: true, data: { sessionId: 's1', savedAt: '2026-01-02' } })
        : HttpResponse.error(),
    ),
  );
  return {
    back: () => {
      reachable = true;
    },
  };
}

const NOT_SAVED =
  'We could not reach Waypoint. Your changes are not saved. Check your connection and try again.';

function card(name: string) {
  const toggle = screen.getByRole('button', { name: new RegExp(`^${name}`) });
  return toggle.closest('section') as HTMLElement;
}

describe('your information', () => {
  it('lists every problem in the summary with the exact text, each linking to its field', async () => {
    mockApi({});
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, travelers: [{ ...traveler1 }, { ...empty, firstName: 'Bo' }] },
    });
    await findTitle('Your information');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Traveller 2: Last name is required', '#traveler-1-lastName'],
      ['Traveller 2: Date of birth is required', '#traveler-1-dateOfBirth'],
    ]);
    expect(screen.getByRole('textbox', { name: /Last name/, description: /Traveller 2/ })).toBe(
      within(card('Traveller 2')).getByRole('textbox', { name: /Last name/ }),
    );
    expect(
      within(card('Traveller 2')).getByRole('group', { name: /Date of birth/ }),
    ).toHaveTextContent('Traveller 2: Date of birth is required');
    expect(currentPath()).toBe('/application/personal-info');
  });

  it('lists all four problems of a traveller left blank, as the fields show them', async () => {
    mockApi({});
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, travelers: [{ ...empty, email: '' }] },
    });
    await findTitle('Your information');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    const links = within(screen.getByRole('alert', { name: 'There is a problem' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Traveller 1: First name is required', '#traveler-0-firstName'],
      ['Traveller 1: Last name is required', '#traveler-0-lastName'],
      ['Traveller 1: Date of birth is required', '#traveler-0-dateOfBirth'],
      ['Traveller 1: Email is required', '#traveler-0-email'],
    ]);
    expect(document.querySelectorAll('.wp-field-error')).toHaveLength(4);
    await user.click(links[3]!);
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus();
    await user.click(links[2]!);
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveFocus();
  });

  it('offers the years of birth of the last 120 years, and says which part of the date is wrong', async () => {
    mockApi({});
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, travelers: [{ ...traveler1, dateOfBirth: '' }] },
    });
    await findTitle('Your information');
    const birth = screen.getByRole('group', { name: /Date of birth/ });
    const years = yearsOffered(birth);
    expect(years[0]).toBe(THIS_YEAR);
    expect(years.at(-1)).toBe(THIS_YEAR - 120);
    expect(years).toHaveLength(121);

    const user = userEvent.setup();
    await pickDate(user, birth, '1990-02-30');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(birth).toHaveTextContent(
      'Traveller 1: The date of birth you chose does not exist. Please choose a real date',
    );
    await user.selectOptions(within(birth).getByRole('combobox', { name: 'Month' }), '');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(birth).toHaveTextContent('Traveller 1: Please select the day, month and year of birth');
    expect(currentPath()).toBe('/application/personal-info');
  });

  it('stays on the step and says nothing was saved when Waypoint cannot be reached', async () => {
    const sent = mockApi({});
    const network = serverUnreachable();
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, travelers: [traveler1] },
    });
    await findTitle('Your information');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    const box = await screen.findByText(NOT_SAVED);
    expect(box.closest('[role="alert"]')).toBeInTheDocument();
    await waitFor(() => expect(box.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your information');
    expect(currentPath()).toBe('/application/personal-info');
    expect(callsTo(sent, 'POST /api/applications/save')).toEqual([]);

    // The step was not reached: the next one is not open.
    network.back();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Passport information');
    expect(screen.queryByText(NOT_SAVED)).not.toBeInTheDocument();
  });

  it.each([
    [
      'fr',
      'Vos informations',
      'Enregistrer et continuer',
      'Nous n’avons pas pu joindre Waypoint. Vos modifications ne sont pas enregistrées. Vérifiez votre connexion et réessayez.',
    ],
    [
      'ar',
      'معلوماتك',
      'حفظ ومتابعة',
      'تعذّر علينا الوصول إلى Waypoint. لم يتم حفظ تغييراتك. تحقّق من اتصالك وحاول مرة أخرى.',
    ],
  ] as const)(
    'says nothing was saved in the reader’s language (%s)',
    async (locale, title, save, notSaved) => {
      mockApi({});
      serverUnreachable();
      await act(() => activateLocale(locale));
      try {
        await renderApply('/application/personal-info', {
          wizard: { currentStep: 2, travelers: [traveler1] },
        });
        await findTitle(title);
        await userEvent.setup().click(screen.getByRole('button', { name: save }));
        expect(await screen.findByText(notSaved)).toBeInTheDocument();
        expect(screen.queryByText(NOT_SAVED)).not.toBeInTheDocument();
        expect(currentPath()).toBe('/application/personal-info');
      } finally {
        await act(() => activateLocale('en'));
      }
    },
  );

  it('checks the email of traveller 1 only', async () => {
    mockApi({});
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, travelers: [{ ...traveler1, email: 'ada@example' }] },
    });
    await findTitle('Your information');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      screen.getByRole('link', { name: 'Traveller 1: Valid email is required' }),
    ).toBeVisible();
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Add another traveller' }));
    expect(screen.getAllByRole('textbox', { name: /Email/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Remove this traveller/ })).toHaveLength(2);
  });

  it('adds travellers up to 10, then says so', async () => {
    mockApi({});
    await renderApply('/application/personal-info', { wizard: { currentStep: 2 } });
    await findTitle('Your information');
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: /Remove this traveller/ })).not.toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add another traveller' });
    for (let count = 1; count < 10; count += 1) await user.click(add);
    expect(screen.getByRole('button', { name: /^Traveller 10/ })).toBeInTheDocument();
    await user.click(add);
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      WizardText.maxTravelers,
    );
    expect(screen.queryByRole('button', { name: /^Traveller 11/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove this traveller (traveller 10)' }));
    expect(screen.queryByRole('button', { name: /^Traveller 10/ })).not.toBeInTheDocument();
  });

  it('adds up the cost: 2 travellers × (€22.90 + €29.00) = €103.80', async () => {
    mockApi({});
    await renderApply('/application/personal-info', { wizard: { currentStep: 2 } });
    await findTitle('Your information');
    const summary = await screen.findByRole('region', { name: 'Cost summary' });
    expect(summary).toHaveTextContent('Total for 1 traveller€51.90');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add another traveller' }));
    expect(summary).toHaveTextContent('Government fee2 × £20.00 = 2 × €22.90');
    expect(summary).toHaveTextContent('at £1 = €1.1450 (rate of 2 January 2026)€45.80');
    expect(summary).toHaveTextContent('Waypoint service fee2 × €29.00€58.00');
    expect(summary).toHaveTextContent('Total for 2 travellers€103.80');
    expect(summary).toHaveTextContent('2 travellers × (€22.90 + €29.00) = €103.80');
  });

  it('counts an 11-year-old as a child on the day of travel: "2 adults, 1 child"', async () => {
    // A fixed clock: today is 23 November 2026, and no travel dates are planned.
    // Only the date is fixed (and moves on in real time): the timers keep running, so the pages load as usual.
    jest.useFakeTimers({
      now: new Date('2026-11-23T12:00:00Z'),
      advanceTimers: true,
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'queueMicrotask',
        'nextTick',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'performance',
        'hrtime',
      ],
    });
    try {
      mockApi({});
      await renderApply('/application/personal-info', {
        wizard: {
          currentStep: 2,
          hasPlannedDates: false,
          travelers: [
            traveler1,
            { ...empty, firstName: 'Bo', lastName: 'Lee', dateOfBirth: '1983-01-31' },
            { ...empty, firstName: 'Cy', lastName: 'Lee', dateOfBirth: '2015-04-02' },
          ],
        },
      });
      await findTitle('Your information');
      const summary = await screen.findByRole(
        'region',
        { name: 'Cost summary' },
        { timeout: 5000 },
      );
      expect(summary).toHaveTextContent('Total for 2 adults, 1 child€155.70');
      expect(summary).toHaveTextContent('3 travellers × (€22.90 + €29.00) = €155.70');
    } finally {
      jest.useRealTimers();
    }
  });

  it('saves the draft and moves on to the passports', async () => {
    const sent = mockApi({});
    await renderApply('/application/personal-info', { wizard: { currentStep: 2 } });
    await findTitle('Your information');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /First and middle name/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lovelace');
    await pickDate(user, screen.getByRole('group', { name: /Date of birth/ }), '1990-12-10');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await findTitle('Passport information');
    const [save] = callsTo(sent, 'POST /api/applications/save');
    expect(save?.contentType).toContain('application/json');
    expect(save?.body).toEqual({
      countryId: 'US',
      visaTypeId: 'uk-eta',
      arrivalDate: null,
      hasPlannedDates: true,
      travelers: [traveler1],
      selectedProcessingOption: 'standard',
      currentStep: 3,
      email: 'ada@example.com',
    });
  });

  it('never blocks the traveller when the draft cannot be saved', async () => {
    mockApi({ 'POST /api/applications/save': { status: 500, body: { success: false } } });
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, travelers: [traveler1] },
    });
    await findTitle('Your information');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Passport information');
  });
});

describe('passport information', () => {
  it('defaults the nationality to the trip country and validates unless added later', async () => {
    const sent = mockApi({});
    await renderApply('/application/passport-info', {
      wizard: { currentStep: 3, travelers: [traveler1, { ...traveler1, firstName: 'Bo' }] },
    });
    await findTitle('Passport information');
    const user = userEvent.setup();
    expect((await screen.findAllByDisplayValue('United States'))[0]).toHaveAccessibleName(
      /Nationality/,
    );

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    // Every problem of every traveller, as the cards show them, each linking to its field.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual(
      [0, 1].flatMap((index) => [
        [`Traveller ${index + 1}: Passport number is required`, `#passport-${index}-number`],
        [
          `Traveller ${index + 1}: Passport expiration date is required`,
          `#passport-${index}-expirationDate`,
        ],
        [
          `Traveller ${index + 1}: Please specify if you have another nationality`,
          `#passport-${index}-hasSecondNationality`,
        ],
      ]),
    );
    const first = card('Traveller 1: Ada Lovelace');
    expect(first).toHaveTextContent('Traveller 1: Passport expiration date is required');
    expect(first).toHaveTextContent('Traveller 1: Please specify if you have another nationality');

    await user.click(within(first).getByRole('checkbox', { name: 'Add passport details later' }));
    expect(
      within(first).queryByRole('textbox', { name: /Passport number/ }),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Traveller 2: Passport number is required',
    );

    const second = card('Traveller 2: Bo Lovelace');
    await user.type(within(second).getByRole('textbox', { name: /Passport number/ }), 'X1234567');
    await pickDate(
      user,
      within(second).getByRole('group', { name: /Expiration date/ }),
      '2033-05-01',
    );
    await user.click(within(second).getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    await findTitle('Processing time');
    const [save] = callsTo(sent, 'POST /api/applications/save');
    expect(save?.body).toMatchObject({
      currentStep: 4,
      travelers: [
        { passport: { nationality: 'US', addLater: true } },
        {
          passport: {
            nationality: 'US',
            number: 'X1234567',
            expirationDate: '2033-05-01',
            hasSecondNationality: true,
            addLater: false,
          },
        },
      ],
    });
  });

  it("offers only the years a passport's expiry can be in, and says when it is too far off", async () => {
    mockApi({});
    await renderApply('/application/passport-info', {
      wizard: { currentStep: 3, travelers: [traveler1] },
    });
    await findTitle('Passport information');
    const expiry = screen.getByRole('group', { name: /Expiration date/ });
    expect(yearsOffered(expiry)).toEqual(Array.from({ length: 16 }, (_, i) => THIS_YEAR + i));

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Passport number/ }), 'X1234567');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await pickDate(user, expiry, `${THIS_YEAR + 15}-12-31`);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Traveller 1: Passport expiration date must be within 15 years from today',
    );
  });
});

describe('processing time', () => {
  it('preselects the first option, shows the prices and the total for the travellers by age, and saves the choice', async () => {
    const sent = mockApi({});
    await renderApply('/application/processing-time', {
      wizard: { currentStep: 4, travelers: [traveler1, traveler1] },
    });
    await findTitle('Processing time');
    const standard = await screen.findByRole('radio', { name: 'Standard' });
    expect(standard).toBeChecked();
    expect(standard).toHaveAccessibleDescription(
      /^€29\.00 per traveller €58\.00 for 2 travellers Checked and submitted within 72 hours Submitted to the UK government: .+ by \d{2}:\d{2}$/,
    );
    const summary = screen.getByRole('region', { name: 'Summary' });
    // Counted by age, as on your information and the checkout.
    expect(summary).toHaveTextContent('Total for 2 adults€103.80');

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Fast' }));
    expect(summary).toHaveTextContent('Total for 2 adults€143.80');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Review your order');
    expect(callsTo(sent, 'POST /api/applications/save')[0]?.body).toMatchObject({
      selectedProcessingOption: 'fast',
      currentStep: 5,
    });
  });
});
