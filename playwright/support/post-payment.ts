import crypto from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, test as base, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { PostPaymentDocumentPage } from '../pages/PostPaymentDocumentPage';
import {
  PostPaymentDeclarationPage,
  PostPaymentGeneralInfoPage,
  PostPaymentPassportInfoPage,
  PostPaymentPersonalInfoPage,
  PostPaymentWorkPage,
} from '../pages/PostPaymentForms';
import { PostPaymentNotFoundPage, PostPaymentReviewPage } from '../pages/PostPaymentReviewPage';
import { uniqueEmail } from './accounts';
import { test as portalTest } from './fixtures';
import { isoDaysFromNow, type Traveller } from './wizard';

// The texts of spec section 2 and libs/contracts PostPaymentText, written out: a changed wording should fail here.
export const PostPaymentCopy = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number for the selected country code',
  jobTitleRequired: 'Job title is required',
  convictionDetailsRequired: 'Please tell us what you did',
  convictionsRequired: 'Please tell us whether you have ever been convicted of a criminal offence',
  terrorismRequired:
    'Please tell us whether you have ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes or crimes against humanity',
  declarationRequired:
    'Please confirm that the information in this application is correct and complete',
  passportNumberRequired: 'Passport number is required',
  passportExpiryRequired: 'Passport expiration date is required',
  secondNationalityRequired: 'Please specify if you have another nationality',
  passportDetailsMissing: 'passport details (number, expiry date, other nationality)',
  addLaterBanner: 'Please add your passport details',
  linkUsed:
    'This upload link has already been used. To upload again, open the upload page on your computer and scan the new code.',
  linkInvalid: 'This upload link is not valid. Please scan the code on your computer again.',
  linkRevoked:
    'This upload link has been replaced by a newer one. Please scan the code now shown on your computer.',
  readOnly: 'This application has been submitted and can no longer be changed.',
  uploadMethod: 'Choose an upload method',
  accepted: 'Great job!',
  acceptedText: 'Your upload passed our initial review!',
  rejected: 'Your upload did not pass our initial review',
  badBackground:
    'Stand in front of a plain, light background (white or light grey) with no shadows or objects behind you.',
  notColour: 'The photo must be in colour, not black and white.',
  retiredHint: 'If retired, provide details of your last paid work',
  terrorismQuestion:
    'Have you ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes or crimes against humanity?',
  photoInstructions: [
    'Colour photo from shoulders to top of head in frame',
    'Head straight, ear visible, neutral expression',
    'Remove face items unless religious',
    'White background with no shadows or objects',
  ],
} as const;

/** The sidebar's section labels of one traveller, in order (mf-apply post-payment/sections.ts). */
export const TRAVELLER_SECTIONS = [
  'Passport page',
  "Applicant's photo",
  'Personal information',
  'Passport information',
  'Work',
  'Declaration',
] as const;
export type TravellerSection = (typeof TRAVELLER_SECTIONS)[number];
export type SectionStateLabel = 'Not started' | 'In progress' | 'Completed';

type SectionState = 'not_started' | 'in_progress' | 'completed';

/** A document as `GET /api/application/{id}` describes it (libs/contracts DocumentSummary). */
export interface ApiDocument {
  id: string;
  kind: 'PASSPORT_PAGE' | 'PHOTO';
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'REPLACED';
  contentType: string;
  width: number | null;
  height: number | null;
  checks: { id: string; passed: boolean; message: string }[];
  url: string;
}

/** A traveller of `GET /api/application/{id}` (libs/contracts TravelerDetail). */
export interface ApiTraveller {
  id: string;
  position: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  passport: {
    nationality: string | null;
    number: string | null;
    expirationDate: string | null;
    hasSecondNationality: boolean | null;
    addLater: boolean;
  };
  personal: {
    countryOfBirth: string | null;
    residentCountry: string | null;
    gender: 'male' | 'female' | null;
    residenceAddress: string | null;
    cityTown: string | null;
  };
  passportInfo: { issuingCountry: string | null };
  work: { currentlyWorking: boolean | null; jobTitle: string | null };
  declaration: {
    hasConvictions: boolean | null;
    convictionDetails: string | null;
    hasTerroristActivities: boolean | null;
  };
  passportPage: ApiDocument | null;
  photo: ApiDocument | null;
  sections: Record<
    'passportPage' | 'photo' | 'personal' | 'passportInfo' | 'work' | 'declaration',
    SectionState
  >;
}

/** `GET /api/application/{id}` (libs/contracts ApplicationDetail). */
export interface ApiApplication {
  id: string;
  reference: string;
  status: string;
  editable: boolean;
  email: string;
  generalInfo: {
    countryCode: string;
    phoneNumber: string;
    notificationPreference: 'whatsapp' | 'sms' | 'neither';
    state: SectionState;
  };
  travelers: ApiTraveller[];
  submittedAt: string | null;
}

/** A paid order of the tests: its id, reference and the email that paid (the signed-in account). */
export interface PaidOrder {
  applicationId: string;
  reference: string;
  email: string;
}

/** The travellers of the tests' orders. */
export const ORDER_TRAVELLERS: readonly Traveller[] = [
  {
    firstName: 'Ann Marie',
    lastName: 'Lee',
    dateOfBirth: '1985-06-15',
    passportNumber: 'P1234567',
    passportExpiry: isoDaysFromNow(5 * 365),
  },
  {
    firstName: 'Ben',
    lastName: 'Lee',
    dateOfBirth: '1983-01-31',
    passportNumber: 'P7654321',
    passportExpiry: isoDaysFromNow(6 * 365),
  },
];

/** 'Traveller 1 – Ann Marie Lee' as the sidebar and captions name a traveller of a several-traveller order. */
export function travellerTitle(index: number, traveller: Traveller): string {
  return `Traveller ${index + 1} – ${traveller.firstName} ${traveller.lastName}`;
}

async function ok<T>(reply: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  expect(reply.status(), `${what}: ${await reply.text()}`).toBe(200);
  return ((await reply.json()) as { data: T }).data;
}

export interface OrderOptions {
  /** The trip's "Where are you from?" and every traveller's nationality (ISO code); US by default. */
  nationality?: string;
  /** Travellers (0-based) who ticked "Add passport details later" in the wizard. */
  passportLater?: readonly number[];
}

/**
 * Places and pays a UK ETA order (Standard processing) through the API, as the checkout does; US citizens unless
 * `options` say otherwise. Confirming the payment signs `request`'s browser in to the account paying created, so
 * use `page.request` for the page to be the owner. Each call is one order of the 30 an hour per IP.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  travellers: readonly Traveller[] = ORDER_TRAVELLERS,
  email = uniqueEmail('paid'),
  { nationality = 'US', passportLater = [] }: OrderOptions = {},
): Promise<PaidOrder> {
  const intent = await ok<{
    applicationId: string;
    reference: string;
    paymentIntentId: string;
    clientSecret: string;
  }>(
    await request.post('/api/applications/create-payment-intent', {
      data: {
        countryId: nationality,
        visaTypeId: 'uk-eta',
        arrivalDate: isoDaysFromNow(45),
        hasPlannedDates: true,
        processingOptionId: 'uk-eta-standard',
        travelers: travellers.map((traveller, index) => ({
          firstName: traveller.firstName,
          lastName: traveller.lastName,
          dateOfBirth: traveller.dateOfBirth,
          ...(index === 0 ? { email } : {}),
          passport: passportLater.includes(index)
            ? {
                nationality,
                number: '',
                expirationDate: '',
                hasSecondNationality: null,
                addLater: true,
              }
            : {
                nationality,
                number: traveller.passportNumber,
                expirationDate: traveller.passportExpiry,
                hasSecondNationality: false,
                addLater: false,
              },
        })),
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
      },
    }),
    'create-payment-intent',
  );
  const [first] = travellers;
  await ok(
    await request.post('/api/payments/sandbox/confirm', {
      data: {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        paymentMethod: 'pm_card_visa',
        billingDetails: {
          name: first ? `${first.firstName} ${first.lastName}` : 'Ann Lee',
          email,
          address: {
            line1: '1 High Street',
            city: 'London',
            postal_code: 'SW1A 1AA',
            country: 'GB',
          },
        },
      },
    }),
    'sandbox confirm',
  );
  const confirmed = await ok<{ user: { email: string } | null }>(
    await request.post('/api/applications/confirm-payment', {
      data: { paymentIntentId: intent.paymentIntentId },
    }),
    'confirm-payment',
  );
  expect(confirmed.user?.email, 'confirming the payment signs the new account in').toBe(email);
  return { applicationId: intent.applicationId, reference: intent.reference, email };
}

/** `GET /api/application/{id}` as `request`'s user; fails unless it answers 200. */
export async function fetchApplication(
  request: APIRequestContext,
  id: string,
): Promise<ApiApplication> {
  return ok<ApiApplication>(
    await request.get(`/api/application/${encodeURIComponent(id)}`),
    `GET /api/application/${id}`,
  );
}

/** The generated pictures of a test, as files in its output folder. */
export interface DocumentFiles {
  /** A sharp, landscape passport page with lines of machine-readable text. */
  passportPage: string;
  /** A portrait colour photo on a plain light background. */
  photo: string;
  /** A greyscale photo on a dark background: fails the background and colour checks. */
  badPhoto: string;
}

function passportSvg(width: number, height: number): Buffer {
  const lines = Array.from({ length: 14 }, (_, i) => {
    const y = 80 + i * ((height - 160) / 14);
    return `<text x="${width * 0.38}" y="${y}" font-size="${Math.round(height / 28)}" font-family="monospace" fill="#1b1b1b">P&lt;USALEE&lt;&lt;ANN&lt;MARIE&lt;&lt;&lt;${i}${i}${i}&lt;&lt;&lt;</text>`;
  }).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#d9d2c3"/>
     <rect x="${width * 0.05}" y="${height * 0.15}" width="${width * 0.28}" height="${height * 0.6}" fill="#8a7767"/>${lines}</svg>`,
  );
}

function photoSvg(width: number, height: number, background: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>
     <ellipse cx="${width / 2}" cy="${height * 0.42}" rx="${width * 0.2}" ry="${height * 0.22}" fill="#c68e6b"/>
     <rect x="${width * 0.2}" y="${height * 0.7}" width="${width * 0.6}" height="${height * 0.3}" fill="#2d5aa0"/></svg>`,
  );
}

/**
 * Draws the test's pictures with sharp (as services/api/src/test/images.ts does; no binary fixtures in the
 * repository) and writes them to the test's output folder.
 */
export async function createDocumentFiles(): Promise<DocumentFiles> {
  const info = base.info();
  const files: DocumentFiles = {
    passportPage: info.outputPath('passport-page.jpg'),
    photo: info.outputPath('photo.jpg'),
    badPhoto: info.outputPath('dark-grey-photo.jpg'),
  };
  const [passportPage, photo, badPhoto] = await Promise.all([
    sharp(passportSvg(1600, 1100)).jpeg({ quality: 92 }).toBuffer(),
    sharp(photoSvg(900, 1200, '#f2f2f2'))
      .jpeg({ quality: 92 })
      .toBuffer(),
    sharp(photoSvg(900, 1200, '#303030'))
      .greyscale()
      .jpeg({ quality: 92 })
      .toBuffer(),
  ]);
  await writeFile(files.passportPage, passportPage);
  await writeFile(files.photo, photo);
  await writeFile(files.badPhoto, badPhoto);
  return files;
}

/** Uploads a picture with `POST /api/application/{id}/travelers/{travelerId}/documents/{kind}`. */
export async function uploadThroughApi(
  request: APIRequestContext,
  applicationId: string,
  travelerId: string,
  kind: 'passport-page' | 'photo',
  file: string,
): Promise<ApiDocument> {
  const { document } = await ok<{ document: ApiDocument }>(
    await request.post(
      `/api/application/${applicationId}/travelers/${travelerId}/documents/${kind}`,
      {
        multipart: {
          file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: await readFile(file) },
        },
      },
    ),
    `upload ${kind}`,
  );
  expect(document.status, `the ${kind} passes the checks`).toBe('ACCEPTED');
  return document;
}

/**
 * Completes every section of a paid order through the API (the browser journey is tested on its own), except
 * the passport information of a traveller who chose to add the passport details later.
 */
export async function completeThroughApi(
  request: APIRequestContext,
  applicationId: string,
  files: DocumentFiles,
): Promise<void> {
  const base = `/api/application/${applicationId}`;
  await ok(
    await request.put(`${base}/general-info`, {
      data: { countryCode: '+44', phoneNumber: '07911 123456', notificationPreference: 'sms' },
    }),
    'general-info',
  );
  const application = await fetchApplication(request, applicationId);
  for (const traveller of application.travelers) {
    const travelerId = traveller.id;
    await uploadThroughApi(request, applicationId, travelerId, 'passport-page', files.passportPage);
    await uploadThroughApi(request, applicationId, travelerId, 'photo', files.photo);
    const sections: [string, Record<string, unknown>][] = [
      [
        'personal-info',
        {
          countryOfBirth: 'US',
          residentCountry: 'US',
          gender: 'female',
          residenceAddress: '5 Elm Street',
          cityTown: 'Boston',
        },
      ],
      ...(traveller.passport.addLater
        ? []
        : [
            ['passport-info', { issuingCountry: traveller.passport.nationality ?? 'US' }] as [
              string,
              Record<string, unknown>,
            ],
          ]),
      ['work-info', { currentlyWorking: false, jobTitle: '' }],
      [
        'declaration',
        { hasConvictions: false, convictionDetails: '', hasTerroristActivities: false },
      ],
    ];
    for (const [path, body] of sections)
      await ok(await request.put(`${base}/${path}`, { data: { travelerId, ...body } }), path);
  }
}

/** Completes every section of a paid order and submits it through the API: for tests that need a submitted one. */
export async function submitThroughApi(
  request: APIRequestContext,
  applicationId: string,
  files: DocumentFiles,
): Promise<ApiApplication> {
  const base = `/api/application/${applicationId}`;
  await completeThroughApi(request, applicationId, files);
  const { application: submitted } = await ok<{ application: ApiApplication }>(
    await request.post(`${base}/submit`, { data: { declarationConfirmed: true } }),
    'submit',
  );
  expect(submitted.status).toBe('SUBMITTED');
  return submitted;
}

export interface PostPaymentFixtures {
  generalInfo: PostPaymentGeneralInfoPage;
  passportPage: PostPaymentDocumentPage;
  photo: PostPaymentDocumentPage;
  personalInfo: PostPaymentPersonalInfoPage;
  passportInfo: PostPaymentPassportInfoPage;
  work: PostPaymentWorkPage;
  declaration: PostPaymentDeclarationPage;
  review: PostPaymentReviewPage;
  applicationNotFound: PostPaymentNotFoundPage;
}

/** The portal fixtures plus the page objects of the post-payment pages. */
export const test = portalTest.extend<PostPaymentFixtures>({
  generalInfo: async ({ page }, use) => use(new PostPaymentGeneralInfoPage(page)),
  passportPage: async ({ page }, use) => use(new PostPaymentDocumentPage(page, 'passport-page')),
  photo: async ({ page }, use) => use(new PostPaymentDocumentPage(page, 'photo')),
  personalInfo: async ({ page }, use) => use(new PostPaymentPersonalInfoPage(page)),
  passportInfo: async ({ page }, use) => use(new PostPaymentPassportInfoPage(page)),
  work: async ({ page }, use) => use(new PostPaymentWorkPage(page)),
  declaration: async ({ page }, use) => use(new PostPaymentDeclarationPage(page)),
  review: async ({ page }, use) => use(new PostPaymentReviewPage(page)),
  applicationNotFound: async ({ page }, use) => use(new PostPaymentNotFoundPage(page)),
});

export { expect };
