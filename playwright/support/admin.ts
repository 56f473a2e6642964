import crypto from 'node:crypto';
import fs from 'node:fs';
import {
  expect,
  request as apiRequest,
  type APIRequestContext,
  type APIResponse,
  type Cookie,
  type Page,
} from '@playwright/test';
import { generate } from 'otplib';
import sharp from 'sharp';
import { AdminApplicationDetailPage } from '../pages/AdminApplicationDetailPage';
import { AdminApplicationsPage } from '../pages/AdminApplicationsPage';
import { AdminDashboardPage } from '../pages/AdminDashboardPage';
import { uniqueEmail } from './accounts';
import { test as portalTest } from './fixtures';
import { STAFFED_TEMPLATE_ENV } from './portal.mjs';

/**
 * The staff account the global setup creates with `npm run admin:create`'s tool before the portal starts
 * (support/portal.mjs `admins`). Long enough and not a common password.
 */
export const STAFF = { email: 'staff@waypoint.test', password: 'Staff-Lantern-Harbour-7' } as const;

/**
 * A file (written by the global setup) with STAFF's authenticator secret and the last time step used: staff
 * sign-ins complete the second factor with codes generated from it (each step's code is accepted once).
 */
export const STAFF_TOTP_FILE_ENV = 'WAYPOINT_E2E_STAFF_TOTP_FILE';

interface StaffTotp {
  secret: string;
  lastStep: number;
}

/** The file of STAFF's authenticator in the run's portal (written by the global setup). */
function runStaffTotpFile(): string {
  const file = process.env[STAFF_TOTP_FILE_ENV];
  if (!file)
    throw new Error(`${STAFF_TOTP_FILE_ENV} is not set: the global setup did not enrol STAFF`);
  return file;
}

/**
 * The next unused authenticator code of STAFF. The server accepts the codes of the previous, current and next
 * 30-second steps, each once: when the next step's code was already used, this waits for time to move on.
 * `file` is the run's portal's unless another portal's is given (enrolStaffSecondFactor writes one).
 */
export async function nextStaffCode(file = runStaffTotpFile()): Promise<string> {
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as StaffTotp;
  let current = Math.floor(Date.now() / 30_000);
  const step = Math.max(current, state.lastStep + 1);
  while (step > current + 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    current = Math.floor(Date.now() / 30_000);
  }
  const code = await generate({ secret: state.secret, epoch: step * 30 });
  fs.writeFileSync(file, JSON.stringify({ ...state, lastStep: step }));
  return code;
}

/**
 * Run by the global setup once the portal is up: STAFF's first sign-in sets up the authenticator (as a new
 * admin does) and the secret is kept in `file` for the specs.
 */
export async function enrolStaffSecondFactor(baseURL: string, file: string): Promise<void> {
  const context = await apiRequest.newContext({ baseURL });
  try {
    await dataOf(
      await context.post('/api/auth/login', {
        data: { email: STAFF.email, password: STAFF.password },
      }),
      'staff login',
    );
    const { secret } = await dataOf<{ secret: string }>(
      await context.post('/api/auth/second-factor/setup', { data: {} }),
      'second factor set-up',
    );
    const step = Math.floor(Date.now() / 30_000);
    await dataOf(
      await context.post('/api/auth/second-factor/setup/confirm', {
        data: { code: await generate({ secret, epoch: step * 30 }) },
      }),
      'second factor confirmation',
    );
    fs.writeFileSync(file, JSON.stringify({ secret, lastStep: step } satisfies StaffTotp), {
      mode: 0o600,
    });
  } finally {
    await context.dispose();
  }
}

/** How many synthetic applications the global setup seeds (guests 'syntheticN_M@example.com'). */
export const SYNTHETIC_APPLICATIONS = 45;

/**
 * What startPortal is given for a portal with STAFF (second factor not set up yet) and the SYNTHETIC_APPLICATIONS:
 * a copy of the run's database that already has them, which the global setup made once (STAFFED_TEMPLATE_ENV),
 * else (a harness without that setup) the command-line tools that create them.
 */
export function staffedPortal():
  | { template: string }
  | { admins: { email: string; password: string }[]; syntheticApplications: number } {
  const template = process.env[STAFFED_TEMPLATE_ENV];
  return template && fs.existsSync(template)
    ? { template }
    : {
        admins: [{ email: STAFF.email, password: STAFF.password }],
        syntheticApplications: SYNTHETIC_APPLICATIONS,
      };
}

/** Set by the global setup once STAFF and the synthetic applications exist in the portal it started. */
export const ADMIN_SEEDED_ENV = 'WAYPOINT_E2E_ADMIN_SEEDED';

/** True when this run's portal has STAFF and the synthetic applications (not so with E2E_BASE_URL). */
export function adminSeeded(): boolean {
  return process.env[ADMIN_SEEDED_ENV] === '1';
}

/** The reason the admin specs are skipped against a portal the harness did not start. */
export const NOT_SEEDED =
  'needs the staff account and synthetic applications the global setup creates (not with E2E_BASE_URL)';

/** Status labels of libs/contracts STATUS_LABEL, written out: a changed wording should fail here. */
export const STATUS = {
  DRAFT: 'Awaiting payment',
  IN_PROGRESS: 'In progress',
  SUBMITTED: 'Submitted',
  UNDER_REVIEW: 'Under review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  REFUNDED: 'Refunded',
  CHANGES_REQUESTED: 'Changes requested',
  LODGED: 'Submitted to the UK government',
} as const;

/** The header row of `GET /api/admin/applications/export.csv`. */
export const CSV_HEADER =
  '"Reference","Application ID","Status","Created (UTC)","Submitted (UTC)","Country","Visa type","Travellers","Traveller names","Applicant","Email","Amount (EUR)"';

/** Fails with the reply's body when the status is not `status`. */
async function expectStatus(reply: APIResponse, status: number, what: string): Promise<void> {
  if (reply.status() !== status) {
    expect(reply.status(), `${what}: ${await reply.text()}`).toBe(status);
  }
}

async function dataOf<T>(reply: APIResponse, what: string): Promise<T> {
  await expectStatus(reply, 200, what);
  return ((await reply.json()) as { data: T }).data;
}

/** The lead traveller of an order made through the API. */
export interface OrderTraveller {
  firstName: string;
  lastName: string;
  passportNumber: string;
}

/** A paid order made through the API by its own request context (its own cookies: another browser). */
export interface PaidOrder {
  id: string;
  reference: string;
  email: string;
  traveller: OrderTraveller;
  /** Signed in as the new traveller account once the payment was confirmed. */
  request: APIRequestContext;
}

/**
 * Places a UK ETA order for one US traveller as a guest and pays it with the sandbox's 4242 card, as the wizard
 * does: create-payment-intent, the sandbox confirmation, confirm-payment. Counts against the 30 orders an hour
 * per IP: keep these few. The request context ends up signed in to the new account (no password).
 */
export async function placePaidOrder(
  request: APIRequestContext,
  traveller: OrderTraveller,
  email = uniqueEmail(traveller.firstName.toLowerCase()),
): Promise<PaidOrder> {
  const intent = await dataOf<{
    applicationId: string;
    reference: string;
    paymentIntentId: string;
    clientSecret: string;
  }>(
    await request.post('/api/applications/create-payment-intent', {
      data: {
        countryId: 'US',
        visaTypeId: 'uk-eta',
        arrivalDate: '2027-06-01',
        hasPlannedDates: true,
        processingOptionId: 'uk-eta-standard',
        travelers: [
          {
            firstName: traveller.firstName,
            lastName: traveller.lastName,
            dateOfBirth: '1990-05-17',
            email,
            passport: {
              nationality: 'US',
              number: traveller.passportNumber,
              expirationDate: '2031-01-31',
              hasSecondNationality: false,
              addLater: false,
            },
          },
        ],
        idempotencyKey: crypto.randomBytes(12).toString('hex'),
      },
    }),
    'create-payment-intent',
  );
  await dataOf(
    await request.post('/api/payments/sandbox/confirm', {
      data: {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        paymentMethod: 'pm_card_visa',
        billingDetails: {
          name: `${traveller.firstName} ${traveller.lastName}`,
          email,
          address: { line1: '1 High St', city: 'London', postal_code: 'SW1A 1AA', country: 'GB' },
        },
      },
    }),
    'sandbox confirm',
  );
  await dataOf(
    await request.post('/api/applications/confirm-payment', {
      data: { paymentIntentId: intent.paymentIntentId },
    }),
    'confirm-payment',
  );
  return { id: intent.applicationId, reference: intent.reference, email, traveller, request };
}

/** Generated pictures that pass the document checks (as services/api/src/test/images.ts makes them). */
let pictures: Promise<{ passportPage: Buffer; photo: Buffer }> | undefined;

function passportPageJpeg(width = 1600, height = 1100): Promise<Buffer> {
  const lines = Array.from({ length: 14 }, (_, i) => {
    const y = 80 + i * ((height - 160) / 14);
    return `<text x="${width * 0.38}" y="${y}" font-size="${Math.round(height / 28)}" font-family="monospace" fill="#1b1b1b">P&lt;USAQUENNELL&lt;&lt;MARISOL&lt;&lt;&lt;${i}${i}${i}&lt;&lt;&lt;</text>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#d9d2c3"/><rect x="${width * 0.05}" y="${height * 0.15}" width="${width * 0.28}" height="${height * 0.6}" fill="#8a7767"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

function photoJpeg(width = 900, height = 1200): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f2f2f2"/><ellipse cx="${width / 2}" cy="${height * 0.42}" rx="${width * 0.2}" ry="${height * 0.22}" fill="#c68e6b"/><rect x="${width * 0.2}" y="${height * 0.7}" width="${width * 0.6}" height="${height * 0.3}" fill="#2d5aa0"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer();
}

export function testPictures() {
  pictures ??= Promise.all([passportPageJpeg(), photoJpeg()]).then(([passportPage, photo]) => ({
    passportPage,
    photo,
  }));
  return pictures;
}

/**
 * Completes every post-payment step of `order` through the API, as its traveller (general information, then
 * per traveller both documents and the four sections) and submits it: the application is SUBMITTED afterwards.
 */
export async function submitThroughApi(order: PaidOrder): Promise<void> {
  const { request, id } = order;
  const base = `/api/application/${encodeURIComponent(id)}`;
  await dataOf(
    await request.put(`${base}/general-info`, {
      data: { countryCode: '+1', phoneNumber: '202-555-0143', notificationPreference: 'sms' },
    }),
    'general-info',
  );
  const detail = await dataOf<{ travelers: { id: string }[] }>(
    await request.get(base),
    'GET application',
  );
  const { passportPage, photo } = await testPictures();
  for (const { id: travelerId } of detail.travelers) {
    const uploads = [
      ['passport-page', 'passport-page.jpg', passportPage],
      ['photo', 'photo.jpg', photo],
    ] as const;
    for (const [kind, name, buffer] of uploads) {
      const upload = await dataOf<{ document: { status: string } }>(
        await request.post(`${base}/travelers/${travelerId}/documents/${kind}`, {
          multipart: { file: { name, mimeType: 'image/jpeg', buffer } },
        }),
        `upload ${kind}`,
      );
      expect(upload.document.status, `the ${kind} passes the checks`).toBe('ACCEPTED');
    }
    const sections = {
      'personal-info': {
        countryOfBirth: 'US',
        residentCountry: 'US',
        gender: 'male',
        residenceAddress: '1 Main St',
        cityTown: 'Boston',
      },
      'passport-info': { issuingCountry: 'US' },
      'work-info': { currentlyWorking: false },
      declaration: { hasConvictions: false, hasTerroristActivities: false },
    };
    for (const [section, body] of Object.entries(sections)) {
      await dataOf(
        await request.put(`${base}/${section}`, { data: { travelerId, ...body } }),
        section,
      );
    }
  }
  const submitted = await dataOf<{ application: { status: string } }>(
    await request.post(`${base}/submit`, { data: { declarationConfirmed: true } }),
    'submit',
  );
  expect(submitted.application.status).toBe('SUBMITTED');
}

/** STAFF's session cookie, kept beside the authenticator's file once a sign-in completed (see signInAsStaff). */
const staffSessionFile = (totpFile: string) => `${totpFile}.session.json`;
const isSessionCookie = (cookie: Cookie) => cookie.name.endsWith('waypoint_session');

/**
 * Signs `page` (its browser context, and so `page.request`) in as STAFF. The first time in a run this goes through
 * the API as a person does: the password, then the authenticator code (from `totpFile`, the run's portal's by
 * default). The session is kept and later calls reuse it while the portal still accepts it: each authenticator step
 * is accepted once, so signing in again for every test would wait up to 30 s for the next step.
 */
export async function signInAsStaff(page: Page, totpFile = runStaffTotpFile()): Promise<void> {
  const kept = staffSessionFile(totpFile);
  if (fs.existsSync(kept)) {
    await page.context().addCookies(JSON.parse(fs.readFileSync(kept, 'utf8')) as Cookie[]);
    const profile = await page.request.get('/api/auth/profile');
    if (
      profile.ok() &&
      ((await profile.json()) as { data: { email: string } }).data.email === STAFF.email
    )
      return;
    // Signed out or expired meanwhile: a new sign-in below replaces it.
  }
  const { request } = page;
  await dataOf(
    await request.post('/api/auth/login', {
      data: { email: STAFF.email, password: STAFF.password },
    }),
    'staff login',
  );
  await dataOf(
    await request.post('/api/auth/second-factor/verify', {
      data: { code: await nextStaffCode(totpFile) },
    }),
    'staff second factor',
  );
  const session = (await page.context().cookies()).filter(isSessionCookie);
  fs.writeFileSync(kept, JSON.stringify(session), { mode: 0o600 });
}

/** How many applications the admin list API finds for `query` (e.g. 'status=APPROVED'). */
export async function adminTotal(request: APIRequestContext, query: string): Promise<number> {
  const data = await dataOf<{ pagination: { total: number } }>(
    await request.get(`/api/admin/applications?${query}`),
    `GET /api/admin/applications?${query}`,
  );
  return data.pagination.total;
}

/** The cells of one CSV line (quoted cells, "" inside a cell). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  const pattern = /"((?:[^"]|"")*)"(?:,|$)/g;
  for (const match of line.matchAll(pattern)) cells.push((match[1] ?? '').replace(/""/g, '"'));
  return cells;
}

export interface AdminFixtures {
  adminDashboard: AdminDashboardPage;
  adminApplications: AdminApplicationsPage;
  adminDetail: AdminApplicationDetailPage;
}

/** The portal fixtures plus the admin area's page objects. */
export const test = portalTest.extend<AdminFixtures>({
  adminDashboard: async ({ page }, use) => use(new AdminDashboardPage(page)),
  adminApplications: async ({ page }, use) => use(new AdminApplicationsPage(page)),
  adminDetail: async ({ page }, use) => use(new AdminApplicationDetailPage(page)),
});

export { expect };
