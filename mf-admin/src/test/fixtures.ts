import {
  orderTimeline,
  type AdminApplicationDetail,
  type DecisionDocument,
  type AdminApplicationRow,
  type AdminListResponse,
  type ApplicationStatus,
  type AuditEntry,
  type DashboardResponse,
  type DocumentSummary,
  type FailedEmail,
  type FailedJob,
  type TravelerDetail,
} from '@waypoint/contracts';

let counter = 0;

/** A list row; ids end in a 4-digit number so the reference is predictable. */
export function row(extra: Partial<AdminApplicationRow> = {}): AdminApplicationRow {
  counter += 1;
  const id = `0b1c2d3e-0000-4000-8000-00000000${String(counter).padStart(4, '0')}`;
  return {
    id,
    reference: id.slice(-8).toUpperCase(),
    status: 'SUBMITTED',
    createdAt: '2026-11-20T12:00:00.000Z',
    submittedAt: '2026-11-21T12:00:00.000Z',
    updatedAt: '2026-11-21T12:00:00.000Z',
    totalAmount: 42,
    totalCents: 4200,
    travelerCount: 1,
    travelers: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
    visaType: { id: 'eta', name: 'United Kingdom ETA' },
    user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    guestEmail: null,
    ...extra,
  };
}

export function listOf(
  applications: AdminApplicationRow[],
  pagination: Partial<AdminListResponse['pagination']> = {},
): AdminListResponse {
  const total = pagination.total ?? applications.length;
  return {
    applications,
    pagination: {
      page: 1,
      limit: 20,
      total,
      pages: Math.ceil(total / 20),
      ...pagination,
    },
  };
}

export function dashboard(extra: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    applications: [],
    counts: {
      DRAFT: 4,
      IN_PROGRESS: 3,
      SUBMITTED: 12,
      UNDER_REVIEW: 2,
      CHANGES_REQUESTED: 1,
      LODGED: 5,
      APPROVED: 30,
      REJECTED: 1,
      REFUNDED: 2,
    },
    paid: { todayCents: 12345, last7DaysCents: 98000, last30DaysCents: 1234500 },
    refunded: { todayCents: 0, last7DaysCents: 0, last30DaysCents: 0 },
    operations: { paymentsAwaitingReconciliation: 0, failedEmails: 0, failedJobs: 0 },
    lastUpdated: '2026-11-21T12:00:00.000Z',
    ...extra,
  };
}

/** An email that failed every retry; ids end in a 4-digit number. */
export function failedEmail(extra: Partial<FailedEmail> = {}): FailedEmail {
  counter += 1;
  return {
    id: `5e6f7a8b-0000-4000-8000-00000000${String(counter).padStart(4, '0')}`,
    to: 'ada@example.com',
    template: 'payment-confirmation',
    description: 'Payment confirmation',
    attempts: 5,
    lastError: 'SMTP 421: service not available',
    createdAt: '2026-11-21T12:00:00.000Z',
    ...extra,
  };
}

/** A background job that failed every attempt: a passport page's, by default; ids end in a 4-digit number. */
export function failedJob(extra: Partial<FailedJob> = {}): FailedJob {
  counter += 1;
  return {
    id: `9a0b1c2d-0000-4000-8000-00000000${String(counter).padStart(4, '0')}`,
    queue: 'passport-read',
    applicationId: '0b1c2d3e-0000-4000-8000-0000ab12cd34',
    attempts: 3,
    lastError: 'Timeout reading the machine-readable zone',
    createdAt: '2026-11-21T11:00:00.000Z',
    failedAt: '2026-11-21T12:00:00.000Z',
    ...extra,
  };
}

export function document(extra: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    id: 'doc-1',
    kind: 'PASSPORT_PAGE',
    status: 'ACCEPTED',
    contentType: 'image/jpeg',
    width: 1600,
    height: 1100,
    checks: [
      { id: 'resolution', passed: true, message: 'The picture is too small.' },
      {
        id: 'sharpness',
        passed: false,
        message: 'The picture is blurred. Hold the camera still.',
      },
    ],
    createdAt: '2026-11-21T10:00:00.000Z',
    url: '/api/application/app-1/documents/doc-1',
    ...extra,
  };
}

export function traveller(extra: Partial<TravelerDetail> = {}): TravelerDetail {
  return {
    id: 'trav-1',
    position: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    personal: {
      countryOfBirth: 'FR',
      residentCountry: 'FR',
      gender: 'female',
      residenceAddress: '1 Rue de Rivoli',
      cityTown: 'Paris',
    },
    passportInfo: { issuingCountry: 'FR' },
    work: { currentlyWorking: true, jobTitle: 'Mathematician' },
    declaration: { hasConvictions: false, convictionDetails: null, hasTerroristActivities: false },
    passportPage: document(),
    photo: document({
      id: 'doc-2',
      kind: 'PHOTO',
      contentType: 'application/pdf',
      width: null,
      height: null,
      checks: [{ id: 'format', passed: true, message: 'PDF received. Checked by hand.' }],
      url: '/api/application/app-1/documents/doc-2',
    }),
    sections: {
      passportPage: 'completed',
      photo: 'completed',
      personal: 'completed',
      passportInfo: 'completed',
      work: 'completed',
      declaration: 'completed',
    },
    ...extra,
  };
}

export const history: AuditEntry[] = [
  {
    id: 1,
    at: '2026-11-21T12:00:00.000Z',
    action: 'application.submitted',
    actor: 'ada@example.com',
    actorRole: 'user',
    ip: '203.0.113.7',
    details: { to: 'SUBMITTED', from: 'IN_PROGRESS' },
  },
  {
    id: 2,
    at: '2026-11-23T14:05:00.000Z',
    action: 'application.status_changed',
    actor: 'staff@example.com',
    actorRole: 'admin',
    ip: null,
    details: { to: 'REJECTED', from: 'UNDER_REVIEW', reason: 'The photo is blurred.' },
  },
];

export function detail(
  status: ApplicationStatus,
  allowedTransitions: ApplicationStatus[],
  extra: Partial<AdminApplicationDetail> = {},
): AdminApplicationDetail {
  return {
    application: {
      id: 'app-1',
      reference: 'AB12CD34',
      status,
      editable: false,
      country: { id: 'FR', name: 'France', flagEmoji: '🇫🇷' },
      visaType: { id: 'eta', name: 'United Kingdom ETA' },
      arrivalDate: '2026-12-24',
      processingName: 'Standard',
      processingHours: 72,
      totalCents: 4200,
      email: 'ada@example.com',
      generalInfo: {
        countryCode: '+33',
        phoneNumber: '612345678',
        notificationPreference: 'sms',
        state: 'completed',
      },
      travelers: [traveller()],
      submittedAt: '2026-11-21T12:00:00.000Z',
      decisionReason: null,
      productKind: 'ETA',
      timeline: orderTimeline({
        status,
        paidAt: '2026-11-20T12:30:00.000Z',
        submittedAt: '2026-11-21T12:00:00.000Z',
        reviewStartedAt: status === 'SUBMITTED' ? null : '2026-11-21T15:00:00.000Z',
        decidedAt: null,
      }),
    },
    version: 3,
    createdAt: '2026-11-20T12:00:00.000Z',
    paidAt: '2026-11-20T12:30:00.000Z',
    account: { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    payment: {
      amountCents: 4200,
      currency: 'EUR',
      provider: 'sandbox',
      reference: 'pi_123',
      status: 'succeeded',
      succeededAt: '2026-11-20T12:30:00.000Z',
    },
    passports: [
      {
        travelerId: 'trav-1',
        nationality: 'FR',
        number: '19FR12345',
        expirationDate: '2031-05-01',
        hasSecondNationality: false,
        addLater: false,
        dateOfBirth: '1990-12-10',
      },
    ],
    history,
    allowedTransitions,
    refunds: [],
    refundOptions: [],
    ...extra,
  };
}

/** A second traveller of the order, with the passport staff see. */
export const secondTraveller = traveller({
  id: 'trav-2',
  position: 2,
  firstName: 'Charles',
  lastName: 'Babbage',
  passportPage: document({ id: 'doc-3', url: '/api/application/app-1/documents/doc-3' }),
  photo: document({
    id: 'doc-4',
    kind: 'PHOTO',
    url: '/api/application/app-1/documents/doc-4',
  }),
});

export const secondPassport: AdminApplicationDetail['passports'][number] = {
  travelerId: 'trav-2',
  nationality: 'GB',
  number: 'GB 554 433 21X',
  expirationDate: '2030-02-01',
  hasSecondNationality: false,
  addLater: false,
  dateOfBirth: '1991-12-26',
};

/** The order with both travellers, at `status`. */
export function twoTravellers(
  status: ApplicationStatus,
  allowedTransitions: ApplicationStatus[],
  extra: Partial<AdminApplicationDetail> = {},
): AdminApplicationDetail {
  const base = detail(status, allowedTransitions, extra);
  return {
    ...base,
    application: {
      ...base.application,
      travelers: [traveller(), secondTraveller],
      ...extra.application,
    },
    passports: [...base.passports, secondPassport],
  };
}

/** A decision document staff uploaded for a traveller. */
export function decisionDocument(extra: Partial<DecisionDocument> = {}): DecisionDocument {
  return {
    id: '7d8e9f00-0000-4000-8000-000000000001',
    contentType: 'application/pdf',
    filename: 'eta-decision.pdf',
    url: '/api/admin/applications/app-1/decision-documents/7d8e9f00-0000-4000-8000-000000000001',
    ...extra,
  };
}
