import { eq } from 'drizzle-orm';
import type { ApplicationDetail } from '@waypoint/contracts';
import { users } from './db/schema';
import { Browser, STRONG_PASSWORD, uniqueEmail, signInNewStaff } from './test/auth-helpers';
import { fuzz, type FuzzResult } from './test/fuzz';
import { body, createTestApp, type TestApp } from './test/harness';
import { photo } from './test/images';
import { multipartFile, paidOrder } from './test/orders';

/**
 * Schema-driven fuzzing of the whole API (see test/fuzz.ts): no generated request may get a 5xx or break the
 * server. A fixed seed keeps the suite repeatable. `npm test` sends a sample of 400 requests; the long checks
 * (`npm run test:long`, run in CI) send 10,000, and `npm run fuzz -- --requests 100000 [--seed N]` as many as asked.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_607);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? (process.env.LONG_TESTS ? 10_000 : 400));

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
  `answers ${REQUESTS} generated requests without a 5xx and stays healthy (seed ${SEED})`,
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
      seed: SEED,
      requests: REQUESTS,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `fuzz: ${result.requests} requests in ${seconds} s, seed ${SEED}, by status ${JSON.stringify(
        Object.fromEntries(Object.entries(result.byStatus).sort()),
      )}\n`,
    );

    expect(result.requests).toBe(REQUESTS);
    expect(result.failures).toEqual([]);
    // Still healthy: ready, serving, and both sessions still alive.
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/reference/countries' })).statusCode,
    ).toBe(200);
    expect((await owner.get(`/api/application/${applicationId}`)).statusCode).toBe(200);
    expect((await staff.get('/api/admin/dashboard')).statusCode).toBe(200);
  },
  Math.max(180_000, REQUESTS * 40),
);
