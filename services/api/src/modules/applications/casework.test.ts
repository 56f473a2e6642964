import { and, eq } from 'drizzle-orm';
import {
  ApiMessages,
  type AdminApplicationDetail,
  type ApplicationDetail,
  type OrderSummary,
} from '@waypoint/contracts';
import { emailOutbox, grants, travelers } from '../../db/schema';
import { Browser, lastCode, makeAdmin, uniqueEmail } from '../../test/auth-helpers';
import { unzip } from '../../test/zip';
import {
  approved,
  completeApplication,
  decisionDocument,
  detailOf,
  ETA_REFERENCE,
  grantsFor,
  lodged,
  step,
  stepOk,
  submittedByTraveller,
  uploadDecision,
  uploadDocument,
} from '../../test/casework';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { photo } from '../../test/images';
import { paidOrder } from '../../test/orders';
import type { Mailer } from '../notifications/mailer';
import { processOutbox } from '../notifications/outbox';
import { decisionAttachments } from '../documents/documents.service';
import { sendDueReminders } from './reminders.service';

let t: TestApp;
let staff: Browser;
let ip = 1;
const browser = () => new Browser(t.app, `10.37.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeAdmin(t, browser);
});
afterAll(() => t.close());

const detail = async (b: Browser, id: string) =>
  body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
const today = () => new Date().toISOString().slice(0, 10);
const mailsTo = (email: string, template: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, template)));

/** A traveller's order, complete and submitted, under review by staff. */
async function underReview(travellers = 1) {
  const b = browser();
  const email = uniqueEmail('case');
  const id = await paidOrder(b, email, travellers);
  await submittedByTraveller(b, id);
  const d = await stepOk(staff, id, { status: 'UNDER_REVIEW' });
  return { b, email, id, d };
}

describe('asking the traveller for changes', () => {
  it('refuses a request without a change, without a message, or naming the wrong traveller', async () => {
    const { id, d } = await underReview();
    const travelerId = d.application.travelers[0]!.id;
    const cases: [unknown[], Record<string, string>][] = [
      [[], { changes: ApiMessages['casework.changesRequired'] }],
      [
        [{ travelerId, section: 'applicants-photo', message: '  ' }],
        { 'changes.0.message': ApiMessages['casework.messageRequired'] },
      ],
      [
        [{ travelerId, section: 'general-info', message: 'Your phone' }],
        { 'changes.0.travelerId': ApiMessages['casework.generalInfoIsOrderWide'] },
      ],
      [
        [{ travelerId: null, section: 'work', message: 'Your job' }],
        { 'changes.0.travelerId': ApiMessages['casework.changeNeedsTraveler'] },
      ],
      [
        [
          { travelerId, section: 'work', message: 'One' },
          { travelerId, section: 'work', message: 'Two' },
        ],
        { 'changes.1': ApiMessages['casework.changeTwice'] },
      ],
      [
        [{ travelerId: crypto.randomUUID(), section: 'work', message: 'Whose?' }],
        { 'changes.0.travelerId': ApiMessages['postPayment.unknownTraveler'] },
      ],
    ];
    for (const [changes, fieldErrors] of cases) {
      const res = await step(staff, id, { status: 'CHANGES_REQUESTED', changes: changes as [] });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ fieldErrors });
    }
    expect((await detailOf(staff, id)).application.status).toBe('UNDER_REVIEW');
  });

  it('opens only the flagged parts, shows staff what changed, and takes the resubmission', async () => {
    const { b, email, id, d } = await underReview(2);
    const [first, second] = d.application.travelers;
    const submittedAt = d.application.submittedAt;
    const oldPhoto = first!.photo!;
    const requested = await stepOk(staff, id, {
      status: 'CHANGES_REQUESTED',
      changes: [
        {
          travelerId: first!.id,
          section: 'applicants-photo',
          message: 'The photo is too dark: retake it in daylight against a plain wall',
        },
        { travelerId: second!.id, section: 'work', message: 'Please give your job title in full' },
      ],
    });
    expect(requested.application.status).toBe('CHANGES_REQUESTED');
    expect(requested.allowedTransitions).toEqual([]);

    // The traveller is told, in an e-mail listing each change with its message.
    const [mail] = await mailsTo(email, 'changes-requested');
    expect(mail!.payload).toMatchObject({
      applicationId: id,
      changes: [
        {
          section: 'applicants-photo',
          travelerName: 'Ann1 Lee1',
          message: 'The photo is too dark: retake it in daylight against a plain wall',
        },
        {
          section: 'work',
          travelerName: 'Ann2 Lee2',
          message: 'Please give your job title in full',
        },
      ],
    });
    const mine = await detail(b, id);
    expect(mine).toMatchObject({ status: 'CHANGES_REQUESTED', editable: true });
    expect(mine.changeRequest).toMatchObject({
      resubmittedAt: null,
      items: [
        { travelerId: first!.id, section: 'applicants-photo', resolved: false },
        { travelerId: second!.id, section: 'work', resolved: false },
      ],
    });
    const orders = body<{ data: OrderSummary[] }>(await b.get('/api/applications/my-applications'));
    expect(orders.data.find((o) => o.id === id)?.status).toBe('CHANGES_REQUESTED');

    // Anything not flagged stays closed.
    const notFlagged = await b.put(`/api/application/${id}/work-info`, {
      travelerId: first!.id,
      currentlyWorking: false,
    });
    expect(notFlagged.statusCode).toBe(409);
    expect(body(notFlagged)).toMatchObject({ messageKey: 'casework.notFlagged' });
    expect((await uploadDocument(b, id, second!.id, 'photo', await photo())).statusCode).toBe(409);

    // Resubmitting with changes left names them.
    const early = await b.post(`/api/application/${id}/submit`, { declarationConfirmed: true });
    expect(early.statusCode).toBe(400);
    expect(body(early)).toMatchObject({ messageKey: 'casework.changesLeft' });
    expect(body<{ error: string }>(early).error).toContain(
      "Traveller 1 (Ann1 Lee1): applicant's photo",
    );

    const newPhoto = await uploadDocument(
      b,
      id,
      first!.id,
      'photo',
      await photo({ background: '#f7f7f2' }),
    );
    expect(body(newPhoto)).toMatchObject({ data: { document: { status: 'ACCEPTED' } } });
    const saved = await b.put(`/api/application/${id}/work-info`, {
      travelerId: second!.id,
      currentlyWorking: true,
      jobTitle: 'Senior Software Engineer',
    });
    expect(saved.statusCode).toBe(200);
    expect((await detail(b, id)).changeRequest?.items.every((i) => i.resolved)).toBe(true);

    const again = await b.post(`/api/application/${id}/submit`, { declarationConfirmed: true });
    expect(again.statusCode).toBe(200);
    const back = await detail(b, id);
    expect(back.status).toBe('SUBMITTED');
    expect(back.submittedAt).toBe(submittedAt);
    expect(back.changeRequest?.resubmittedAt).toEqual(expect.any(String));
    expect(back.editable).toBe(false);

    // Staff see what changed since their request.
    const review = (await detailOf(staff, id)).changeReview!;
    expect(review.resubmittedAt).toEqual(expect.any(String));
    expect(review.requestedBy).toMatch(/^staff/);
    const photoItem = review.items.find((i) => i.section === 'applicants-photo')!;
    expect(photoItem.beforeDocument?.id).toBe(oldPhoto.id);
    expect(photoItem.afterDocument?.id).toBe(
      body<{ data: { document: { id: string } } }>(newPhoto).data.document.id,
    );
    const workItem = review.items.find((i) => i.section === 'work')!;
    expect(workItem.fields).toEqual(
      expect.arrayContaining([
        { field: 'jobTitle', before: 'Engineer', after: 'Senior Software Engineer' },
      ]),
    );
    // And the review goes on from the start.
    expect((await detailOf(staff, id)).allowedTransitions).toEqual(['UNDER_REVIEW']);
  });

  it('lets staff flag the general information, kept with its old value', async () => {
    const { b, id } = await underReview();
    await stepOk(staff, id, {
      status: 'CHANGES_REQUESTED',
      changes: [
        { travelerId: null, section: 'general-info', message: 'This number does not answer' },
      ],
    });
    expect(
      (
        await b.put(`/api/application/${id}/general-info`, {
          countryCode: '+1',
          phoneNumber: '202-555-0199',
          notificationPreference: 'sms',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await b.post(`/api/application/${id}/submit`, { declarationConfirmed: true })).statusCode,
    ).toBe(200);
    const item = (await detailOf(staff, id)).changeReview!.items[0]!;
    expect(item.fields).toContainEqual({
      field: 'phone',
      before: '+1 202-555-0143',
      after: '+1 202-555-0199',
    });
  });
});

describe('lodging with the Home Office', () => {
  it('takes the reference of the product, a real past date, and shows it to the traveller', async () => {
    const { b, email, id } = await underReview();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { homeOfficeReference: 'GWF012345678', lodgedOn: today() },
        { homeOfficeReference: ApiMessages['casework.etaReference'] },
      ],
      [
        { homeOfficeReference: 'ABC', lodgedOn: today() },
        { homeOfficeReference: ApiMessages['casework.referenceFormat'] },
      ],
      [
        { homeOfficeReference: ETA_REFERENCE, lodgedOn: '2999-01-01' },
        { lodgedOn: ApiMessages['casework.lodgedOnFuture'] },
      ],
      [
        { homeOfficeReference: ETA_REFERENCE, lodgedOn: '2020-01-01' },
        { lodgedOn: ApiMessages['casework.lodgedOnBeforePaid'] },
      ],
      [
        { homeOfficeReference: ETA_REFERENCE, lodgedOn: '2026-02-30' },
        { lodgedOn: expect.any(String) as unknown as string },
      ],
    ];
    for (const [fields, fieldErrors] of cases) {
      const res = await step(staff, id, { status: 'LODGED', ...fields } as never);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ fieldErrors });
    }
    const d = await stepOk(staff, id, {
      status: 'LODGED',
      homeOfficeReference: ' 1234 5678 9012 3456 ',
      lodgedOn: today(),
    });
    expect(d.application.status).toBe('LODGED');
    expect(d.lodgedBy).toMatch(/^staff/);
    const mine = await detail(b, id);
    expect(mine.lodging).toEqual({ reference: '1234567890123456', lodgedOn: today() });
    expect(mine.timeline.find((s) => s.step === 'lodged')?.at).toEqual(expect.any(String));
    const [mail] = await mailsTo(email, 'lodged');
    expect(mail!.payload).toMatchObject({
      productKind: 'ETA',
      homeOfficeReference: '1234567890123456',
      lodgedOn: today(),
    });
    // Once lodged the government fee is spent: no refund in full.
    expect((await detailOf(staff, id)).refundOptions.map((o) => o.kind)).toEqual(['service_fee']);
  });

  it('takes a GWF reference for a visa application', async () => {
    const b = browser();
    const id = await paidOrder(b, uniqueEmail('visa'), 1, {
      countryId: 'IN',
      visaTypeId: 'uk-visitor-6m',
      processingOptionId: 'uk-visitor-6m-standard',
    });
    await submittedByTraveller(b, id);
    await stepOk(staff, id, { status: 'UNDER_REVIEW' });
    const eta = await step(staff, id, {
      status: 'LODGED',
      homeOfficeReference: ETA_REFERENCE,
      lodgedOn: today(),
    });
    expect(body(eta)).toMatchObject({
      fieldErrors: { homeOfficeReference: ApiMessages['casework.visaReference'] },
    });
    const d = await stepOk(staff, id, {
      status: 'LODGED',
      homeOfficeReference: 'gwf012345678',
      lodgedOn: today(),
    });
    expect(d.application.lodging?.reference).toBe('GWF012345678');
  });
});

describe("recording the government's outcome", () => {
  it('takes the decision document of each traveller, checks the grant, and delivers it', async () => {
    const { b, email, id, d: reviewing } = await underReview(2);
    const [first, second] = reviewing.application.travelers;
    // No decision document before the application is lodged; never from a traveller.
    expect(body(await uploadDecision(staff, id, first!.id))).toMatchObject({
      messageKey: 'casework.notLodged',
    });
    const d = await lodged(staff, id);
    expect((await uploadDecision(b, id, first!.id)).statusCode).toBe(403);
    const wrongType = await uploadDecision(staff, id, first!.id, {
      name: 'x.txt',
      type: 'text/plain',
      data: Buffer.from('hello'),
    });
    expect(wrongType.statusCode).toBe(415);
    expect(body(await uploadDecision(staff, id, crypto.randomUUID()))).toMatchObject({
      messageKey: 'postPayment.unknownTraveler',
    });

    const grantsGiven = await grantsFor(staff, d);
    // Not yet the traveller's: it is theirs once the outcome is recorded with it.
    const pending = grantsGiven[0]!.documentId;
    expect((await b.get(`/api/application/${id}/documents/${pending}`)).statusCode).toBe(404);

    const one = await step(staff, id, { status: 'APPROVED', grants: [grantsGiven[0]!] });
    expect(body(one)).toMatchObject({ messageKey: 'casework.grantEveryTraveler' });
    const wrongPassport = await step(staff, id, {
      status: 'APPROVED',
      grants: [{ ...grantsGiven[0]!, passportLast4: 'ZZZZ' }, grantsGiven[1]!],
    });
    expect(body(wrongPassport)).toMatchObject({
      fieldErrors: { 'grants.0.passportLast4': ApiMessages['casework.passportEndingMismatch'] },
    });
    const swapped = await step(staff, id, {
      status: 'APPROVED',
      grants: [
        { ...grantsGiven[0]!, documentId: grantsGiven[1]!.documentId },
        { ...grantsGiven[1]!, documentId: grantsGiven[0]!.documentId },
      ],
    });
    expect(body(swapped)).toMatchObject({ messageKey: 'casework.unknownDocument' });
    const backwards = await step(staff, id, {
      status: 'APPROVED',
      grants: [{ ...grantsGiven[0]!, validUntil: '2020-01-01' }, grantsGiven[1]!],
    });
    expect(body(backwards)).toMatchObject({
      fieldErrors: { 'grants.0.validUntil': ApiMessages['casework.validUntilOrder'] },
    });

    const done = await stepOk(staff, id, { status: 'APPROVED', grants: grantsGiven });
    expect(done.application.status).toBe('APPROVED');
    const mine = await detail(b, id);
    expect(mine.outcome).toMatchObject({
      outcome: 'APPROVED',
      reason: null,
      document: null,
      grants: [
        {
          travelerId: first!.id,
          kind: 'ETA',
          reference: 'ETA-000001',
          validUntil: '2028-06-01',
          passportLast4: '5671',
        },
        { travelerId: second!.id, kind: 'ETA', reference: 'ETA-000002', passportLast4: '5672' },
      ],
    });
    expect(mine.timeline.at(-1)).toMatchObject({ step: 'decided', outcome: 'APPROVED' });
    const file = await b.get(mine.outcome!.grants[0]!.document!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The e-mail names every grant and carries the documents.
    const [mail] = await mailsTo(email, 'decision');
    expect(mail!.payload).toMatchObject({
      outcome: 'APPROVED',
      productKind: 'ETA',
      grants: [
        { travelerName: 'Ann1 Lee1', reference: 'ETA-000001', passportLast4: '5671' },
        { travelerName: 'Ann2 Lee2', reference: 'ETA-000002' },
      ],
      documentIds: grantsGiven.map((g) => g.documentId),
    });
    const sent: {
      to: string;
      subject: string;
      attachments?: { contentType: string; content: Buffer }[];
    }[] = [];
    const mailer = {
      send: async (m: (typeof sent)[number]) => void sent.push(m),
    } as unknown as Mailer;
    await processOutbox(
      t.database.db,
      mailer,
      t.config,
      t.app.log,
      decisionAttachments(t.app.ctx.storage),
    );
    const delivered = sent.find((m) => m.to === email && m.attachments?.length);
    expect(delivered?.attachments?.map((a) => a.contentType)).toEqual([
      'application/pdf',
      'application/pdf',
    ]);
    expect(delivered?.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');

    // The traveller's data export holds the grants and the decision documents.
    expect(
      (await b.post('/api/auth/recent-proof/code', { purpose: 'data-export' })).statusCode,
    ).toBe(200);
    const code = await lastCode(t.database.db, email, 'reauthentication-code');
    expect((await b.post('/api/auth/recent-proof', { code })).statusCode).toBe(200);
    const exported = await unzip((await b.get('/api/auth/profile/export')).rawPayload);
    const data = JSON.parse(exported.get('data.json')!.toString('utf8'));
    expect(data.applications[0]).toMatchObject({
      lodging: { homeOfficeReference: '1234567890123456' },
      grants: [
        { traveler: 1, reference: 'ETA-000001', validUntil: '2028-06-01' },
        { traveler: 2, reference: 'ETA-000002' },
      ],
    });
    const decisions = [...exported.keys()].filter((name) => name.includes('-decision-'));
    expect(decisions).toHaveLength(2);
    expect(exported.get(decisions[0]!)!.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('records a refusal with its reason and letter', async () => {
    const { b, id, d: reviewing } = await underReview();
    await lodged(staff, id);
    const letter = await decisionDocument(staff, id, reviewing.application.travelers[0]!.id);
    const d = await stepOk(staff, id, {
      status: 'REJECTED',
      reason: 'The applicant did not show enough funds.',
      documentId: letter.id,
    });
    expect(d.application.status).toBe('REJECTED');
    const mine = await detail(b, id);
    expect(mine.outcome).toMatchObject({
      outcome: 'REJECTED',
      reason: 'The applicant did not show enough funds.',
      grants: [],
      document: { id: letter.id },
    });
  });
});

describe('reminders before an ETA or its passport expires', () => {
  const day = 86_400_000;
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  it('emails once 60 and once 14 days before, stops on the link, and prefills a new application', async () => {
    const b = browser();
    const email = uniqueEmail('remind');
    const id = await paidOrder(b, email);
    await submittedByTraveller(b, id);
    const validUntil = iso(new Date(Date.now() + 200 * day));
    const d = await approved(staff, id, validUntil);
    const travelerId = d.application.travelers[0]!.id;
    // The passport (2031) outlives the ETA: the ETA's own end is what is reminded.
    const at = (daysBefore: number) =>
      new Date(Date.parse(validUntil) - daysBefore * day + 3_600_000);

    expect(await sendDueReminders({ ctx: t.app.ctx, now: at(61) })).toBe(0);
    await sendDueReminders({ ctx: t.app.ctx, now: at(60) });
    await sendDueReminders({ ctx: t.app.ctx, now: at(59) });
    let mails = await mailsTo(email, 'expiry-reminder');
    expect(mails.map((m) => (m.payload as { daysBefore: number }).daysBefore)).toEqual([60]);
    expect(mails[0]!.payload).toMatchObject({
      cause: 'permission',
      expiresOn: validUntil,
      grantReference: 'ETA-000001',
      travelerName: 'Ann1 Lee1',
    });
    await sendDueReminders({ ctx: t.app.ctx, now: at(14) });
    await sendDueReminders({ ctx: t.app.ctx, now: at(13) });
    mails = await mailsTo(email, 'expiry-reminder');
    expect(mails.map((m) => (m.payload as { daysBefore: number }).daysBefore)).toEqual([60, 14]);

    const { renewToken, unsubscribeToken } = mails[0]!.payload as {
      renewToken: string;
      unsubscribeToken: string;
    };
    const visitor = browser();
    const prefill = await visitor.post('/api/reminders/renewal', { token: renewToken });
    expect(body(prefill)).toMatchObject({
      data: {
        countryCode: 'US',
        visaTypeId: 'uk-eta',
        email,
        traveler: { firstName: 'Ann1', lastName: 'Lee1', dateOfBirth: '1990-05-17' },
      },
    });
    // A link for one purpose does not do the other; a forged one does nothing.
    for (const token of [
      renewToken.replace('.renew.', '.stop.'),
      `${unsubscribeToken}x`,
      'nonsense',
    ]) {
      const res = await visitor.post('/api/reminders/unsubscribe', { token });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ messageKey: 'casework.reminderLinkInvalid' });
    }
    const stopped = await visitor.post('/api/reminders/unsubscribe', { token: unsubscribeToken });
    expect(body(stopped)).toMatchObject({ data: { kind: 'ETA', unsubscribed: true } });
    const [row] = await t.database.db
      .select()
      .from(grants)
      .where(eq(grants.travelerId, travelerId));
    expect(row!.remindersStoppedAt).not.toBeNull();
  });

  it('reminds before the passport expires when that comes first, and not at all once stopped', async () => {
    const b = browser();
    const email = uniqueEmail('passport');
    const id = await paidOrder(b, email);
    await submittedByTraveller(b, id);
    const d = await approved(staff, id, iso(new Date(Date.now() + 700 * day)));
    const passportEnds = iso(new Date(Date.now() + 100 * day));
    await t.database.db
      .update(travelers)
      .set({ passportExpirationDate: passportEnds })
      .where(eq(travelers.id, d.application.travelers[0]!.id));
    await sendDueReminders({
      ctx: t.app.ctx,
      now: new Date(Date.parse(passportEnds) - 60 * day + 3_600_000),
    });
    const [mail] = await mailsTo(email, 'expiry-reminder');
    expect(mail!.payload).toMatchObject({
      cause: 'passport',
      expiresOn: passportEnds,
      daysBefore: 60,
    });
    await browser().post('/api/reminders/unsubscribe', {
      token: (mail!.payload as { unsubscribeToken: string }).unsubscribeToken,
    });
    await sendDueReminders({
      ctx: t.app.ctx,
      now: new Date(Date.parse(passportEnds) - 14 * day + 3_600_000),
    });
    expect(await mailsTo(email, 'expiry-reminder')).toHaveLength(1);
  });
});

describe('the order of steps', () => {
  it('needs a complete application to resubmit, as to submit', async () => {
    const { b, id, d } = await underReview();
    await stepOk(staff, id, {
      status: 'CHANGES_REQUESTED',
      changes: [
        {
          travelerId: d.application.travelers[0]!.id,
          section: 'passport-page',
          message: 'Blurred',
        },
      ],
    });
    await completeApplication(b, id);
    expect(
      (await b.post(`/api/application/${id}/submit`, { declarationConfirmed: true })).statusCode,
    ).toBe(200);
  });

  it('keeps AdminApplicationDetail and ApplicationDetail valid at every step', async () => {
    const { id } = await underReview();
    const d: AdminApplicationDetail = await lodged(staff, id);
    expect(d.application.productKind).toBe('ETA');
  });
});
