import { eq } from 'drizzle-orm';
import type { ApplicationDetail } from '@waypoint/contracts';
import { users } from '../db/schema';
import { Browser, STRONG_PASSWORD, uniqueEmail, signInNewStaff } from './auth-helpers';
import { fuzz, type FuzzResult } from './fuzz';
import { body, createTestApp, type TestApp } from './harness';
import { photo } from './images';
import { multipartFile, paidOrder } from './orders';

/**
 * The fuzz test of the whole API (see fuzz.ts), as a test file registers it: a traveller with a paid application, a
 * stored document and a phone upload link, and a member of staff, then `requests` generated requests from `seed` as
 * nobody, as the traveller and as staff. No reply may be a 5xx, and the server must still be ready afterwards.
 */
export function fuzzSuite({ seed, requests }: { seed: number; requests: number }): void {
  let t: TestApp;
  beforeAll(async () => {
    // Load shedding is off (the harness's default): this run is about how each request is answered, and on a busy
    // machine the fuzzer's 1 MB bodies could make the server shed load with 503s that say nothing about input.
    t = await createTestApp();
  });
  afterAll(() => t.close());

  function sessionCookie(b: Browser) {
    const cookie = t.config.sessions.cookieName;
    return `${cookie}=${b.cookie(cookie)}`;
  }

  it(
    `answers ${requests} generated requests without a 5xx and stays healthy (seed ${seed})`,
    async () => {
      // A traveller with a real paid application, a stored document and a phone upload link.
      const owner = new Browser(t.app, '10.66.0.1');
      const applicationId = await paidOrder(owner, uniqueEmail('fuzz'));
      const detail = body<{ data: ApplicationDetail }>(
        await owner.get(`/api/application/${applicationId}`),
      ).data;
      const travelerId = detail.travelers[0]!.id;
      const { payload, headers } = multipartFile('me.jpg', 'image/jpeg', await photo());
      const uploaded = await owner.request({
        method: 'POST',
        url: `/api/application/${applicationId}/travelers/${travelerId}/documents/photo`,
        payload,
        headers,
      });
      const documentId = body<{ data: { document: { id: string } } }>(uploaded).data.document.id;
      const link = body<{ data: { url: string } }>(
        await owner.post(
          `/api/application/${applicationId}/travelers/${travelerId}/upload-link/photo`,
        ),
      ).data.url;
      const uploadToken = link.split('/upload/')[1];

      const staff = new Browser(t.app, '10.66.0.2');
      const staffEmail = uniqueEmail('fuzz-staff');
      await staff.post('/api/auth/register', {
        firstName: 'Sam',
        lastName: 'Staff',
        email: staffEmail,
        password: STRONG_PASSWORD,
      });
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, staffEmail));
      await signInNewStaff(staff, staffEmail, STRONG_PASSWORD);

      const started = Date.now();
      const result: FuzzResult = await fuzz({
        app: t.app,
        document: t.app.swagger(),
        ids: { applicationId, travelerId, documentId, uploadToken },
        personas: [
          { name: 'nobody' },
          { name: 'traveller', cookie: sessionCookie(owner) },
          { name: 'staff', cookie: sessionCookie(staff) },
        ],
        seed,
        requests,
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `fuzz: ${result.requests} requests in ${seconds} s, seed ${seed}, by status ${JSON.stringify(
          Object.fromEntries(Object.entries(result.byStatus).sort()),
        )}\n`,
      );

      expect(result.requests).toBe(requests);
      expect(result.failures).toEqual([]);
      // Still healthy: ready, serving, and both sessions still alive.
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/reference/countries' })).statusCode,
      ).toBe(200);
      expect((await owner.get(`/api/application/${applicationId}`)).statusCode).toBe(200);
      expect((await staff.get('/api/admin/dashboard')).statusCode).toBe(200);
    },
    Math.max(180_000, requests * 40),
  );
}
