import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ApiMessages } from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import { server } from '../../../libs/platform/test/api-server';
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
} from '../test/renderApply';

const LINK = 'POST /api/drafts/return-link';
const SAVE = 'POST /api/applications/save';
const BANNER = "You've already started an application.";
const linkSent = (email: string) =>
  ok({ sent: true, email, expiresAt: '2026-01-09T10:00:00.000Z' });

const savedDraft = {
  countryId: 'US',
  visaTypeId: 'uk-eta',
  arrivalDate: null,
  hasPlannedDates: false,
  travelers: [{ ...traveler1, passport }],
  selectedProcessingOption: 'fast',
  currentStep: 3,
  email: traveler1.email,
};

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('save and come back later', () => {
  it('saves the step as it is and emails a link to the traveller’s address', async () => {
    const sent = mockApi({ [LINK]: linkSent(traveler1.email) });
    await renderApply('/application/personal-info', {
      wizard: { currentStep: 2, travelers: [{ ...traveler1, lastName: '' }] },
    });
    await findTitle('Your information');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and come back later' }));

    const form = screen.getByRole('region', { name: 'Save and come back later' });
    const email = within(form).getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveValue(traveler1.email);
    await user.click(within(form).getByRole('button', { name: 'Send me a link' }));

    const done = await within(form).findByRole('status');
    expect(done).toHaveTextContent(
      "We've sent a link to ada@example.com. It works once and expires in 7 days.",
    );
    await waitFor(() => expect(done).toHaveFocus());
    // The unfinished step was saved first (no validation), then the link asked for.
    const [save] = callsTo(sent, SAVE);
    expect(save!.body).toMatchObject({
      currentStep: 2,
      travelers: [{ firstName: 'Ada', lastName: '' }],
    });
    expect(callsTo(sent, LINK).map((call) => call.body)).toEqual([{ email: traveler1.email }]);
    expect(sent.findIndex((call) => call.path === '/api/applications/save')).toBeLessThan(
      sent.findIndex((call) => call.path === '/api/drafts/return-link'),
    );
    expect(currentPath()).toBe('/application/personal-info');
  });

  it('checks the address, and says so when Waypoint cannot be reached', async () => {
    mockApi({});
    let reachable = false;
    server.use(
      http.post('/api/drafts/return-link', () =>
        reachable
          ? HttpResponse.json({
              success: true,
              data: { sent: true, email: 'me@example.com', expiresAt: '2026-01-09T10:00:00Z' },
            })
          : HttpResponse.error(),
      ),
    );
    await renderApply('/application/trip-details');
    await findTitle('Trip details');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and come back later' }));
    const form = screen.getByRole('region', { name: 'Save and come back later' });
    const email = within(form).getByRole('textbox', { name: /Email/ });
    expect(email).toHaveValue('');

    await user.click(within(form).getByRole('button', { name: 'Send me a link' }));
    expect(within(form).getByText(ApiMessages['wizard.emailRequired'])).toBeInTheDocument();
    expect(email).toHaveFocus();

    await user.type(email, 'me@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send me a link' }));
    const box = await within(form).findByRole('alert');
    expect(box).toHaveTextContent(ApiMessages['error.network']);
    await waitFor(() => expect(box.closest('[tabindex="-1"]')).toHaveFocus());

    reachable = true;
    await user.click(within(form).getByRole('button', { name: 'Send me a link' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      "We've sent a link to me@example.com.",
    );
  });

  it('shows at the field an address the server refuses', async () => {
    const sent = mockApi({
      [LINK]: failure(400, ApiMessages['auth.emailInvalid'], {
        messageKey: 'auth.emailInvalid',
        fieldErrors: { email: ApiMessages['auth.emailInvalid'] },
        fieldErrorKeys: { email: { key: 'auth.emailInvalid' } },
      }),
    });
    await renderApply('/application/trip-details');
    await findTitle('Trip details');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and come back later' }));
    const form = screen.getByRole('region', { name: 'Save and come back later' });
    const email = within(form).getByRole('textbox', { name: /Email/ });
    await user.type(email, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send me a link' }));
    expect(await within(form).findByText(ApiMessages['auth.emailInvalid'])).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByRole('status')).not.toBeInTheDocument();
    expect(callsTo(sent, LINK).map((call) => call.body)).toEqual([{ email: 'not-an-address' }]);
  });

  it('shows the reason the server gives, in the page’s language', async () => {
    mockApi({
      [LINK]: failure(429, ApiMessages['request.rateLimited'], {
        messageKey: 'request.rateLimited',
      }),
    });
    await renderApply('/application/trip-details');
    await findTitle('Trip details');
    await act(() => activateLocale('fr'));
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Enregistrer et revenir plus tard' }),
    );
    const form = screen.getByRole('region', { name: 'Enregistrer et revenir plus tard' });
    await user.type(within(form).getByRole('textbox', { name: /e-mail|email/i }), 'me@example.com');
    await user.click(within(form).getByRole('button', { name: 'M’envoyer un lien' }));
    const box = await within(form).findByRole('alert');
    expect(box).toHaveTextContent(
      'Trop de tentatives. Veuillez patienter un instant et réessayer.',
    );
  });

  it('is offered up to the last step before checkout', async () => {
    mockApi({});
    await renderApply('/application/processing-time', {
      wizard: { currentStep: 4, travelers: [{ ...traveler1, passport }] },
    });
    await findTitle('Processing time');
    expect(screen.getByRole('button', { name: 'Save and come back later' })).toBeInTheDocument();
  });
});

describe('the saved application banner', () => {
  it('offers an application saved on the first step, and Continue opens it', async () => {
    mockApi({
      'GET /api/applications/session-data': ok({
        data: { ...savedDraft, currentStep: 1, travelers: [{ ...traveler1 }] },
        sessionId: 's1',
      }),
    });
    await renderApply('/application/trip-details');
    const banner = await screen.findByRole('region', { name: BANNER });
    const user = userEvent.setup();
    await user.click(within(banner).getByRole('button', { name: 'Continue application' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: BANNER })).not.toBeInTheDocument(),
    );
    expect(currentPath()).toBe('/application/trip-details');
    await user.click(screen.getByRole('button', { name: 'Start applying' }));
    await findTitle('Your information');
    expect(screen.getByRole('textbox', { name: /First and middle name/ })).toHaveValue('Ada');
  });

  it('is not offered in a tab already working on the application, nor after it saved it here', async () => {
    const sent = mockApi({
      'GET /api/applications/session-data': ok({ data: savedDraft, sessionId: 's1' }),
      [LINK]: linkSent(traveler1.email),
    });
    const first = await renderApply('/application/trip-details', {
      wizard: { currentStep: 3, travelers: [{ ...traveler1, passport }] },
    });
    await findTitle('Trip details');
    await waitFor(() =>
      expect(callsTo(sent, 'GET /api/applications/session-data')).toHaveLength(1),
    );
    expect(screen.queryByRole('region', { name: BANNER })).not.toBeInTheDocument();
    first.unmount();

    // A new tab on the first step: offered, until this tab saves its own answers for later.
    await renderApply('/application/trip-details');
    expect(await screen.findByRole('region', { name: BANNER })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and come back later' }));
    const form = screen.getByRole('region', { name: 'Save and come back later' });
    await user.type(within(form).getByRole('textbox', { name: /Email/ }), traveler1.email);
    await user.click(within(form).getByRole('button', { name: 'Send me a link' }));
    await within(form).findByRole('status');
    expect(screen.queryByRole('region', { name: BANNER })).not.toBeInTheDocument();
  });

  it('stays dismissed for the visit', async () => {
    mockApi({ 'GET /api/applications/session-data': ok({ data: savedDraft, sessionId: 's1' }) });
    const first = await renderApply('/application/trip-details');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss this message' }));
    expect(screen.queryByRole('region', { name: BANNER })).not.toBeInTheDocument();
    first.unmount();
    // A reload of the page in this tab.
    await renderApply('/application/trip-details', { keepSession: true });
    await findTitle('Trip details');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Apply for' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('region', { name: BANNER })).not.toBeInTheDocument();
  });
});
