import { eq, inArray, sql } from 'drizzle-orm';
import {
  ApiMessages,
  type AdminApplicationDetail,
  type AdminListResponse,
  type ApplicationDetail,
  type AssignResponse,
  type DashboardResponse,
  type NotesResponse,
  type StaffListResponse,
} from '@waypoint/contracts';
import { applicationNotes, applications, changeRequests, users } from '../../db/schema';
import { Browser, makeAdmin, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { detailOf, stepOk, submittedByTraveller, uploadDocument } from '../../test/casework';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { passportPage } from '../../test/images';
import { paidOrder } from '../../test/orders';
import { unzip } from '../../test/zip';
import { pageOfApplications } from './admin.repo';
import { endOfUkDay } from './staff-work';

let t: TestApp;
let alex: Browser;
let kim: Browser;
let ip = 1;
const browser = () => new Browser(t.app, `10.61.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  alex = await makeAdmin(t, browser);
  kim = await makeAdmin(t, browser);
});
afterAll(() => t.close());

const me = async (staff: Browser) =>
  body<{ data: StaffListResponse }>(await staff.get('/api/admin/staff')).data.me;
const list = async (staff: Browser, query = '') =>
  body<{ data: AdminListResponse }>(await staff.get(`/api/admin/applications${query}`)).data;
const dashboard = async (staff: Browser) =>
  body<{ data: DashboardResponse }>(await staff.get('/api/admin/dashboard')).data;

/**
 * Moves an application's clock: every time it holds (submission, due date, pause, requests for changes) as if
 * `hours` more had passed since.
 */
async function hoursPass(id: string, hours: number) {
  const by = sql`make_interval(secs => ${Math.round(hours * 3600)})`;
  await t.database.db
    .update(applications)
    .set({
      submittedAt: sql`${applications.submittedAt} - ${by}`,
      dueAt: sql`${applications.dueAt} - ${by}`,
      queueDueAt: sql`${applications.queueDueAt} - ${by}`,
      duePausedAt: sql`${applications.duePausedAt} - ${by}`,
    })
    .where(eq(applications.id, id));
  await t.database.db
    .update(changeRequests)
    .set({
      requestedAt: sql`${changeRequests.requestedAt} - ${by}`,
      resubmittedAt: sql`${changeRequests.resubmittedAt} - ${by}`,
    })
    .where(eq(changeRequests.applicationId, id));
}

/** A traveller's order, complete and submitted. */
async function submitted(email = uniqueEmail('queue')) {
  const b = browser();
  const id = await paidOrder(b, email, 1);
  await submittedByTraveller(b, id);
  return { b, id };
}

const rowOf = (page: AdminListResponse, id: string) => page.applications.find((a) => a.id === id);

describe('due dates', () => {
  it('is due at the submission plus the processing hours, and overdue once that has passed', async () => {
    const { id } = await submitted();
    const d = await detailOf(alex, id);
    expect(d.due).toBeTruthy();
    const submittedAt = new Date(d.application.submittedAt!).getTime();
    expect(new Date(d.due!.at).getTime()).toBe(submittedAt + d.due!.hours * HOUR);
    expect(['due', 'due-today']).toContain(d.due!.state);
    expect(rowOf(await list(alex, '?due=overdue'), id)).toBeUndefined();

    // The promise's hours and one more go by.
    await hoursPass(id, d.due!.hours + 1);
    const late = await detailOf(alex, id);
    expect(late.due).toMatchObject({ state: 'overdue' });
    expect(rowOf(await list(alex, '?due=overdue'), id)?.due?.state).toBe('overdue');
    expect(rowOf(await list(alex, '?due=today'), id)).toBeUndefined();
  });

  it('is due today when its time comes before the end of the UK day', async () => {
    const { id } = await submitted();
    const d = await detailOf(alex, id);
    const dueAt = new Date(d.due!.at).getTime();
    // Moved so that it falls due in a minute, today whatever the hour.
    const toDueSoon = (dueAt - Date.now() - 60_000) / HOUR;
    await hoursPass(id, toDueSoon);
    const soon = await detailOf(alex, id);
    expect(new Date(soon.due!.at).getTime()).toBeLessThan(endOfUkDay(new Date()).getTime());
    expect(soon.due?.state).toBe('due-today');
    expect(rowOf(await list(alex, '?due=today'), id)?.due?.state).toBe('due-today');
  });

  it('stops the clock while the traveller is asked for changes, and moves the due date on by the wait', async () => {
    const { b, id } = await submitted();
    const before = await stepOk(alex, id, { status: 'UNDER_REVIEW' });
    const dueBefore = new Date(before.due!.at).getTime();
    const travelerId = before.application.travelers[0]!.id;
    const asked = await stepOk(alex, id, {
      status: 'CHANGES_REQUESTED',
      changes: [{ travelerId, section: 'passport-page', message: 'The page is cut off.' }],
    });
    expect(asked.due?.state).toBe('paused');
    // Ten hours of waiting for the traveller, longer than the promise if the clock ran: not overdue.
    await hoursPass(id, 10);
    const waiting = await detailOf(alex, id);
    expect(waiting.due?.state).toBe('paused');
    expect(rowOf(await list(alex, '?due=overdue'), id)).toBeUndefined();
    // The traveller makes the change and resubmits: due ten hours later than before (the wait does not count).
    expect(
      (await uploadDocument(b, id, travelerId, 'passport-page', await passportPage())).statusCode,
    ).toBe(200);
    expect(
      (await b.post(`/api/application/${id}/submit`, { declarationConfirmed: true })).statusCode,
    ).toBe(200);
    const back = await detailOf(alex, id);
    const dueAfter = new Date(back.due!.at).getTime();
    // hoursPass moved the old due date 10 h earlier; the wait of 10 h moves it on again.
    expect(Math.abs(dueAfter - dueBefore)).toBeLessThan(60_000);
    expect(back.due?.state).not.toBe('paused');
  });

  it('says whether the promise was kept once the application is lodged', async () => {
    const { id } = await submitted();
    await stepOk(alex, id, { status: 'UNDER_REVIEW' });
    const d = await detailOf(alex, id);
    await hoursPass(id, d.due!.hours + 2);
    const lodged = await stepOk(alex, id, {
      status: 'LODGED',
      homeOfficeReference: '1234567890123456',
      lodgedOn: new Date().toISOString().slice(0, 10),
    });
    expect(lodged.due?.state).toBe('missed');
    // Lodged work leaves the queue.
    expect(rowOf(await list(alex, '?due=overdue'), id)).toBeUndefined();
  });

  it('lists open work first, soonest due first, by default; then everything else newest first', async () => {
    const later = await submitted();
    const sooner = await submitted();
    await hoursPass(sooner.id, 5);
    const unpaid = await paidOrder(browser(), uniqueEmail('queue'), 1);
    const page = await list(alex);
    const ids = page.applications.map((a) => a.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(ids.indexOf(later.id)).toBeLessThan(ids.indexOf(unpaid));
    const dues = page.applications
      .filter((a) => a.due && a.due.state !== 'met')
      .map((a) => a.due!.at);
    const open = page.applications.filter(
      (a) => a.status === 'SUBMITTED' || a.status === 'UNDER_REVIEW',
    );
    expect(open.map((a) => a.due!.at)).toEqual([...open.map((a) => a.due!.at)].sort());
    expect(dues.length).toBeGreaterThan(0);
  });

  it('pages through the due-date order without losing or repeating a row, across the end of the open work', async () => {
    for (let i = 0; i < 3; i += 1) {
      await submitted();
      await paidOrder(browser(), uniqueEmail('queue'), 1);
    }
    const me = (await t.database.db.select().from(users).limit(1))[0]!;
    for (const order of ['asc', 'desc'] as const)
      for (const f of [
        {},
        { status: 'SUBMITTED' as const },
        { status: 'IN_PROGRESS' as const },
        { assignee: 'none' as const },
      ]) {
        const sort = { column: 'due' as const, order };
        const all = (
          await pageOfApplications(t.database.db, { ...f, staffId: me.id }, 500, 0, undefined, sort)
        ).map((r) => r.a.id);
        expect(all.length).toBeGreaterThan(2);
        const paged: string[] = [];
        for (let offset = 0; offset < all.length; offset += 2)
          paged.push(
            ...(await pageOfApplications(t.database.db, f, 2, offset, undefined, sort)).map(
              (r) => r.a.id,
            ),
          );
        expect(paged).toEqual(all);
        // Open work first, by its due date in the order asked; the rest newest first.
        const rows = await t.database.db
          .select({
            id: applications.id,
            due: applications.queueDueAt,
            created: applications.createdAt,
          })
          .from(applications)
          .where(inArray(applications.id, all));
        const byId = new Map(rows.map((r) => [r.id, r]));
        const seen = all.map((id) => byId.get(id)!);
        const openCount = seen.filter((r) => r.due).length;
        expect(seen.slice(openCount).every((r) => r.due === null)).toBe(true);
        const dues = seen.slice(0, openCount).map((r) => r.due!.getTime());
        expect(dues).toEqual([...dues].sort((x, y) => (order === 'asc' ? x - y : y - x)));
        const created = seen.slice(openCount).map((r) => r.created.getTime());
        expect(created).toEqual([...created].sort((x, y) => y - x));
      }
  });
});

describe('assignment', () => {
  it('assigns to me, to a colleague and to nobody, from the detail; each change audited', async () => {
    const { id } = await submitted();
    const alexId = await me(alex);
    const kimId = await me(kim);
    const mine = await alex.put(`/api/admin/applications/${id}/assignee`, { assigneeId: alexId });
    expect(mine.statusCode).toBe(200);
    expect(body<{ data: AssignResponse }>(mine).data).toEqual({
      changed: 1,
      assignee: expect.objectContaining({ id: alexId, name: 'Sam Staff' }),
    });
    expect((await detailOf(alex, id)).assignee?.id).toBe(alexId);
    expect(rowOf(await list(alex, '?assignee=me'), id)?.assignee?.id).toBe(alexId);
    expect(rowOf(await list(kim, '?assignee=me'), id)).toBeUndefined();
    expect(rowOf(await list(alex, '?assignee=none'), id)).toBeUndefined();

    await alex.put(`/api/admin/applications/${id}/assignee`, { assigneeId: kimId });
    expect(rowOf(await list(kim, '?assignee=me'), id)?.assignee?.id).toBe(kimId);
    await kim.put(`/api/admin/applications/${id}/assignee`, { assigneeId: null });
    const d = await detailOf(alex, id);
    expect(d.assignee).toBeNull();
    expect(rowOf(await list(alex, '?assignee=none'), id)).toBeTruthy();
    const assigned = d.history.filter((e) => e.action === 'application.assigned');
    expect(assigned.map((e) => e.details)).toEqual([
      { from: null, fromName: null, to: alexId, toName: 'Sam Staff' },
      { from: alexId, fromName: 'Sam Staff', to: kimId, toName: 'Sam Staff' },
      { from: kimId, fromName: 'Sam Staff', to: null, toName: null },
    ]);
  });

  it('assigns a selection of rows at once, leaving those already assigned so', async () => {
    const a = await submitted();
    const b = await submitted();
    const kimId = await me(kim);
    const first = await alex.post('/api/admin/applications/assignee', {
      ids: [a.id, b.id],
      assigneeId: kimId,
    });
    expect(body<{ data: AssignResponse }>(first).data.changed).toBe(2);
    const again = await alex.post('/api/admin/applications/assignee', {
      ids: [a.id, b.id],
      assigneeId: kimId,
    });
    expect(body<{ data: AssignResponse }>(again).data.changed).toBe(0);
    const kims = await list(kim, '?assignee=me');
    expect(rowOf(kims, a.id) && rowOf(kims, b.id)).toBeTruthy();
  });

  it('refuses a traveller as assignee, an empty selection, an unknown application and a traveller asking', async () => {
    const { b, id } = await submitted();
    const [traveller] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'user'))
      .limit(1);
    const notStaff = await alex.put(`/api/admin/applications/${id}/assignee`, {
      assigneeId: traveller!.id,
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json()).toMatchObject({ error: ApiMessages['admin.assigneeNotStaff'] });
    const none = await alex.post('/api/admin/applications/assignee', { ids: [], assigneeId: null });
    expect(none.statusCode).toBe(400);
    const unknown = await alex.put(
      '/api/admin/applications/00000000-0000-4000-8000-000000000000/assignee',
      { assigneeId: null },
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (await b.put(`/api/admin/applications/${id}/assignee`, { assigneeId: null })).statusCode,
    ).toBe(403);
  });

  it('counts the queue on the dashboard: overdue, due today, unassigned and mine', async () => {
    const before = (await dashboard(alex)).queue!;
    const kimBefore = (await dashboard(kim)).queue!;
    const { id } = await submitted();
    const d = await detailOf(alex, id);
    await hoursPass(id, d.due!.hours + 1);
    const late = (await dashboard(alex)).queue!;
    expect(late.overdue).toBe(before.overdue + 1);
    expect(late.unassigned).toBe(before.unassigned + 1);
    await alex.put(`/api/admin/applications/${id}/assignee`, { assigneeId: await me(alex) });
    const taken = (await dashboard(alex)).queue!;
    expect(taken.mine).toBe(late.mine + 1);
    expect(taken.unassigned).toBe(late.unassigned - 1);
    expect((await dashboard(kim)).queue!.mine).toBe(kimBefore.mine);
  });
});

describe('internal notes', () => {
  it('keeps a note with its author and time, shows it in the history, and never to the traveller', async () => {
    const { b, id } = await submitted();
    const res = await alex.post(`/api/admin/applications/${id}/notes`, {
      body: '  Called the traveller: the new passport arrives on Monday.  ',
    });
    expect(res.statusCode).toBe(200);
    const { notes } = body<{ data: NotesResponse }>(res).data;
    expect(notes).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        author: 'Sam Staff',
        body: 'Called the traveller: the new passport arrives on Monday.',
      },
    ]);
    const d: AdminApplicationDetail = await detailOf(kim, id);
    expect(d.notes).toEqual(notes);
    expect(d.history.find((e) => e.action === 'application.note_added')?.details).toEqual({
      noteId: notes[0]!.id,
      body: 'Called the traveller: the new passport arrives on Monday.',
    });
    const own = await b.get(`/api/application/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('new passport arrives');
    expect(body<{ data: ApplicationDetail }>(own).data.id).toBe(id);
  });

  it('refuses an empty note and one too long, with the reason', async () => {
    const { id } = await submitted();
    const empty = await alex.post(`/api/admin/applications/${id}/notes`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(ApiMessages['admin.noteRequired']);
    const long = await alex.post(`/api/admin/applications/${id}/notes`, { body: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(ApiMessages['admin.noteTooLong']);
  });

  it('gives the traveller a copy of the notes in their data export, and erases them with their data', async () => {
    const b = browser();
    const email = uniqueEmail('notes');
    await b.post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: STRONG_PASSWORD,
    });
    const id = await paidOrder(b, email, 1);
    await submittedByTraveller(b, id);
    await alex.post(`/api/admin/applications/${id}/notes`, { body: 'Passport renewed in March.' });
    expect((await b.post('/api/auth/recent-proof', { password: STRONG_PASSWORD })).statusCode).toBe(
      200,
    );
    const exported = await b.get('/api/auth/profile/export');
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse((await unzip(exported.rawPayload)).get('data.json')!.toString('utf8'));
    expect(data.applications[0].staffNotes).toEqual([
      { at: expect.any(String), author: 'Sam Staff', note: 'Passport renewed in March.' },
    ]);

    const deleted = await b.post('/api/auth/profile/delete', { password: STRONG_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, id)),
    ).toEqual([]);
    const d = await detailOf(alex, id);
    expect(d.notes).toEqual([]);
    expect(d.history.find((e) => e.action === 'application.note_added')?.details).toEqual({
      noteId: expect.any(String),
    });
    // No note on an order whose travellers' data were erased.
    expect(
      (await alex.post(`/api/admin/applications/${id}/notes`, { body: 'More.' })).statusCode,
    ).toBe(409);
  });
});

describe('the end of the UK day', () => {
  it('is midnight in London: UTC midnight in winter, 23:00 UTC in summer', () => {
    expect(endOfUkDay(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe(
      '2026-01-16T00:00:00.000Z',
    );
    expect(endOfUkDay(new Date('2026-07-15T10:00:00Z')).toISOString()).toBe(
      '2026-07-15T23:00:00.000Z',
    );
    // 23:30 UTC on 15 July is already 16 July in London.
    expect(endOfUkDay(new Date('2026-07-15T23:30:00Z')).toISOString()).toBe(
      '2026-07-16T23:00:00.000Z',
    );
  });
});
