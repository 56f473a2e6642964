import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ApiMessages,
  PostPaymentText,
  SUBMIT_DECLARATION,
  orderTimeline,
  type ApplicationDetail,
  type ChangeRequestItem,
} from '@waypoint/contracts';
import { activateLocale } from '@waypoint/ui';
import {
  callsTo,
  currentPath,
  failure,
  findTitle,
  mockApi,
  ok,
  renderApply,
} from '../test/renderApply';
import {
  APP_ID,
  T1,
  T2,
  account,
  answeredTraveler,
  detail,
  document,
  mockUploads,
} from '../test/postPayment';

const base = `/application/${APP_ID}`;
const get = `GET /api/application/${APP_ID}`;
const t1 = (slug: string) => `${base}/travelers/${T1}/${slug}`;

/** Staff write as they like: several lines, and at times in another language. */
const PHOTO_MESSAGE =
  'The background of your photo is not plain.\nPlease take a new one against a white wall.';
const WORK_MESSAGE = 'Please give your job title.\nمثلاً: مهندس';

const times = {
  paidAt: '2026-06-01T10:00:00.000Z',
  submittedAt: '2026-06-02T08:00:00.000Z',
  reviewStartedAt: '2026-06-03T09:30:00.000Z',
  decidedAt: null,
};

/** An order staff sent back for changes: Ann's photo and work, the rest as it was. */
function changesRequested(
  items: ChangeRequestItem[] = [
    { travelerId: T1, section: 'applicants-photo', message: PHOTO_MESSAGE, resolved: false },
    { travelerId: T1, section: 'work', message: WORK_MESSAGE, resolved: false },
  ],
  overrides: Partial<ApplicationDetail> = {},
): ApplicationDetail {
  return detail({
    status: 'CHANGES_REQUESTED',
    // Whatever the order says of itself, only the sections staff asked for can change.
    editable: true,
    submittedAt: times.submittedAt,
    generalInfo: {
      countryCode: '+44',
      phoneNumber: '7911 123456',
      notificationPreference: 'sms',
      state: 'completed',
    },
    travelers: [answeredTraveler({ work: { currentlyWorking: true, jobTitle: '' } })],
    productKind: 'ETA',
    changeRequest: { requestedAt: '2026-06-04T09:00:00.000Z', resubmittedAt: null, items },
    timeline: orderTimeline({ status: 'CHANGES_REQUESTED', ...times }),
    ...overrides,
  });
}

const resolved = (items: ChangeRequestItem[]) => items.map((item) => ({ ...item, resolved: true }));

function sidebar() {
  return screen.getByRole('navigation', { name: 'Application sections' });
}

function sidebarLink(name: RegExp) {
  return within(sidebar()).getByRole('link', { name });
}

const BANNER =
  'Action needed: we need some changes before we can submit your application to the UK government';

afterEach(async () => {
  jest.useRealTimers();
  await act(() => activateLocale('en'));
});

describe('changes requested: the pages after payment', () => {
  it('says what is needed, marks the sections to change, and opens only those, with the staff message', async () => {
    const order = changesRequested();
    const [photo, work] = order.changeRequest!.items as [ChangeRequestItem, ChangeRequestItem];
    const sent = mockApi({
      [get]: ok(order),
      [`PUT /api/application/${APP_ID}/work-info`]: ok(
        changesRequested([photo, { ...work, resolved: true }]),
      ),
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');

    const banner = screen.getByRole('region', { name: BANNER });
    expect(banner).toHaveTextContent('What is left to change:');
    expect(
      within(banner).getByRole('link', { name: "Applicant's photo for Ann Lee" }),
    ).toHaveAttribute('href', `${base}/applicants-photo?traveler=${T1}`);
    expect(within(banner).getByRole('link', { name: 'Work for Ann Lee' })).toBeVisible();

    // The sidebar marks what staff asked for, in words; the rest keeps its state.
    expect(sidebarLink(/^Work/)).toHaveTextContent('Work: Change needed');
    expect(sidebarLink(/^Applicant's photo/)).toHaveTextContent("Applicant's photo: Change needed");
    expect(sidebarLink(/^Declaration/)).toHaveTextContent('Declaration: Completed');
    expect(sidebarLink(/^Review & resubmit/)).toHaveAttribute('href', `${base}/review`);

    // The page's fields open, under the staff message as they wrote it.
    const note = screen.getByRole('note', { name: 'What to change' });
    const message = within(note).getByText(/Please give your job title/);
    expect(message.textContent).toBe(WORK_MESSAGE);
    expect(message).toHaveAttribute('dir', 'auto');
    expect(message).toHaveClass('wpp-change__message');
    const title = screen.getByRole('textbox', { name: /Job title/ });
    expect(title).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    const user = userEvent.setup();
    await user.type(title, 'Engineer');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    // Saved, the change is made: back to the review, which lists what is left.
    await findTitle('Check your answers');
    expect(currentPath()).toBe(`${base}/review`);
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/work-info`)[0]?.body).toEqual({
      travelerId: T1,
      currentlyWorking: true,
      jobTitle: 'Engineer',
    });
    expect(sidebarLink(/^Work/)).toHaveTextContent('Work: Changed');

    // A section staff did not ask for is read-only, as a submitted order's.
    await user.click(sidebarLink(/^Declaration/));
    await findTitle('Declaration');
    expect(screen.queryByRole('note', { name: 'What to change' })).toBeNull();
    expect(
      screen.getByText(/only the sections and documents marked “Change needed” can/),
    ).toBeVisible();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    await user.click(sidebarLink(/^General information/));
    await findTitle('General information');
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toBeDisabled();

    // Save & Exit saves nothing on a page that cannot change.
    await user.click(screen.getAllByRole('button', { name: 'Save and exit' })[0]!);
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    expect(sent.filter((call) => call.method !== 'GET')).toHaveLength(1);
  });

  it('shows a made change as changed, still open to correct', async () => {
    const order = changesRequested(
      resolved([{ travelerId: T1, section: 'work', message: WORK_MESSAGE, resolved: true }]),
    );
    mockApi({ [get]: ok(order) });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    const note = screen.getByRole('note', { name: 'What to change' });
    expect(note).toHaveTextContent('You have made this change.');
    expect(screen.getByRole('textbox', { name: /Job title/ })).toBeEnabled();
    const banner = screen.getByRole('region', { name: BANNER });
    expect(banner).toHaveTextContent('You have made every change we asked for.');
    expect(
      within(banner).getByRole('link', {
        name: 'Check your answers and resubmit your application',
      }),
    ).toHaveAttribute('href', `${base}/review`);
  });

  it('shows a refusal of the server in words, never its key', async () => {
    mockApi({
      [get]: ok(changesRequested()),
      [`PUT /api/application/${APP_ID}/work-info`]: failure(409, 'casework.notFlagged'),
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Job title/ }), 'Engineer');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText(ApiMessages['casework.notFlagged'])).toBeVisible();
    expect(screen.queryByText('casework.notFlagged')).toBeNull();
  });

  it('asks for a new document where staff asked for one, showing the old one with their message', async () => {
    const order = changesRequested();
    const photo = order.changeRequest!.items[0]!;
    const sent = mockApi({
      [get]: [
        ok(order),
        ok(changesRequested([{ ...photo, resolved: true }, order.changeRequest!.items[1]!])),
      ],
    });
    const uploads = mockUploads([
      { body: ok({ document: document({ id: 'doc-3', kind: 'PHOTO' }) }).body },
    ]);
    await renderApply(t1('applicants-photo'), { user: account });
    await findTitle("Applicant's photo");
    const note = screen.getByRole('note', { name: 'What to change' });
    expect(within(note).getByText(/background of your photo/).textContent).toBe(PHOTO_MESSAGE);
    expect(screen.getByText('What you uploaded before')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      document({ id: 'doc-2', kind: 'PHOTO' }).url,
    );
    expect(screen.queryByText('Great job!')).toBeNull();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText("Applicant's photo file"),
      new File(['x'], 'me.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByText('Great job!')).toBeVisible();
    expect(uploads.sent[0]?.url).toBe(`/api/application/${APP_ID}/travelers/${T1}/documents/photo`);
    // The change it made is fetched with the application; then the review, with what is left.
    await waitFor(() =>
      expect(sidebarLink(/^Applicant's photo/)).toHaveTextContent("Applicant's photo: Changed"),
    );
    expect(callsTo(sent, get).length).toBeGreaterThanOrEqual(2);
    await findTitle('Check your answers');

    // A document staff did not ask for stays as it is.
    await user.click(sidebarLink(/^Passport page/));
    await findTitle('Passport page');
    expect(screen.getByText('Great job!')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Replace it anyway' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Choose an upload method' })).toBeNull();
  });

  it('opens a change’s page for the traveller it names', async () => {
    const bo = answeredTraveler({ id: T2, position: 2, firstName: 'Bo' });
    mockApi({
      [get]: ok(
        changesRequested(
          [{ travelerId: T2, section: 'passport-page', message: 'Blurred', resolved: false }],
          { travelers: [answeredTraveler(), bo] },
        ),
      ),
    });
    await renderApply(`${base}/review`, { user: account });
    await findTitle('Check your answers');
    const left = screen.getByRole('region', { name: 'Changes still to make' });
    await userEvent
      .setup()
      .click(within(left).getByRole('link', { name: 'Passport page for Traveller 2 – Bo Lee' }));
    await findTitle('Passport page');
    expect(currentPath()).toBe(`${base}/travelers/${T2}/passport-page`);
    expect(screen.getByText('Traveller 2 – Bo Lee', { selector: '.wpp-caption' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Choose an upload method' })).toBeVisible();
  });
});

describe('changes requested: check your answers', () => {
  it('lists what is left as links, with Change links only where staff asked, and no resubmission yet', async () => {
    mockApi({ [get]: ok(changesRequested()) });
    await renderApply(`${base}/review`, { user: account });
    const page = within((await findTitle('Check your answers')).parentElement!);
    // The banner says what is needed; the list is the page's own.
    const banner = screen.getByRole('region', { name: BANNER });
    expect(within(banner).queryAllByRole('link')).toHaveLength(0);
    const left = page.getByRole('region', { name: 'Changes still to make' });
    expect(
      within(left)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ["Applicant's photo for Ann Lee", `${base}/applicants-photo?traveler=${T1}`],
      ['Work for Ann Lee', `${base}/work?traveler=${T1}`],
    ]);
    const ann = page.getByRole('region', { name: 'Ann Lee' });
    expect(within(ann).getByRole('link', { name: 'Change Job title (Ann Lee)' })).toHaveAttribute(
      'href',
      `${t1('work')}?return=review`,
    );
    expect(
      within(ann).getByRole('link', { name: "Change Applicant's photo (Ann Lee)" }),
    ).toBeVisible();
    expect(within(ann).queryByRole('link', { name: /Change Passport number/ })).toBeNull();
    expect(page.queryByRole('link', { name: /Change Phone number/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: SUBMIT_DECLARATION })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resubmit application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
  });

  it('once every change is made, resubmits with the declaration and shows the order as submitted', async () => {
    const done = changesRequested(resolved(changesRequested().changeRequest!.items));
    const submitted = detail({
      ...done,
      status: 'SUBMITTED',
      editable: false,
      changeRequest: { ...done.changeRequest!, resubmittedAt: '2026-06-05T10:00:00.000Z' },
      timeline: orderTimeline({ status: 'SUBMITTED', ...times, reviewStartedAt: null }),
    });
    const submit = `POST /api/application/${APP_ID}/submit`;
    const sent = mockApi({
      [get]: ok(done),
      [submit]: [
        failure(
          400,
          'Please make every change staff asked for before resubmitting: Traveller 1 (Ann Lee): work',
        ),
        ok({ application: submitted }),
      ],
    });
    await renderApply(`${base}/review`, { user: account });
    await findTitle('Check your answers');
    expect(screen.getByRole('region', { name: 'Changes still to make' })).toHaveTextContent(
      'You have made every change we asked for.',
    );
    const user = userEvent.setup();
    const declaration = screen.getByRole('checkbox', { name: SUBMIT_DECLARATION });
    await user.click(screen.getByRole('button', { name: 'Resubmit application' }));
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      PostPaymentText.declarationRequired,
    );
    expect(callsTo(sent, submit)).toHaveLength(0);

    // Refused: the reason in words, the focus on it, and the order fetched again.
    await user.click(declaration);
    await user.click(screen.getByRole('button', { name: 'Resubmit application' }));
    const refusal = await screen.findByText(/Please make every change staff asked for/);
    await waitFor(() => expect(refusal.closest('.wpp-focus-target')).toHaveFocus());
    await waitFor(() => expect(callsTo(sent, get).length).toBeGreaterThanOrEqual(2));

    await user.click(screen.getByRole('button', { name: 'Resubmit application' }));
    const confirmation = await screen.findByRole('region', { name: 'Application resubmitted' });
    await waitFor(() => expect(confirmation).toHaveFocus());
    expect(confirmation).toHaveTextContent(
      'We will check your changes, then submit your application to the UK government.',
    );
    expect(confirmation).toHaveTextContent('Status: Submitted');
    expect(
      screen
        .getAllByRole('status')
        .some((region) => region.textContent === 'Application resubmitted'),
    ).toBe(true);
    expect(currentPath()).toBe(`${base}/review`);
    expect(callsTo(sent, submit)[1]?.body).toEqual({ declarationConfirmed: true });
    // Submitted again: nothing can change, as for any submitted order.
    expect(screen.getByRole('region', { name: PostPaymentText.readOnly })).toBeVisible();
    expect(screen.queryByRole('region', { name: BANNER })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resubmit application' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Go to my orders' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Change / })).toBeNull();
  });
});

describe('changes requested in other languages', () => {
  it('says what is needed and what to change in French, keeping the staff message as written', async () => {
    await act(() => activateLocale('fr'));
    mockApi({ [get]: ok(changesRequested()) });
    await renderApply(t1('work'), { user: account });
    await findTitle('Activité professionnelle');
    expect(
      screen.getByRole('region', {
        name: 'Action requise : nous avons besoin de quelques modifications avant de pouvoir déposer votre demande auprès du gouvernement britannique',
      }),
    ).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Étapes de la demande' });
    expect(within(nav).getByRole('link', { name: /^Activité professionnelle/ })).toHaveTextContent(
      'À modifier',
    );
    const note = screen.getByRole('note', { name: 'Ce qu’il faut modifier' });
    expect(within(note).getByText(/Please give your job title/).textContent).toBe(WORK_MESSAGE);
  });

  it('offers the resubmission in Arabic, right to left', async () => {
    await act(() => activateLocale('ar'));
    mockApi({ [get]: ok(changesRequested(resolved(changesRequested().changeRequest!.items))) });
    await renderApply(`${base}/review`, { user: account });
    await findTitle('راجع إجاباتك');
    expect(window.document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('region', { name: 'التعديلات المتبقية' })).toHaveTextContent(
      'لقد أجريت كل التعديلات التي طلبناها.',
    );
    expect(screen.getByRole('button', { name: 'إعادة تقديم الطلب' })).toBeVisible();
  });

  it.each([
    ['de', 'Antrag erneut einreichen', 'Noch vorzunehmende Änderungen'],
    ['es', 'Volver a enviar la solicitud', 'Cambios pendientes'],
  ] as const)('names the resubmission in %s', async (locale, button, heading) => {
    await act(() => activateLocale(locale));
    mockApi({ [get]: ok(changesRequested(resolved(changesRequested().changeRequest!.items))) });
    await renderApply(`${base}/review`, { user: account });
    expect(await screen.findByRole('button', { name: button }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('heading', { name: heading })).toBeVisible();
  });
});
