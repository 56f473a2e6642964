import type { ApplicationDetail, FailedJobsResponse } from '@waypoint/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { runDueJobs } from '../../lib/jobs';
import { Browser, makeAdmin, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { multipartFile, paidOrder } from '../../test/orders';
import { SAMPLE_PASSPORT, samplePassportPage } from '../documents/mrz-sample';

// Passport pages are read by a job: with reading on, an upload queues one (no worker runs in this app).
let t: TestApp;
let admin: Browser;
beforeAll(async () => {
  t = await createTestApp({ MRZ_READING: 'true' });
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

/** A passport page uploaded to a new paid order, whose reading job then fails every attempt. */
async function failedPassportRead() {
  const b = new Browser(t.app, '10.45.0.1');
  const applicationId = await paidOrder(b, uniqueEmail(), 1);
  const detail = body<{ data: ApplicationDetail }>(
    await b.get(`/api/application/${applicationId}`),
  ).data;
  const travelerId = detail.travelers[0]!.id;
  const { payload, headers } = multipartFile(
    'passport.jpg',
    'image/jpeg',
    await samplePassportPage(SAMPLE_PASSPORT),
  );
  const uploaded = await b.request({
    method: 'POST',
    url: `/api/application/${applicationId}/travelers/${travelerId}/documents/passport-page`,
    payload,
    headers,
  });
  expect(uploaded.statusCode).toBe(200);
  // Every attempt but the last has failed; the last fails too.
  await t.database.db.execute(
    sql`update pgboss.job set retry_count = retry_limit where name = 'passport-read'`,
  );
  const ran = await runDueJobs(t.database.db, 'passport-read', async () => {
    throw new Error('the passport reader crashed');
  });
  expect(ran).toBe(1);
  return { applicationId };
}

describe('failed background jobs for staff', () => {
  it('refuses travellers and nobody, and answers 400 to a queue that is not one', async () => {
    const traveller = new Browser(t.app, '10.45.0.2');
    await traveller.post('/api/auth/register', {
      firstName: 'Tom',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    expect((await traveller.get('/api/admin/jobs')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/admin/jobs')).statusCode).toBe(401);
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await admin.post(`/api/admin/jobs/email/${id}/retry`, {})).statusCode).toBe(400);
    expect((await admin.post(`/api/admin/jobs/no-such-queue/${id}/retry`, {})).statusCode).toBe(
      400,
    );
    const missing = await admin.post(`/api/admin/jobs/passport-read/${id}/retry`, {});
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ success: false, messageKey: 'failedJob.notFound' });
  });

  it('lists a failed job with its order, runs it again (audited) and counts it on the dashboard', async () => {
    const { applicationId } = await failedPassportRead();
    const listed = body<{ data: FailedJobsResponse }>(await admin.get('/api/admin/jobs')).data;
    expect(listed.total).toBe(1);
    const [job] = listed.jobs;
    expect(job).toMatchObject({
      queue: 'passport-read',
      applicationId,
      attempts: 3,
      lastError: 'the passport reader crashed',
    });
    expect(Date.parse(job!.failedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const dashboard = body<{ data: { operations: { failedJobs: number } } }>(
      await admin.get('/api/admin/dashboard'),
    ).data;
    expect(dashboard.operations.failedJobs).toBe(1);

    const retried = await admin.post(`/api/admin/jobs/passport-read/${job!.id}/retry`, {});
    expect(retried.statusCode).toBe(200);
    expect(body<{ data: unknown }>(retried).data).toEqual({ id: job!.id, status: 'retry' });
    const [state] = rowsOf<{ state: string }>(
      await t.database.db.execute(sql`select state from pgboss.job where id = ${job!.id}::uuid`),
    );
    expect(state!.state).toBe('retry');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job!.id), eq(auditLog.action, 'job.retried')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toEqual({
      queue: 'passport-read',
      lastError: 'the passport reader crashed',
    });
    // No longer failed: not listed, and a second retry finds nothing.
    expect(body<{ data: FailedJobsResponse }>(await admin.get('/api/admin/jobs')).data.total).toBe(
      0,
    );
    expect(
      (await admin.post(`/api/admin/jobs/passport-read/${job!.id}/retry`, {})).statusCode,
    ).toBe(404);
  });
});
