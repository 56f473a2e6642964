import { and, eq } from 'drizzle-orm';
import { auditLog, emailOutbox } from '../../db/schema';
import { Browser, makeAdmin, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Browser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
});
afterAll(() => t.close());

/** An email that failed every retry. */
async function failedEmail(to: string) {
  const [row] = await t.database.db
    .insert(emailOutbox)
    .values({
      toAddress: to,
      template: 'status-change',
      payload: { firstName: 'Ann', reference: 'WP-1', status: 'APPROVED', reason: null },
      status: 'FAILED',
      attempts: 12,
      lastError: '421 mail server busy',
    })
    .returning();
  return row!;
}

describe('failed emails for staff', () => {
  it('refuses travellers and nobody before looking at the request', async () => {
    const traveller = new Browser(t.app, '10.8.0.1');
    await traveller.post('/api/auth/register', {
      firstName: 'Tom',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    expect((await traveller.get('/api/admin/emails')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/admin/emails')).statusCode).toBe(401);
    // 401 for nobody even with an id that is not one.
    expect(
      (await new Browser(t.app).post('/api/admin/emails/not-an-id/requeue', {})).statusCode,
    ).toBe(401);
  });

  it('lists them, sends one again (audited) and shows the count on the dashboard', async () => {
    const to = uniqueEmail();
    const mail = await failedEmail(to);
    const listed = body<{
      data: { emails: { id: string; to: string; description: string }[]; total: number };
    }>(await admin.get('/api/admin/emails')).data;
    expect(listed.emails).toContainEqual(
      expect.objectContaining({
        id: mail.id,
        to,
        description: 'Application status update',
        attempts: 12,
        lastError: '421 mail server busy',
      }),
    );
    const dashboard = body<{ data: { operations: { failedEmails: number } } }>(
      await admin.get('/api/admin/dashboard'),
    ).data;
    expect(dashboard.operations.failedEmails).toBe(listed.total);

    const requeued = await admin.post(`/api/admin/emails/${mail.id}/requeue`, {});
    expect(requeued.statusCode).toBe(200);
    expect(body(requeued)).toEqual({ success: true, data: { id: mail.id, status: 'PENDING' } });
    const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0 });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, mail.id), eq(auditLog.action, 'email.requeued')));
    expect(audit).toHaveLength(1);
    expect(
      body<{ data: { emails: { id: string }[] } }>(await admin.get('/api/admin/emails')).data
        .emails,
    ).not.toContainEqual(expect.objectContaining({ id: mail.id }));

    // A second click finds nothing to send again.
    const again = await admin.post(`/api/admin/emails/${mail.id}/requeue`, {});
    expect(again.statusCode).toBe(404);
    expect(body(again)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 400 to an id that is not one', async () => {
    const res = await admin.post('/api/admin/emails/nope/requeue', {});
    expect(res.statusCode).toBe(400);
  });
});
