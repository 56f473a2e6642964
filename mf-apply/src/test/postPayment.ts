import {
  orderTimeline,
  type ApplicationDetail,
  type DocumentSummary,
  type TravelerDetail,
} from '@waypoint/contracts';

export const APP_ID = '6a1e9d0c-3f4b-4d2a-9c8e-1b2a3c4d5e6f';
export const T1 = '0b7d2c1e-8f9a-4b3c-a2d1-e0f9a8b7c6d5';
export const T2 = '1c8e3d2f-9a0b-4c4d-b3e2-f1a0b9c8d7e6';

export function traveler(overrides: Partial<TravelerDetail> = {}): TravelerDetail {
  return {
    id: T1,
    position: 1,
    firstName: 'Ann',
    lastName: 'Lee',
    personal: {
      countryOfBirth: null,
      residentCountry: null,
      gender: null,
      residenceAddress: null,
      cityTown: null,
    },
    passportInfo: { issuingCountry: null },
    work: { currentlyWorking: null, jobTitle: null },
    declaration: { hasConvictions: null, convictionDetails: null, hasTerroristActivities: null },
    passportPage: null,
    photo: null,
    sections: {
      passportPage: 'not_started',
      photo: 'not_started',
      personal: 'not_started',
      passportInfo: 'not_started',
      work: 'not_started',
      declaration: 'not_started',
    },
    ...overrides,
  };
}

export function detail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    id: APP_ID,
    reference: 'WP-2026-0001',
    status: 'IN_PROGRESS',
    editable: true,
    country: { id: 'US', name: 'United States', flagEmoji: '🇺🇸' },
    visaType: { id: 'uk-eta', name: 'United Kingdom ETA' },
    arrivalDate: '2026-07-01',
    processingName: 'Standard',
    processingHours: 72,
    totalCents: 5190,
    email: 'ann@example.com',
    generalInfo: {
      // Until a phone is given, the API sends the code of the lead traveller's nationality.
      countryCode: '+1',
      phoneNumber: '',
      notificationPreference: 'whatsapp',
      state: 'not_started',
    },
    travelers: [traveler()],
    submittedAt: null,
    decisionReason: null,
    timeline: orderTimeline({
      status: overrides.status ?? 'IN_PROGRESS',
      paidAt: '2026-06-01T10:00:00.000Z',
      submittedAt: overrides.submittedAt ?? null,
      reviewStartedAt: null,
      decidedAt: null,
    }),
    ...overrides,
  };
}

export function document(overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    id: 'doc-1',
    kind: 'PASSPORT_PAGE',
    status: 'ACCEPTED',
    contentType: 'image/jpeg',
    width: 1600,
    height: 1100,
    checks: [{ id: 'resolution', passed: true, message: 'ok' }],
    createdAt: '2026-01-02T10:00:00Z',
    url: `/api/application/${APP_ID}/documents/doc-1`,
    ...overrides,
  };
}

export const account = {
  id: 'u1',
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  nationality: 'US',
  role: 'user' as const,
};

export interface SentUpload {
  url: string;
  method: string;
  file: File | null;
}

/**
 * A stand-in XMLHttpRequest: each send reports progress, then answers with the next reply (the last repeats).
 * Returns the uploads made. `hold` keeps the answer back until `release()` is called.
 */
export function mockUploads(replies: { status?: number; body: unknown }[], hold = false) {
  const sent: SentUpload[] = [];
  const pending: (() => void)[] = [];
  let index = 0;
  class FakeXhr {
    status = 0;
    responseText = '';
    responseType = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private method = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    send(body: FormData) {
      const file = body.get('file');
      sent.push({ url: this.url, method: this.method, file: file instanceof File ? file : null });
      const reply = replies[Math.min(index, replies.length - 1)] ?? { body: null };
      index += 1;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent);
      const answer = () => {
        this.status = reply.status ?? 200;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      };
      if (hold) pending.push(answer);
      else queueMicrotask(answer);
    }
  }
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return {
    sent,
    release: () => pending.splice(0).forEach((answer) => answer()),
  };
}

/** A traveller who has answered every question and uploaded both documents. */
export function answeredTraveler(overrides: Partial<TravelerDetail> = {}): TravelerDetail {
  return traveler({
    dateOfBirth: '1985-06-15',
    passport: {
      nationality: 'US',
      number: 'X1234567',
      expirationDate: '2033-05-01',
      hasSecondNationality: false,
      addLater: false,
    },
    personal: {
      countryOfBirth: 'US',
      residentCountry: 'FR',
      gender: 'female',
      residenceAddress: '1 Main St',
      cityTown: 'Boston',
    },
    passportInfo: { issuingCountry: 'US' },
    work: { currentlyWorking: true, jobTitle: 'Engineer' },
    declaration: { hasConvictions: false, convictionDetails: null, hasTerroristActivities: false },
    passportPage: document(),
    photo: document({ id: 'doc-2', kind: 'PHOTO' }),
    sections: {
      passportPage: 'completed',
      photo: 'completed',
      personal: 'completed',
      passportInfo: 'completed',
      work: 'completed',
      declaration: 'completed',
    },
    ...overrides,
  });
}
