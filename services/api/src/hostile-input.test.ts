import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ErrorCode, ValidationText, type ApplicationDetail } from '@waypoint/contracts';
import { documents, users } from './db/schema';
import { Browser, STRONG_PASSWORD, uniqueEmail, signInNewStaff } from './test/auth-helpers';
import { body, createTestApp, type TestApp } from './test/harness';
import { photo } from './test/images';
import { multipartFile, orderBody, paidOrder } from './test/orders';

/**
 * Hostile input gets a clear 4xx answer, never a 5xx: characters the database cannot store, ids that are not
 * ids, impossible dates, and requests that are refused before their body is even looked at.
 */
let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.9.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

let owner: Browser;
let stranger: Browser;
let staff: Browser;
let applicationId: string;
let travelerId: string;

const NUL = '\u0000';
const LONE = '\ud800';

async function signedUp(b: Browser, email = uniqueEmail()) {
  const res = await b.post('/api/auth/register', {
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    password: STRONG_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
  return email;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = browser();
  applicationId = await paidOrder(owner, uniqueEmail());
  travelerId = body<{ data: ApplicationDetail }>(
    await owner.get(`/api/application/${applicationId}`),
  ).data.travelers[0]!.id;
  stranger = browser();
  await signedUp(stranger);
  staff = browser();
  const staffEmail = await signedUp(staff, uniqueEmail('staff'));
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, staffEmail));
  await signInNewStaff(staff, staffEmail, STRONG_PASSWORD);
});
afterAll(() => t.close());

function expectRefusedCharacters(res: { statusCode: number; json(): unknown }, field?: string) {
  expect(res.statusCode).toBe(400);
  const envelope = res.json() as { code: string; fieldErrors?: Record<string, string> };
  expect(envelope.code).toBe(ErrorCode.VALIDATION_FAILED);
  if (field) expect(envelope.fieldErrors?.[field]).toBe(ValidationText.forbiddenCharacters);
}

/** JSON text with a lone surrogate written as an escape, as a hostile client would send it. */
const rawJson = (value: unknown) => JSON.stringify(value).replace(/LONE/g, '\\ud800');

describe('NUL characters and broken Unicode', () => {
  it('are refused in a path parameter of an anonymous route', async () => {
    const res = await browser().get('/api/reference/visa-types/a%00b/options');
    expectRefusedCharacters(res, 'id');
  });

  it('are refused in a query string', async () => {
    expectRefusedCharacters(
      await browser().get('/api/reference/visa-types?countryId=U%00'),
      'countryId',
    );
    expectRefusedCharacters(
      await staff.get(`/api/admin/applications?search=ann${encodeURIComponent(NUL)}`),
      'search',
    );
  });

  it('are refused at sign-in and registration', async () => {
    expectRefusedCharacters(
      await browser().post('/api/auth/login', { email: 'ann@example.com', password: `a${NUL}b` }),
      'password',
    );
    expectRefusedCharacters(
      await browser().post('/api/auth/login', { email: `a${NUL}@example.com`, password: 'x' }),
      'email',
    );
    expectRefusedCharacters(
      await browser().post('/api/auth/register', {
        firstName: `Ann${NUL}`,
        lastName: 'Lee',
        email: uniqueEmail(),
        password: STRONG_PASSWORD,
      }),
      'firstName',
    );
    expectRefusedCharacters(
      await browser().post('/api/auth/check-email', { email: `a${NUL}@example.com` }),
      'email',
    );
  });

  it('are refused in a saved draft, including a lone surrogate', async () => {
    const b = browser();
    expectRefusedCharacters(
      await b.post('/api/applications/save', { visaTypeId: `uk${NUL}eta` }),
      'visaTypeId',
    );
    const lone = await b.request({
      method: 'POST',
      url: '/api/applications/save',
      headers: { 'content-type': 'application/json' },
      payload: rawJson({ travelers: [{ firstName: 'LONE' }] }),
    });
    expectRefusedCharacters(lone, 'travelers.0.firstName');
    // A surrogate pair (an emoji) is ordinary text.
    const emoji = await b.post('/api/applications/save', {
      travelers: [{ firstName: `Ann ${'\ud83d\ude00'}` }],
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('are refused in an order, a payment and a profile', async () => {
    const b = browser();
    const order = orderBody(uniqueEmail());
    order.travelers[0]!.lastName = `Lee${LONE}`;
    expectRefusedCharacters(
      await b.post('/api/applications/create-payment-intent', order),
      'travelers.0.lastName',
    );
    const payment = await b.post('/api/payments/sandbox/confirm', {
      paymentIntentId: `pi_${NUL}`,
      clientSecret: 'secret',
      paymentMethod: 'pm_card_visa',
      billingDetails: {
        name: 'Ann Lee',
        email: 'ann@example.com',
        address: {
          line1: `1 High St${NUL}`,
          city: 'London',
          postal_code: 'SW1A 1AA',
          country: 'GB',
        },
      },
    });
    expectRefusedCharacters(payment, 'paymentIntentId');
    expectRefusedCharacters(
      await b.post('/api/applications/confirm-payment', { paymentIntentId: `pi${NUL}` }),
      'paymentIntentId',
    );
    const profile = await stranger.put('/api/auth/profile', {
      firstName: `Ann${NUL}`,
      lastName: 'Lee',
      email: 'someone@example.com',
    });
    expectRefusedCharacters(profile, 'firstName');
  });

  it('are refused in the answers of a paid application', async () => {
    const res = await owner.put(`/api/application/${applicationId}/personal-info`, {
      travelerId,
      countryOfBirth: 'US',
      residentCountry: 'US',
      gender: 'male',
      residenceAddress: `1 Main St${NUL}`,
      cityTown: 'Boston',
    });
    expectRefusedCharacters(res, 'residenceAddress');
  });

  it('in a header never reach the database', async () => {
    const res = await browser().request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': `agent${NUL}` },
      payload: { email: uniqueEmail(), password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: ErrorCode.BAD_REQUEST });
  });

  it('in an uploaded file name are dropped, not stored', async () => {
    const { payload, headers } = multipartFile(`me${NUL}.jpg`, 'image/jpeg', await photo());
    const res = await owner.request({
      method: 'POST',
      url: `/api/application/${applicationId}/travelers/${travelerId}/documents/photo`,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const id = body<{ data: { document: { id: string } } }>(res).data.document.id;
    const [stored] = await t.database.db.select().from(documents).where(eq(documents.id, id));
    expect(stored?.originalFilename).toBe('me.jpg');
  });
});

describe('ids in paths', () => {
  it('must be UUIDs: a traveller id that is not one is refused with 400', async () => {
    for (const url of [
      `/api/application/${applicationId}/travelers/not-a-uuid/upload-link/photo`,
      `/api/application/${applicationId}/travelers/not-a-uuid/documents/photo`,
    ]) {
      const res = await owner.request({ method: 'POST', url });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED,
        fieldErrors: { travelerId: ValidationText.invalidId },
      });
    }
    const document = await owner.get(`/api/application/${applicationId}/documents/not-a-uuid`);
    expect(document.statusCode).toBe(400);
    expect(body(document)).toMatchObject({ fieldErrors: { documentId: ValidationText.invalidId } });
  });

  it('that are not UUIDs name no application (404), for its owner and for staff', async () => {
    expect((await owner.get('/api/application/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await staff.get('/api/admin/applications/12345')).statusCode).toBe(400);
    expect((await owner.get('/api/applications/not-an-id/checkout')).statusCode).toBe(400);
  });
});

describe('dates', () => {
  it.each(['2024-02-30', '2024-13-45', '9999-99-99', '2023-02-29'])(
    'refuses the impossible date %s in the admin filters',
    async (date) => {
      for (const key of ['dateFrom', 'dateTo']) {
        const res = await staff.get(`/api/admin/applications?${key}=${date}`);
        expect(res.statusCode).toBe(400);
        expect(body(res)).toMatchObject({ fieldErrors: { [key]: ValidationText.realDate } });
      }
    },
  );

  it('accepts a leap day', async () => {
    expect((await staff.get('/api/admin/applications?dateFrom=2024-02-29')).statusCode).toBe(200);
  });

  it('CSV export checks its filters before it streams: 400 with the envelope', async () => {
    const res = await staff.get('/api/admin/applications/export.csv?dateTo=9999-99-99');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(body(res)).toMatchObject({
      success: false,
      code: ErrorCode.VALIDATION_FAILED,
      fieldErrors: { dateTo: ValidationText.realDate },
    });
    const ok = await staff.get('/api/admin/applications/export.csv?dateTo=2099-12-31');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Reference');
  });
});

describe('who may ask comes before what is asked', () => {
  const garbage = { phoneNumber: 42, travelerId: 'x', unexpected: true };

  it('answers 401 to an anonymous caller before looking at the body', async () => {
    const id = applicationId;
    const routes: [string, string][] = [
      ['PUT', `/api/application/${id}/general-info`],
      ['PUT', `/api/application/${id}/personal-info`],
      ['PUT', `/api/application/${id}/passport-info`],
      ['PUT', `/api/application/${id}/work-info`],
      ['PUT', `/api/application/${id}/declaration`],
      ['POST', `/api/application/${id}/submit`],
      ['GET', `/api/application/${id}`],
      ['POST', `/api/application/${id}/travelers/x/documents/photo`],
      ['POST', `/api/application/${id}/travelers/x/upload-link/photo`],
      ['GET', `/api/application/${id}/documents/x`],
      ['GET', '/api/applications/my-applications'],
      ['GET', `/api/applications/${id}/checkout`],
      ['GET', '/api/auth/profile'],
      ['PUT', '/api/auth/profile'],
      ['POST', '/api/auth/verify-email'],
      ['POST', '/api/auth/verify-email/resend'],
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/applications?dateFrom=nope'],
      ['GET', '/api/admin/applications/export.csv?dateTo=9999-99-99'],
      ['GET', `/api/admin/applications/${id}`],
      ['POST', `/api/admin/applications/${id}/status`],
      ['GET', `/api/admin/applications/${id}/audit`],
      ['GET', '/api/support/conversations'],
      ['GET', `/api/support/conversations/${id}`],
      ['POST', `/api/support/conversations/${id}/messages`],
      ['GET', `/api/application/${id}/support`],
      ['GET', '/api/admin/support?status=nope'],
      ['GET', `/api/admin/support/${id}`],
      ['POST', `/api/admin/support/${id}/replies`],
      ['POST', `/api/admin/support/${id}/close`],
      ['GET', `/api/admin/applications/${id}/support`],
    ];
    for (const [method, url] of routes) {
      const anonymous = await browser().request({
        method: method as 'GET',
        url,
        ...(method === 'GET' ? {} : { payload: garbage }),
      });
      expect({ method, url, status: anonymous.statusCode }).toEqual({ method, url, status: 401 });
      expect(body(anonymous)).toMatchObject({ code: ErrorCode.UNAUTHENTICATED });
    }
  });

  it('answers 401 even when the body is not JSON at all', async () => {
    const res = await browser().request({
      method: 'PUT',
      url: `/api/application/${applicationId}/general-info`,
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 404 to another account's application before looking at the body", async () => {
    const res = await stranger.put(`/api/application/${applicationId}/general-info`, garbage);
    expect(res.statusCode).toBe(404);
    const unknown = await stranger.put(
      `/api/application/${crypto.randomUUID()}/general-info`,
      garbage,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 403 to a traveller on staff routes before looking at the query or body', async () => {
    expect((await owner.get('/api/admin/applications?dateFrom=nope')).statusCode).toBe(403);
    expect(
      (await owner.post(`/api/admin/applications/${applicationId}/status`, garbage)).statusCode,
    ).toBe(403);
    expect((await owner.get('/api/admin/support?status=nope')).statusCode).toBe(403);
    expect(
      (await owner.post(`/api/admin/support/${applicationId}/replies`, garbage)).statusCode,
    ).toBe(403);
  });

  it('then checks the body of the owner', async () => {
    const res = await owner.put(`/api/application/${applicationId}/general-info`, garbage);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: ErrorCode.VALIDATION_FAILED });
  });
});
