import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { callsTo, currentPath, findTitle, mockApi, ok, renderApply } from '../test/renderApply';
import {
  APP_ID,
  T1,
  account,
  answeredTraveler,
  detail,
  document,
  mockUploads,
  traveler,
} from '../test/postPayment';
import { PHONE_MEDIA_QUERY, useIsPhone } from './upload';

const base = `/application/${APP_ID}`;
const get = `GET /api/application/${APP_ID}`;
const t1 = (slug: string) => `${base}/travelers/${T1}/${slug}`;

// The orders below arrive on 1 July 2026 (see `detail`).
/** 10 on the arrival date. */
const CHILD_BIRTH = '2016-02-01';
/** 16 the day before the arrival date. */
const SIXTEEN_BIRTH = '2010-06-30';

function sidebar() {
  return within(screen.getByRole('navigation', { name: 'Application sections' }));
}

describe('a traveller under 16 on the arrival date', () => {
  const child = traveler({ firstName: 'Mia', dateOfBirth: CHILD_BIRTH });

  it('is not asked about work, and the questions speak to the parent or guardian', async () => {
    mockApi({ [get]: ok(detail({ travelers: [child] })) });
    await renderApply(t1('declaration'), { user: account });
    await findTitle('Declaration');
    expect(
      screen.getByText(
        'You are answering for Mia, who is under 16. A parent or guardian should answer.',
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('group', { name: /^Has Mia ever been convicted of a criminal offence\?/ }),
    ).toBeVisible();
    expect(
      screen.getByRole('group', {
        name: /^Has Mia ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes/,
      }),
    ).toBeVisible();
    expect(screen.queryByText(/Have you ever/)).not.toBeInTheDocument();
    // No Work in the sidebar; Back from the declaration goes to the passport information.
    expect(sidebar().queryByRole('link', { name: /^Work/ })).not.toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: /^Declaration/ })).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await findTitle('Passport information');
    expect(screen.getByText(/Which country issued Mia's passport/)).toBeInTheDocument();
  });

  it('opening the Work page leads on to the declaration', async () => {
    mockApi({ [get]: ok(detail({ travelers: [child] })) });
    await renderApply(t1('work'), { user: account });
    await findTitle('Declaration');
    expect(currentPath()).toBe(t1('declaration'));
  });

  it('has no Work answers in Check your answers, and the declaration worded for the parent', async () => {
    const answered = answeredTraveler({
      firstName: 'Mia',
      dateOfBirth: CHILD_BIRTH,
      work: { currentlyWorking: null, jobTitle: null },
      sections: { ...answeredTraveler().sections, work: 'not_started' },
    });
    mockApi({ [get]: ok(detail({ travelers: [answered] })) });
    await renderApply(`${base}/review`, { user: account });
    const page = within((await findTitle('Check your answers')).parentElement!);
    const mia = page.getByRole('region', { name: 'Mia Lee' });
    expect(within(mia).queryByRole('heading', { name: /^Work/ })).not.toBeInTheDocument();
    expect(mia).not.toHaveTextContent('Do you currently work?');
    expect(mia).toHaveTextContent('Has Mia ever been convicted of a criminal offence?No');
    // Every asked section is done: the sidebar counts five of five.
    expect(sidebar().getByRole('button', { name: /Mia Lee/ })).toHaveTextContent('5 of 5');
  });

  it('a traveller of 16 is asked about work, in their own words', async () => {
    mockApi({
      [get]: ok(
        detail({ travelers: [traveler({ firstName: 'Sam', dateOfBirth: SIXTEEN_BIRTH })] }),
      ),
    });
    await renderApply(t1('declaration'), { user: account });
    await findTitle('Declaration');
    expect(sidebar().getByRole('link', { name: /^Work/ })).toBeVisible();
    expect(
      screen.getByRole('group', { name: /^Have you ever been convicted of a criminal offence\?/ }),
    ).toBeVisible();
    expect(screen.queryByText(/A parent or guardian should answer/)).not.toBeInTheDocument();
  });
});

describe('work: a traveller who does not work', () => {
  it('may give their last paid work (optional), with the retired hint', async () => {
    const sent = mockApi({
      [get]: ok(detail()),
      [`PUT /api/application/${APP_ID}/work-info`]: ok(detail()),
    });
    await renderApply(t1('work'), { user: account });
    await findTitle('Work');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'No' }));
    const last = screen.getByRole('textbox', { name: 'Your last paid work (if any)' });
    expect(last).not.toBeRequired();
    expect(last).toHaveAccessibleDescription('If retired, provide details of your last paid work');
    await user.type(last, 'Teacher');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await findTitle('Declaration');
    expect(callsTo(sent, `PUT /api/application/${APP_ID}/work-info`)[0]?.body).toEqual({
      travelerId: T1,
      currentlyWorking: false,
      jobTitle: 'Teacher',
    });
  });

  it('shows the last paid work in Check your answers', async () => {
    const retired = answeredTraveler({ work: { currentlyWorking: false, jobTitle: 'Teacher' } });
    mockApi({ [get]: ok(detail({ travelers: [retired] })) });
    await renderApply(`${base}/review`, { user: account });
    const page = within((await findTitle('Check your answers')).parentElement!);
    expect(page.getByRole('region', { name: 'Ann Lee' })).toHaveTextContent(
      'Your last paid work (if any)Teacher',
    );
  });
});

describe('uploads on a phone', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === PHONE_MEDIA_QUERY,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('is a desktop when the server renders the page', () => {
    function Probe() {
      return <p>{useIsPhone() ? 'phone' : 'desktop'}</p>;
    }
    expect(renderToString(<Probe />)).toContain('desktop');
  });

  it('the passport page offers the back camera and the phone’s photos, not the QR code or drag and drop', async () => {
    mockApi({ [get]: ok(detail()) });
    await renderApply(t1('passport-page'), { user: account });
    await findTitle('Passport page');
    expect(screen.getByRole('button', { name: 'Take a photo' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose from your photos' })).toBeVisible();
    const camera = screen.getByLabelText('Take a photo of your passport page with your camera');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');
    const library = screen.getByLabelText(
      'Choose a picture or a PDF of your passport page from your phone',
    );
    expect(library).not.toHaveAttribute('capture');
    expect(library).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(screen.queryByRole('button', { name: 'Show the QR code' })).not.toBeInTheDocument();
    expect(screen.queryByText('Drag and drop')).not.toBeInTheDocument();
  });

  it('the photo page: the front camera, then Continue moves on once the photo is accepted', async () => {
    mockApi({ [get]: ok(detail()) });
    const accepted = document({ id: 'doc-photo', kind: 'PHOTO' });
    const uploads = mockUploads([{ body: ok({ document: accepted }).body }]);
    await renderApply(t1('applicants-photo'), { user: account });
    await findTitle("Applicant's photo");
    expect(screen.getByText('Colour photo from shoulders to top of head in frame')).toBeVisible();
    // Taking the photo is its own button; there is nothing to continue to yet.
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    const camera = screen.getByLabelText('Take a photo with your front camera');
    expect(camera).toHaveAttribute('capture', 'user');
    const user = userEvent.setup();
    await user.upload(camera, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Great job!')).toBeVisible();
    expect(uploads.sent[0]?.url).toContain(`/travelers/${T1}/documents/photo`);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await findTitle('Personal information');
    expect(currentPath()).toBe(t1('personal-information'));
  });

  it('a refused photo stays with its reason, the instructions and Try another photo', async () => {
    mockApi({ [get]: ok(detail()) });
    const refused = document({
      id: 'doc-blurred',
      kind: 'PHOTO',
      status: 'REJECTED',
      url: `/api/application/${APP_ID}/documents/doc-blurred`,
      checks: [
        {
          id: 'sharpness',
          passed: false,
          message: 'Your photo is blurred. Hold the phone steady, tap to focus and try again.',
        },
      ],
    });
    mockUploads([{ body: ok({ document: refused }).body }]);
    await renderApply(t1('applicants-photo'), { user: account });
    await findTitle("Applicant's photo");
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Take a photo with your front camera'),
      new File(['x'], 'me.jpg', { type: 'image/jpeg' }),
    );
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(
      'Your photo is blurred. Hold the phone steady, tap to focus and try again.',
    );
    expect(screen.getByRole('img', { name: 'Your photo' })).toHaveAttribute('src', refused.url);
    expect(screen.getByText('White background with no shadows or objects')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try another photo' })).toBeVisible();
    expect(screen.getByLabelText('Take a photo with your front camera')).toHaveAttribute(
      'capture',
      'user',
    );
    await waitFor(() => expect(currentPath()).toBe(t1('applicants-photo')));
  });
});
