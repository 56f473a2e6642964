import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ApiMessages } from '@waypoint/contracts';
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

const CLAIM = 'POST /api/drafts/return';

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

const refused = (status: number, key: keyof typeof ApiMessages) =>
  failure(status, ApiMessages[key], { messageKey: key });

describe("the link of the 'save and come back later' email", () => {
  it('claims the saved application and opens its saved step with the answers', async () => {
    const sent = mockApi({ [CLAIM]: ok({ data: savedDraft, sessionId: 'd1' }) });
    const entries = window.history.length;
    await renderApply('/application/return/tok-123');
    await findTitle('Passport information');
    expect(currentPath()).toBe('/application/passport-info');
    // In place of the link: Back does not use it again.
    expect(window.history.length).toBe(entries);
    expect(callsTo(sent, CLAIM).map((call) => call.body)).toEqual([{ token: 'tok-123' }]);
    expect(screen.getByRole('textbox', { name: /Passport number/ })).toHaveValue('X1234567');
    // The tab is on the saved application: no offer to continue it.
    expect(
      screen.queryByRole('region', { name: "You've already started an application." }),
    ).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Processing time');
  });

  it('opens the furthest step the answers still reach', async () => {
    mockApi({
      [CLAIM]: ok({
        data: { ...savedDraft, hasPlannedDates: true, arrivalDate: '2020-01-01', currentStep: 4 },
        sessionId: 'd1',
      }),
    });
    await renderApply('/application/return/tok-1');
    await findTitle('Trip details');
    expect(currentPath()).toBe('/application/trip-details');
  });

  it.each([
    [410, 'draftReturn.linkUsed', 'This link has already been used', 'If you opened it before'],
    [410, 'draftReturn.linkExpired', 'This link has expired', 'To get a new link, open Waypoint'],
    [404, 'draftReturn.linkNotFound', 'We cannot find this link', null],
  ] as const)(
    'explains a link it cannot use (%s %s) and offers a new application',
    async (status, key, title, guidance) => {
      const sent = mockApi({ [CLAIM]: refused(status, key) });
      await renderApply('/application/return/tok-9');
      await findTitle(title);
      expect(document.title).toBe(`${title} – Waypoint`);
      const box = screen.getByRole('alert');
      expect(box).toHaveTextContent(ApiMessages[key]);
      await waitFor(() => expect(box.closest('[tabindex="-1"]')).toHaveFocus());
      if (guidance) expect(screen.getByText(new RegExp(guidance))).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

      const user = userEvent.setup();
      await user.click(screen.getByRole('link', { name: 'Start a new application' }));
      await findTitle('Trip details');
      expect(callsTo(sent, CLAIM)).toHaveLength(1);
    },
  );

  it('offers to try again when Waypoint cannot be reached', async () => {
    mockApi({});
    let reachable = false;
    server.use(
      http.post('/api/drafts/return', () =>
        reachable
          ? HttpResponse.json({ success: true, data: { data: savedDraft, sessionId: 'd1' } })
          : HttpResponse.error(),
      ),
    );
    await renderApply('/application/return/tok-5');
    await findTitle('Continue your application');
    expect(await screen.findByRole('alert')).toHaveTextContent(ApiMessages['error.network']);
    reachable = true;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await findTitle('Passport information');
  });
});
