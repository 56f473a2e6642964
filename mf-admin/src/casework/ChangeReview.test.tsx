import { screen, within } from '@testing-library/react';
import type { AdminApplicationDetail, AuditEntry } from '@waypoint/contracts';
import { formatDateTime } from '../format';
import { decisionDocument, detail, document, twoTravellers } from '../test/fixtures';
import { mockApi, ok, renderAdmin } from '../test/renderAdmin';

const DETAIL = 'GET /api/admin/applications/app-1';
const countries = [
  { id: 'FR', name: 'France', flagEmoji: '🇫🇷', entryRule: 'ETA', ruleNote: null },
  { id: 'BE', name: 'Belgium', flagEmoji: '🇧🇪', entryRule: 'ETA', ruleNote: null },
];

const section = (name: string | RegExp) => screen.getByRole('region', { name });

const oldPhoto = document({
  id: 'doc-2',
  kind: 'PHOTO',
  url: '/api/application/app-1/documents/doc-2',
  createdAt: '2026-11-21T10:00:00.000Z',
});
const newPhoto = document({
  id: 'doc-9',
  kind: 'PHOTO',
  url: '/api/application/app-1/documents/doc-9',
  createdAt: '2026-11-26T09:00:00.000Z',
});
const oldPage = document({
  id: 'doc-3',
  contentType: 'application/pdf',
  width: null,
  height: null,
  url: '/api/application/app-1/documents/doc-3',
});
const newPage = document({
  id: 'doc-8',
  contentType: 'application/pdf',
  width: null,
  height: null,
  url: '/api/application/app-1/documents/doc-8',
});

const changeReview: NonNullable<AdminApplicationDetail['changeReview']> = {
  requestedAt: '2026-11-24T09:30:00.000Z',
  requestedBy: 'staff@waypoint.test',
  resubmittedAt: '2026-11-26T10:15:00.000Z',
  items: [
    {
      travelerId: 'trav-1',
      section: 'personal-information',
      message: 'The address is incomplete.',
      resolved: true,
      fields: [
        { field: 'countryOfBirth', before: 'FR', after: 'FR' },
        { field: 'residentCountry', before: 'FR', after: 'BE' },
        { field: 'residenceAddress', before: '1 Rue de Rivoli', after: '12 Rue Royale' },
        { field: 'cityTown', before: 'Paris', after: 'Bruxelles' },
        { field: 'gender', before: 'female', after: 'female' },
      ],
      beforeDocument: null,
      afterDocument: null,
    },
    {
      travelerId: 'trav-1',
      section: 'applicants-photo',
      message: 'The photo is too dark: retake it in daylight against a plain wall.',
      resolved: true,
      fields: [],
      beforeDocument: oldPhoto,
      afterDocument: newPhoto,
    },
    {
      travelerId: 'trav-2',
      section: 'passport-page',
      message: 'The page is cut off.',
      resolved: true,
      fields: [],
      beforeDocument: oldPage,
      afterDocument: newPage,
    },
    {
      travelerId: null,
      section: 'general-info',
      message: 'Please choose how we tell you about updates.',
      resolved: true,
      fields: [{ field: 'notificationPreference', before: 'neither', after: 'whatsapp' }],
      beforeDocument: null,
      afterDocument: null,
    },
  ],
};

describe('the changes asked for, before and now', () => {
  it('shows each change with its message, the answers before and now, and both documents', async () => {
    mockApi({
      [DETAIL]: ok(twoTravellers('SUBMITTED', ['UNDER_REVIEW'], { changeReview })),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const review = await screen.findByRole('region', { name: 'Changes requested' });

    // Resubmitted: the changes come right after the decision, before the order.
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('changes-heading')).toBe(regions.indexOf('decision') + 1);
    expect(section('Decision')).toHaveTextContent(
      `The traveller resubmitted it with the changes asked for on ${formatDateTime(changeReview.resubmittedAt)}: check them below before starting the review.`,
    );
    expect(review).toHaveTextContent(
      `Asked by staff@waypoint.test on ${formatDateTime(changeReview.requestedAt)}.`,
    );
    expect(review).toHaveTextContent(
      `The traveller resubmitted the application with the changes on ${formatDateTime(changeReview.resubmittedAt)}.`,
    );

    const items = within(review).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent),
    ).toEqual([
      'Ada Lovelace: Personal information Done',
      "Ada Lovelace: Applicant's photo Done",
      'Charles Babbage: Passport page Done',
      'General information Done',
    ]);
    const [personal, photo, page, general] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(personal).toHaveTextContent('What they were asked:The address is incomplete.');

    // Only the answers that changed, before and now, in words.
    const table = within(personal).getByRole('table', {
      name: 'Ada Lovelace: Personal information: answers before and now',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Answer', 'Before', 'Now']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual([
      ['Resident country', 'France (FR)', 'Belgium (BE)'],
      ['Residence street address', '1 Rue de Rivoli', '12 Rue Royale'],
      ['City/town', 'Paris', 'Bruxelles'],
    ]);
    expect(within(general).getByRole('table')).toHaveTextContent('NotificationsNeitherWhatsApp');

    // Pictures side by side, labelled Before and Now.
    const figures = within(photo).getAllByRole('figure');
    expect(figures.map((figure) => figure.querySelector('figcaption')?.textContent)).toEqual([
      'Before',
      'Now',
    ]);
    expect(
      within(figures[0] as HTMLElement).getByRole('img', {
        name: "Ada Lovelace: Applicant's photo, before the change",
      }),
    ).toHaveAttribute('src', oldPhoto.url);
    expect(
      within(figures[1] as HTMLElement).getByRole('img', {
        name: "Ada Lovelace: Applicant's photo, now",
      }),
    ).toHaveAttribute('src', newPhoto.url);

    // PDFs as links.
    expect(
      within(page).getByRole('link', {
        name: 'Open the document (Charles Babbage: Passport page) before the change (PDF)',
      }),
    ).toHaveAttribute('href', oldPage.url);
    expect(
      within(page).getByRole('link', {
        name: 'Open the new document (Charles Babbage: Passport page) (PDF)',
      }),
    ).toHaveAttribute('href', newPage.url);
  });

  it('shows, while the traveller makes them, what is done and what is not', async () => {
    const first = changeReview.items[1]!;
    const second = changeReview.items[0]!;
    mockApi({
      [DETAIL]: ok(
        detail('CHANGES_REQUESTED', [], {
          changeReview: {
            ...changeReview,
            resubmittedAt: null,
            items: [
              { ...first, resolved: false, afterDocument: null },
              { ...second, resolved: true },
            ],
          },
        }),
      ),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const review = await screen.findByRole('region', { name: 'Changes requested' });
    expect(review).toHaveTextContent('Waiting for the traveller: 1 of 2 changes made.');
    const [photo] = within(review).getAllByRole('listitem') as [HTMLElement];
    expect(within(photo).getByRole('heading', { level: 3 })).toHaveTextContent('Not done yet');
    expect(photo).toHaveTextContent('NowNot replaced yet.');
  });

  it('shows the changes of an earlier request further down once the review has moved on', async () => {
    mockApi({
      [DETAIL]: ok(detail('UNDER_REVIEW', ['CHANGES_REQUESTED', 'LODGED'], { changeReview })),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    await screen.findByRole('region', { name: 'Changes requested' });
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('changes-heading')).toBe(regions.indexOf('history-heading') - 1);
  });
});

describe('what was recorded with the Home Office', () => {
  it('says when, by whom and under which reference the application was submitted', async () => {
    mockApi({
      [DETAIL]: ok(
        detail('LODGED', ['APPROVED', 'REJECTED'], {
          lodgedBy: 'staff@waypoint.test',
          application: {
            ...detail('LODGED', []).application,
            lodging: { reference: '1234567890123456', lodgedOn: '2026-11-25' },
          },
        }),
      ),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const record = await screen.findByRole('region', { name: 'Home Office' });
    expect(record).toHaveTextContent(
      'Submitted to the Home Office on 25 Nov 2026 by staff@waypoint.test, reference 1234-5678-9012-3456.',
    );
  });

  it("shows each traveller's reference, validity and decision document of an approval", async () => {
    const base = twoTravellers('APPROVED', []);
    mockApi({
      [DETAIL]: ok({
        ...base,
        lodgedBy: null,
        application: {
          ...base.application,
          lodging: { reference: 'GWF012345678', lodgedOn: '2026-11-25' },
          outcome: {
            outcome: 'APPROVED',
            recordedAt: '2026-12-01T10:00:00.000Z',
            reason: null,
            document: null,
            grants: [
              {
                travelerId: 'trav-1',
                kind: 'VISA',
                reference: 'EVISA-1234-5678',
                validFrom: '2026-12-01',
                validUntil: '2027-06-01',
                passportLast4: '2345',
                document: decisionDocument(),
              },
              {
                travelerId: 'trav-2',
                kind: 'VISA',
                reference: 'EVISA-8765-4321',
                validFrom: '2026-12-01',
                validUntil: '2027-06-01',
                passportLast4: '321X',
                document: null,
              },
            ],
          },
        },
      }),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const record = await screen.findByRole('region', { name: 'Home Office' });
    expect(record).toHaveTextContent(
      'Submitted to the Home Office on 25 Nov 2026, reference GWF012345678.',
    );
    expect(
      within(record).getByRole('heading', { name: 'Approved by the Home Office' }),
    ).toBeInTheDocument();
    const table = within(record).getByRole('table', { name: 'ETAs and visas granted' });
    const [ada, charles] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(ada).toHaveTextContent('Ada LovelaceEVISA-1234-56781 Dec 20261 Jun 2027ending 2345');
    expect(
      within(ada).getByRole('link', { name: 'Download the decision of Ada Lovelace (PDF)' }),
    ).toHaveAttribute('href', decisionDocument().url);
    expect(charles).toHaveTextContent('No document');
  });

  it('shows the reason of a refusal and its letter', async () => {
    const base = detail('REJECTED', []);
    mockApi({
      [DETAIL]: ok({
        ...base,
        application: {
          ...base.application,
          decisionReason: 'The purpose of the visit was not shown.',
          outcome: {
            outcome: 'REJECTED',
            recordedAt: '2026-12-01T10:00:00.000Z',
            reason: 'The purpose of the visit was not shown.',
            grants: [],
            document: decisionDocument({ filename: 'refusal.pdf' }),
          },
        },
      }),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const record = await screen.findByRole('region', { name: 'Home Office' });
    expect(record).toHaveTextContent(
      'Reason the government gave: The purpose of the visit was not shown.',
    );
    expect(
      within(record).getByRole('link', { name: 'Download the refusal letter (PDF)' }),
    ).toHaveAttribute('href', decisionDocument().url);
    // Said once, with the decision.
    expect(section('Decision')).not.toHaveTextContent('The purpose of the visit');
  });

  it('words the casework in the history', async () => {
    const entry = (id: number, action: string, details: Record<string, unknown>): AuditEntry => ({
      id,
      at: '2026-11-25T10:00:00.000Z',
      action,
      actor: 'staff@waypoint.test',
      actorRole: 'admin',
      ip: null,
      details,
    });
    mockApi({
      [DETAIL]: ok(
        detail('APPROVED', [], {
          history: [
            entry(1, 'application.changes_requested', {
              from: 'UNDER_REVIEW',
              to: 'CHANGES_REQUESTED',
              changes: [{}, {}],
            }),
            entry(2, 'application.lodged', {
              from: 'UNDER_REVIEW',
              to: 'LODGED',
              reference: 'GWF012345678',
              lodgedOn: '2026-11-25',
            }),
            entry(3, 'document.decision_uploaded', { travelerId: 'trav-1' }),
            entry(4, 'application.outcome_recorded', {
              from: 'LODGED',
              to: 'APPROVED',
              references: ['EVISA-1', 'EVISA-2'],
            }),
            entry(5, 'reminders.unsubscribed', { kind: 'VISA' }),
          ],
        }),
      ),
      'GET /api/reference/countries': ok(countries),
    });
    await renderAdmin('/admin/applications/app-1');
    const entries = within(await screen.findByRole('region', { name: 'History' })).getAllByRole(
      'listitem',
    );
    expect(entries[0]).toHaveTextContent(
      'Status changed from Under review to Changes requested by staff@waypoint.test',
    );
    expect(entries[0]).toHaveTextContent('2 changes asked of the traveller');
    expect(entries[1]).toHaveTextContent(
      'Home Office reference GWF012345678, submitted on 2026-11-25',
    );
    expect(entries[2]).toHaveTextContent('Decision document uploaded');
    expect(entries[3]).toHaveTextContent('Granted: EVISA-1, EVISA-2');
    expect(entries[4]).toHaveTextContent('Expiry reminders stopped by the traveller');
  });
});
