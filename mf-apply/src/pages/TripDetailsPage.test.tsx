import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WizardText } from '@waypoint/contracts';
import {
  callsTo,
  countries,
  currentPath,
  eta,
  failure,
  findTitle,
  mockApi,
  ok,
  options,
  passport,
  pickDate,
  renderApply,
  traveler1,
  visitor,
} from '../test/renderApply';

const THIS_YEAR = new Date().getUTCFullYear();
const NEXT_YEAR = THIS_YEAR + 1;

const savedDraft = {
  countryId: 'US',
  visaTypeId: 'uk-visitor',
  arrivalDate: null,
  hasPlannedDates: false,
  travelers: [{ ...traveler1, passport }],
  selectedProcessingOption: 'fast',
  currentStep: 3,
  email: traveler1.email,
};

describe('trip details', () => {
  it('preselects the default country and its first visa type, with the Visa information card', async () => {
    mockApi({});
    await renderApply('/application/trip-details');
    await findTitle('Trip details');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Apply for' })).toHaveValue('uk-eta'),
    );
    expect(screen.getByRole('combobox', { name: 'Apply for' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: /Where are you from\?/ })).toHaveValue(
      'United States',
    );
    const info = screen.getByRole('region', { name: 'Visa information' });
    expect(info).toHaveTextContent('ETA required');
    expect(info).toHaveTextContent('2 years');
    expect(info).toHaveTextContent('Multiple entries');
    expect(info).toHaveTextContent('6 months per visit');
    const stepper = screen.getByRole('navigation', { name: 'Application progress' });
    expect(
      within(stepper)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1Trip details', '2Your info', '3Passport info', '4Checkout']);
    expect(within(stepper).getByText('Trip details').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Apply for' }), 'uk-visitor');
    expect(screen.getByRole('region', { name: 'Visa information' })).toHaveTextContent(
      'Visa required',
    );
  });

  it('rendered on the server with the reference data, shows it from its first render without asking for it', async () => {
    const sent = mockApi({});
    await renderApply('/application/trip-details', {
      pageQueries: {
        getCountries: countries,
        getVisaTypes: {
          countryId: 'US',
          reply: {
            country: countries[2]!,
            entryRule: 'ETA',
            notice: null,
            visaTypes: [eta, visitor],
          },
        },
        getProcessingOptions: { visaTypeId: 'uk-eta', reply: options },
      },
    });
    // At once, as the page's HTML shows it: no placeholder in between.
    expect(screen.getByRole('combobox', { name: 'Apply for' })).toHaveValue('uk-eta');
    expect(screen.getByRole('combobox', { name: /Where are you from\?/ })).toHaveValue(
      'United States',
    );
    expect(screen.getByRole('region', { name: 'Visa information' })).toHaveTextContent(
      'ETA required',
    );
    await screen.findByRole('button', { name: 'Start applying' });
    expect(callsTo(sent, 'GET /api/reference/countries')).toEqual([]);
    expect(callsTo(sent, 'GET /api/reference/visa-types')).toEqual([]);
    expect(callsTo(sent, 'GET /api/reference/visa-types/uk-eta/options')).toEqual([]);

    // Another nationality is asked for as usual.
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Apply for' }), 'uk-visitor');
    expect(screen.getByRole('region', { name: 'Visa information' })).toHaveTextContent(
      'Visa required',
    );
    await waitFor(() =>
      expect(callsTo(sent, 'GET /api/reference/visa-types/uk-visitor/options')).toHaveLength(1),
    );
  });

  it('asks for the arrival date with the exact text, and turning dates off clears it', async () => {
    mockApi({});
    await renderApply('/application/trip-details');
    await screen.findByRole('combobox', { name: 'Apply for' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Start applying' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', { name: WizardText.arrivalDateRequired }),
    ).toHaveAttribute('href', '#trip-arrival-date');
    const day = screen.getByRole('combobox', { name: 'Day' });
    expect(day).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: /Arrival date/ })).toHaveAccessibleDescription(
      `Error: ${WizardText.arrivalDateRequired}`,
    );

    await pickDate(user, screen.getByRole('group', { name: /Arrival date/ }), `${NEXT_YEAR}-06-15`);
    expect(day).toHaveValue('15');
    const planned = screen.getByRole('switch', { name: 'Do you have any travel dates planned?' });
    await user.click(planned);
    expect(planned).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('combobox', { name: 'Day' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Day' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Start applying' }));
    await findTitle('Your information');
    expect(currentPath()).toBe('/application/personal-info');
  });

  it('says which part of the arrival date is wrong, and offers only the years an arrival can be in', async () => {
    mockApi({});
    await renderApply('/application/trip-details');
    await screen.findByRole('combobox', { name: 'Apply for' });
    const user = userEvent.setup();
    const arrival = screen.getByRole('group', { name: /Arrival date/ });
    const year = within(arrival).getByRole('combobox', { name: 'Year' });
    expect(
      within(year)
        .getAllByRole('option')
        .slice(1)
        .map((option) => option.textContent),
    ).toEqual([String(THIS_YEAR), String(NEXT_YEAR), String(THIS_YEAR + 2)]);

    // The day and the month, without a year.
    await user.selectOptions(within(arrival).getByRole('combobox', { name: 'Day' }), '31');
    await user.selectOptions(within(arrival).getByRole('combobox', { name: 'Month' }), '2');
    await user.click(screen.getByRole('button', { name: 'Start applying' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'Please select the day, month and year of your arrival',
    );

    // 31 February does not exist, in any year.
    await user.selectOptions(year, String(NEXT_YEAR));
    await user.click(screen.getByRole('button', { name: 'Start applying' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByRole('link', {
        name: 'The arrival date you chose does not exist. Please choose a real date',
      }),
    ).toHaveAttribute('href', '#trip-arrival-date');
    expect(summary).not.toHaveTextContent(WizardText.arrivalDateRequired);
    expect(arrival).toHaveAccessibleDescription(`Error: ${WizardText.arrivalDateInvalid}`);
    expect(currentPath()).toBe('/application/trip-details');
  });

  it('tells a nationality that needs nothing so plainly, and offers no way to start', async () => {
    mockApi({});
    await renderApply('/application/trip-details', {
      selection: { countryId: 'GB', visaTypeId: null },
    });
    expect(await screen.findByText(WizardText.nothingNeeded)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start applying' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Apply for' })).not.toBeInTheDocument();
  });
});

describe('the wizard layout', () => {
  it('shows trip details at once, its fields holding their place while the lists load', async () => {
    let releaseSession: () => void = () => undefined;
    let releaseTypes: () => void = () => undefined;
    mockApi({
      'GET /api/applications/session-data': () =>
        new Promise((resolve) => {
          releaseSession = () => resolve(ok({ data: null, sessionId: null }));
        }),
      'GET /api/reference/visa-types': () =>
        new Promise((resolve) => {
          releaseTypes = () =>
            resolve(
              ok({
                country: countries[2],
                entryRule: 'ETA',
                notice: null,
                visaTypes: [eta, visitor],
              }),
            );
        }),
    });
    await renderApply('/application/trip-details');
    // No spinner in place of the page: the form is there while the saved application is looked up.
    await findTitle('Trip details');
    const visaType = await screen.findByRole('combobox', { name: 'Apply for' });
    expect(visaType).toBeDisabled();
    expect(visaType).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'Visa information' })).toHaveTextContent('Loading…');
    expect(screen.getByRole('button', { name: 'Start applying' })).toBeInTheDocument();
    releaseTypes();
    releaseSession();
    await waitFor(() => expect(visaType).toHaveValue('uk-eta'));
    expect(screen.getByRole('region', { name: 'Visa information' })).toHaveTextContent('2 years');
  });

  it('shows a spinner on a later step until the saved application has been looked up', async () => {
    let release: () => void = () => undefined;
    mockApi({
      'GET /api/applications/session-data': () =>
        new Promise((resolve) => {
          release = () => resolve(ok({ data: null, sessionId: null }));
        }),
    });
    await renderApply('/application/personal-info', { wizard: { currentStep: 2 } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your application…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    release();
    await findTitle('Your information');
  });

  it('sends a traveller who opens a later step back to the saved step', async () => {
    mockApi({});
    const first = await renderApply('/application/checkout', { wizard: { currentStep: 2 } });
    await findTitle('Your information');
    expect(currentPath()).toBe('/application/personal-info');
    first.unmount();

    await renderApply('/application/passport-info');
    await findTitle('Trip details');
    expect(currentPath()).toBe('/application/trip-details');
  });

  it('opens a later step in a new tab from the saved draft when the draft reaches it', async () => {
    mockApi({
      'GET /api/applications/session-data': ok({
        data: { ...savedDraft, currentStep: 4 },
        sessionId: 's1',
      }),
    });
    await renderApply('/application/processing-time');
    await findTitle('Processing time');
    expect(currentPath()).toBe('/application/processing-time');
    expect(await screen.findByRole('radio', { name: 'Fast' })).toBeChecked();
    expect(
      screen.queryByRole('region', { name: "You've already started an application." }),
    ).not.toBeInTheDocument();
  });

  it('opens the furthest step the saved draft reaches when it does not reach the page', async () => {
    // Saved at checkout, but traveller 1 has no passport details yet: passports is as far as it goes.
    mockApi({
      'GET /api/applications/session-data': ok({
        data: { ...savedDraft, currentStep: 5, travelers: [{ ...traveler1 }] },
        sessionId: 's1',
      }),
    });
    const first = await renderApply('/application/checkout');
    await findTitle('Passport information');
    expect(currentPath()).toBe('/application/passport-info');
    expect(screen.getByRole('textbox', { name: /Passport number/ })).toHaveValue('');
    first.unmount();

    // A draft whose arrival date has passed goes back to the trip details.
    mockApi({
      'GET /api/applications/session-data': ok({
        data: { ...savedDraft, hasPlannedDates: true, arrivalDate: '2020-01-01', currentStep: 4 },
        sessionId: 's1',
      }),
    });
    await renderApply('/application/processing-time');
    await findTitle('Trip details');
    expect(currentPath()).toBe('/application/trip-details');
  });

  it('offers the saved application and restores it on Continue application', async () => {
    const sent = mockApi({
      'GET /api/applications/session-data': ok({ data: savedDraft, sessionId: 's1' }),
    });
    const first = await renderApply('/application/trip-details');
    const banner = await screen.findByRole('region', {
      name: "You've already started an application.",
    });
    const user = userEvent.setup();
    await user.click(within(banner).getByRole('button', { name: 'Continue application' }));

    await findTitle('Passport information');
    expect(currentPath()).toBe('/application/passport-info');
    expect(screen.getByRole('textbox', { name: /Passport number/ })).toHaveValue('X1234567');
    expect(
      screen.queryByRole('region', { name: "You've already started an application." }),
    ).not.toBeInTheDocument();
    expect(callsTo(sent, 'GET /api/applications/session-data')).toHaveLength(1);

    // The restored wizard survives a reload of the page.
    first.unmount();
    await renderApply('/application/passport-info', { keepSession: true });
    await findTitle('Passport information');
    expect(screen.getByRole('textbox', { name: /Passport number/ })).toHaveValue('X1234567');
    expect(
      screen.getByRole('group', { name: /Do you have another nationality\?/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
  });

  it('lets the banner be dismissed, and ignores a failed look-up', async () => {
    mockApi({ 'GET /api/applications/session-data': ok({ data: savedDraft, sessionId: 's1' }) });
    const first = await renderApply('/application/trip-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss this message' }));
    expect(
      screen.queryByRole('region', { name: "You've already started an application." }),
    ).not.toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/applications/session-data': failure(500, 'Boom') });
    await renderApply('/application/trip-details');
    await findTitle('Trip details');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Apply for' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
