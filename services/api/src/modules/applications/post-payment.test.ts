import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  messageList,
  PostPaymentText,
  SUBMIT_DECLARATION,
  WizardText,
  type ApplicationDetail,
  type OrderSummary,
} from '@waypoint/contracts';
import { auditLog, emailOutbox, travelers } from '../../db/schema';
import { Browser, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { passportPage, photo, photoWithGps } from '../../test/images';
import { multipartFile, orderBody, paidOrder, traveler } from '../../test/orders';
import { plainPdf } from '../../test/pdfs';
import { tooManyPixelsText, UploadText } from '../documents/documents.service';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.4.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function setup(travelers = 1) {
  const b = browser();
  const email = uniqueEmail();
  const id = await paidOrder(b, email, travelers);
  const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
  return { b, email, id, detail, travelerIds: detail.travelers.map((x) => x.id) };
}

function upload(
  b: Browser,
  id: string,
  travelerId: string,
  kind: 'passport-page' | 'photo',
  filename: string,
  type: string,
  data: Buffer,
) {
  const { payload, headers } = multipartFile(filename, type, data);
  return b.request({
    method: 'POST',
    url: `/api/application/${id}/travelers/${travelerId}/documents/${kind}`,
    payload,
    headers,
  });
}

const confirmed = { declarationConfirmed: true };

const personal = (travelerId: string) => ({
  travelerId,
  countryOfBirth: 'US',
  residentCountry: 'US',
  gender: 'male',
  residenceAddress: '1 Main Street',
  cityTown: 'Boston',
});

describe('the paid application', () => {
  it("starts with every section not started, and the lead traveller's nationality's phone code", async () => {
    const { detail } = await setup(2);
    expect(detail).toMatchObject({
      status: 'IN_PROGRESS',
      editable: true,
      generalInfo: {
        // United States citizens: +1.
        countryCode: '+1',
        phoneNumber: '',
        notificationPreference: 'whatsapp',
        state: 'not_started',
      },
    });
    expect(detail.travelers).toHaveLength(2);
    expect(detail.travelers[1]!.sections).toEqual({
      passportPage: 'not_started',
      photo: 'not_started',
      personal: 'not_started',
      passportInfo: 'not_started',
      work: 'not_started',
      declaration: 'not_started',
    });
  });

  it('is hidden from other accounts (404, logged) and needs sign-in', async () => {
    const { id } = await setup();
    const other = browser();
    await other.post('/api/auth/register', {
      firstName: 'Eve',
      lastName: 'X',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    const res = await other.get(`/api/application/${id}`);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ error: 'No such application' });
    expect(
      (
        await other.put(`/api/application/${id}/general-info`, {
          countryCode: '+44',
          phoneNumber: '07911 123456',
        })
      ).statusCode,
    ).toBe(404);
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, 'application.access_denied')));
    expect(denied.length).toBe(2);
    expect((await browser().get(`/api/application/${id}`)).statusCode).toBe(401);
    expect(
      (await other.get('/api/application/00000000-0000-0000-0000-000000000000')).statusCode,
    ).toBe(404);
  });
});

describe('answers', () => {
  it('validates and saves the general information', async () => {
    const { b, id } = await setup();
    const missing = await b.put(`/api/application/${id}/general-info`, {
      countryCode: '+44',
      phoneNumber: '',
    });
    expect(body(missing)).toMatchObject({ error: PostPaymentText.phoneRequired });
    const invalid = await b.put(`/api/application/${id}/general-info`, {
      countryCode: '+44',
      phoneNumber: '12',
    });
    expect(body(invalid)).toMatchObject({
      fieldErrors: { phoneNumber: PostPaymentText.phoneInvalid },
    });
    const ok = await b.put(`/api/application/${id}/general-info`, {
      countryCode: '+44',
      phoneNumber: '07911 123456',
      notificationPreference: 'sms',
    });
    expect(body(ok)).toMatchObject({
      data: {
        generalInfo: {
          countryCode: '+44',
          phoneNumber: '07911 123456',
          notificationPreference: 'sms',
          state: 'completed',
        },
      },
    });
  });

  it('takes the calling code of any country, and refuses one no country has', async () => {
    const { b, id } = await setup();
    const save = (countryCode: string | undefined, phoneNumber: string) =>
      b.put(`/api/application/${id}/general-info`, {
        ...(countryCode === undefined ? {} : { countryCode }),
        phoneNumber,
        notificationPreference: 'sms',
      });
    for (const [code, number] of [
      ['+1', '876 555 1234'],
      ['+7', '701 123 4567'],
      ['+383', '044 123 456'],
      ['+81', '090-1234-5678'],
    ] as const) {
      const saved = await save(code, number);
      expect(saved.statusCode).toBe(200);
      expect(body(saved)).toMatchObject({
        data: { generalInfo: { countryCode: code, phoneNumber: number } },
      });
    }
    for (const code of ['+999', '', undefined]) {
      const refused = await save(code, '202-555-0143');
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toMatchObject({
        fieldErrors: { countryCode: PostPaymentText.phoneCodeRequired },
      });
    }
  });

  it('validates and saves each traveller section with the real traveller id', async () => {
    const { b, id, travelerIds } = await setup(2);
    const [first, second] = travelerIds as [string, string];
    expect(
      body(
        await b.put(`/api/application/${id}/personal-info`, {
          ...personal(second),
          residenceAddress: '',
          cityTown: '',
        }),
      ),
    ).toMatchObject({
      error: PostPaymentText.addressRequired,
      fieldErrors: {
        residenceAddress: PostPaymentText.addressRequired,
        cityTown: PostPaymentText.cityRequired,
      },
    });
    expect(
      (
        await b.put(`/api/application/${id}/personal-info`, {
          ...personal(second),
          countryOfBirth: 'ZZ',
        })
      ).statusCode,
    ).toBe(400);
    const saved = body<{ data: ApplicationDetail }>(
      await b.put(`/api/application/${id}/personal-info`, personal(second)),
    ).data;
    expect(saved.travelers[1]).toMatchObject({
      personal: { countryOfBirth: 'US', cityTown: 'Boston', gender: 'male' },
      sections: { personal: 'completed' },
    });
    expect(saved.travelers[0]!.sections.personal).toBe('not_started');

    expect(
      body(
        await b.put(`/api/application/${id}/passport-info`, {
          travelerId: first,
          issuingCountry: 'us',
        }),
      ),
    ).toMatchObject({
      data: {
        travelers: [
          { passportInfo: { issuingCountry: 'US' }, sections: { passportInfo: 'completed' } },
          {},
        ],
      },
    });
    expect(
      body(
        await b.put(`/api/application/${id}/work-info`, {
          travelerId: first,
          currentlyWorking: true,
          jobTitle: '',
        }),
      ),
    ).toMatchObject({
      fieldErrors: { jobTitle: PostPaymentText.jobTitleRequired },
    });
    expect(
      (
        await b.put(`/api/application/${id}/work-info`, {
          travelerId: first,
          currentlyWorking: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      body(
        await b.put(`/api/application/${id}/declaration`, {
          travelerId: first,
          hasConvictions: true,
          convictionDetails: '',
          hasTerroristActivities: false,
        }),
      ),
    ).toMatchObject({
      fieldErrors: { convictionDetails: PostPaymentText.convictionDetailsRequired },
    });
    const declared = await b.put(`/api/application/${id}/declaration`, {
      travelerId: first,
      hasConvictions: true,
      convictionDetails: 'Speeding fine, 2019',
      hasTerroristActivities: false,
    });
    expect(body(declared)).toMatchObject({
      data: {
        travelers: [
          { declaration: { hasConvictions: true, convictionDetails: 'Speeding fine, 2019' } },
          {},
        ],
      },
    });
  });

  it('refuses a traveller of another application and an unknown one', async () => {
    const { b, id } = await setup();
    const { travelerIds: foreign } = await setup();
    const res = await b.put(`/api/application/${id}/personal-info`, personal(foreign[0]!));
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ error: PostPaymentText.unknownTraveler });
    expect(
      (await b.put(`/api/application/${id}/personal-info`, personal('not-a-uuid'))).statusCode,
    ).toBe(400);
  });
});

describe('uploads', () => {
  it('accepts a good passport page and a good photo, strips GPS, and serves them to the owner only', async () => {
    const { b, id, travelerIds } = await setup();
    const page = await upload(
      b,
      id,
      travelerIds[0]!,
      'passport-page',
      'passport.jpg',
      'image/jpeg',
      await passportPage(),
    );
    expect(page.statusCode).toBe(200);
    expect(body(page)).toMatchObject({
      data: { document: { kind: 'PASSPORT_PAGE', status: 'ACCEPTED', contentType: 'image/jpeg' } },
    });
    const withGps = await photoWithGps();
    expect((await sharp(withGps).metadata()).exif?.length).toBeGreaterThan(0);
    const gps = body<{ data: { document: { url: string; status: string } } }>(
      await upload(b, id, travelerIds[0]!, 'photo', 'me.jpg', 'image/jpeg', withGps),
    ).data.document;
    expect(gps.status).toBe('ACCEPTED');
    const file = await b.get(gps.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['content-disposition']).toBe('inline; filename="photo.jpg"');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    const stranger = browser();
    await stranger.post('/api/auth/register', {
      firstName: 'Eve',
      lastName: 'X',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    expect((await stranger.get(gps.url)).statusCode).toBe(404);
  });

  it('decides by content: a PNG named .pdf is a picture, text named .jpg is refused, a PDF photo is refused', async () => {
    const { b, id, travelerIds } = await setup();
    const png = await sharp(await passportPage())
      .png()
      .toBuffer();
    expect(
      body(
        await upload(b, id, travelerIds[0]!, 'passport-page', 'scan.pdf', 'application/pdf', png),
      ),
    ).toMatchObject({ data: { document: { contentType: 'image/jpeg' } } });
    const text = await upload(
      b,
      id,
      travelerIds[0]!,
      'passport-page',
      'passport.jpg',
      'image/jpeg',
      Buffer.from('hello, this is not a picture'),
    );
    expect(text.statusCode).toBe(415);
    expect(body(text)).toMatchObject({ error: UploadText.wrongType });
    const pdf = await plainPdf();
    expect(
      body(await upload(b, id, travelerIds[0]!, 'passport-page', 'p.pdf', 'application/pdf', pdf)),
    ).toMatchObject({ data: { document: { contentType: 'application/pdf', status: 'ACCEPTED' } } });
    expect(
      body(await upload(b, id, travelerIds[0]!, 'photo', 'p.pdf', 'application/pdf', pdf)),
    ).toMatchObject({ error: UploadText.photoNotPdf });
  });

  it('refuses an over-size file, a truncated picture and a decompression bomb with clear messages', async () => {
    const { b, id, travelerIds } = await setup();
    const big = Buffer.concat([await passportPage(), Buffer.alloc(11 * 1024 * 1024)]);
    const tooLarge = await upload(
      b,
      id,
      travelerIds[0]!,
      'passport-page',
      'big.jpg',
      'image/jpeg',
      big,
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(body(tooLarge)).toMatchObject({ error: UploadText.tooLarge });
    const full = await passportPage();
    const cut = await upload(
      b,
      id,
      travelerIds[0]!,
      'passport-page',
      'cut.jpg',
      'image/jpeg',
      full.subarray(0, Math.floor(full.length / 2)),
    );
    expect(cut.statusCode).toBe(400);
    expect(body(cut)).toMatchObject({ error: UploadText.unreadable });
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(
      b,
      id,
      travelerIds[0]!,
      'passport-page',
      'bomb.png',
      'image/png',
      bomb,
    );
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ error: tooManyPixelsText(10_000, 10_000) });
  });

  it('rejects a bad photo with reasons, keeps the accepted one until a new one is accepted', async () => {
    const { b, id, travelerIds } = await setup();
    const tid = travelerIds[0]!;
    const first = body<{ data: { document: { id: string } } }>(
      await upload(b, id, tid, 'photo', 'a.jpg', 'image/jpeg', await photo()),
    ).data.document;
    const rejected = body<{
      data: {
        document: { status: string; checks: { id: string; passed: boolean; message: string }[] };
      };
    }>(
      await upload(
        b,
        id,
        tid,
        'photo',
        'b.jpg',
        'image/jpeg',
        await photo({ grey: true, background: '#333333' }),
      ),
    ).data.document;
    expect(rejected.status).toBe('REJECTED');
    expect(rejected.checks.filter((c) => !c.passed).map((c) => c.message)).toEqual([
      'Stand in front of a plain, light background (white or light grey) with no shadows or objects behind you.',
      'The photo must be in colour, not black and white.',
    ]);
    let detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(detail.travelers[0]!.photo).toMatchObject({ id: first.id, status: 'ACCEPTED' });
    expect(detail.travelers[0]!.sections.photo).toBe('completed');
    const second = body<{ data: { document: { id: string } } }>(
      await upload(b, id, tid, 'photo', 'c.jpg', 'image/jpeg', await photo()),
    ).data.document;
    detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(detail.travelers[0]!.photo?.id).toBe(second.id);
  });

  it('shows "in progress" for a traveller whose only upload was rejected', async () => {
    const { b, id, travelerIds } = await setup();
    await upload(
      b,
      id,
      travelerIds[0]!,
      'passport-page',
      'p.jpg',
      'image/jpeg',
      await passportPage({ blur: 12 }),
    );
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(detail.travelers[0]!.sections.passportPage).toBe('in_progress');
  });

  it('lets a phone upload with a short-lived link and refuses a tampered one', async () => {
    const { b, id, travelerIds } = await setup();
    const link = body<{ data: { url: string; expiresAt: string } }>(
      await b.post(`/api/application/${id}/travelers/${travelerIds[0]}/upload-link/photo`),
    ).data;
    const token = link.url.split('/upload/')[1]!;
    const phone = browser();
    expect(body(await phone.get(`/api/uploads/${token}`))).toMatchObject({
      data: { kind: 'photo', travelerName: 'Ann1 Lee1' },
    });
    const { payload, headers } = multipartFile('IMG_0001.jpg', 'image/jpeg', await photo());
    const res = await phone.request({
      method: 'POST',
      url: `/api/uploads/${token}`,
      payload,
      headers,
    });
    expect(body(res)).toMatchObject({ data: { document: { kind: 'PHOTO', status: 'ACCEPTED' } } });
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(detail.travelers[0]!.sections.photo).toBe('completed');
    expect((await phone.get(`/api/uploads/${token.slice(0, -2)}xx`)).statusCode).toBe(404);
  });
});

describe('submission', () => {
  it('lists what is missing, then submits once complete, emails, and becomes read-only', async () => {
    const { b, id, email, travelerIds } = await setup(2);
    const early = await b.post(`/api/application/${id}/submit`, confirmed);
    expect(early.statusCode).toBe(400);
    expect(body<{ error: string }>(early).error).toMatch(
      /^Please complete the following before submitting: General information; Traveller 1 \(Ann1 Lee1\): passport page;/,
    );

    await b.put(`/api/application/${id}/general-info`, {
      countryCode: '+1',
      phoneNumber: '202-555-0143',
    });
    for (const tid of travelerIds) {
      await upload(b, id, tid, 'passport-page', 'p.jpg', 'image/jpeg', await passportPage());
      await upload(b, id, tid, 'photo', 'f.jpg', 'image/jpeg', await photo());
      await b.put(`/api/application/${id}/personal-info`, personal(tid));
      await b.put(`/api/application/${id}/passport-info`, {
        travelerId: tid,
        issuingCountry: 'US',
      });
      await b.put(`/api/application/${id}/work-info`, {
        travelerId: tid,
        currentlyWorking: true,
        jobTitle: 'Engineer',
      });
      await b.put(`/api/application/${id}/declaration`, {
        travelerId: tid,
        hasConvictions: false,
        hasTerroristActivities: false,
      });
    }
    // Complete, but the declaration is not confirmed: refused, and nothing changes.
    for (const declaration of [undefined, {}, { declarationConfirmed: false }]) {
      const unconfirmed = await b.post(`/api/application/${id}/submit`, declaration);
      expect(unconfirmed.statusCode).toBe(400);
      expect(body(unconfirmed)).toMatchObject({
        error: PostPaymentText.declarationRequired,
        code: 'VALIDATION_FAILED',
      });
    }
    expect(
      body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data.status,
    ).toBe('IN_PROGRESS');
    const submitted = await b.post(`/api/application/${id}/submit`, confirmed);
    expect(submitted.statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, 'application.submitted')));
    expect(audit!.details).toMatchObject({
      declaration: { confirmed: true, text: SUBMIT_DECLARATION },
    });
    expect(body(submitted)).toMatchObject({
      data: { application: { status: 'SUBMITTED', editable: false } },
    });
    const orders = body<{ data: { id: string; status: string; resumePath: string | null }[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    expect(orders.find((o) => o.id === id)).toMatchObject({
      status: 'SUBMITTED',
      resumePath: null,
    });
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.template)).toContain('status-change');
    const late = await b.put(`/api/application/${id}/personal-info`, personal(travelerIds[0]!));
    expect(late.statusCode).toBe(409);
    expect(body(late)).toMatchObject({ error: PostPaymentText.readOnly });
    expect(body(await b.post(`/api/application/${id}/submit`, confirmed))).toMatchObject({
      error: PostPaymentText.readOnly,
    });
  });
});

describe('passport details added later', () => {
  /** A paid order whose second traveller chose "Add passport details later" in the wizard. */
  async function laterOrder() {
    const b = browser();
    const email = uniqueEmail();
    const later = {
      ...traveler(2),
      passport: {
        nationality: 'DE',
        number: '',
        expirationDate: '',
        hasSecondNationality: null,
        addLater: true,
      },
    };
    const id = await paidOrder(b, email, 2, {
      countryId: 'DE',
      travelers: [orderBody(email, 1).travelers[0]!, later],
    });
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    return { b, id, detail, travelerIds: detail.travelers.map((x) => x.id) as [string, string] };
  }

  const details = {
    nationality: 'DE',
    number: 'c01x 00t47',
    expirationDate: '2033-04-30',
    hasSecondNationality: false,
  };

  it('are asked after payment with the wizard’s rules, and submission waits for them', async () => {
    const { b, id, detail, travelerIds } = await laterOrder();
    const [first, second] = travelerIds;
    expect(detail.travelers[0]!.passport).toMatchObject({ number: 'X12345671', addLater: false });
    expect(detail.travelers[1]!.passport).toEqual({
      nationality: 'DE',
      number: null,
      expirationDate: null,
      hasSecondNationality: null,
      addLater: true,
    });

    // The issuing country alone does not complete the section of a traveller who chose "later".
    const countryOnly = await b.put(`/api/application/${id}/passport-info`, {
      travelerId: second,
      issuingCountry: 'DE',
    });
    expect(countryOnly.statusCode).toBe(400);
    expect(body(countryOnly)).toMatchObject({
      error: PostPaymentText.passportDetailsRequired,
      fieldErrors: {
        'passport.number': WizardText.passportNumberRequired,
        'passport.expirationDate': WizardText.passportExpiryRequired,
        'passport.hasSecondNationality': WizardText.secondNationalityRequired,
      },
    });
    // The same rules as the wizard's passport step, every problem at once.
    const bad = await b.put(`/api/application/${id}/passport-info`, {
      travelerId: second,
      issuingCountry: 'DE',
      passport: { nationality: '', number: 'ab', expirationDate: '2020-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      fieldErrors: {
        'passport.nationality': WizardText.nationalityRequired,
        'passport.number': WizardText.passportNumberInvalid,
        'passport.expirationDate': WizardText.passportExpired,
        'passport.hasSecondNationality': WizardText.secondNationalityRequired,
      },
    });

    // Everything else complete: the API names the missing passport details.
    await b.put(`/api/application/${id}/general-info`, {
      countryCode: '+49',
      phoneNumber: '030 1234567',
    });
    for (const tid of travelerIds) {
      await upload(b, id, tid, 'passport-page', 'p.jpg', 'image/jpeg', await passportPage());
      await upload(b, id, tid, 'photo', 'f.jpg', 'image/jpeg', await photo());
      await b.put(`/api/application/${id}/personal-info`, personal(tid));
      await b.put(`/api/application/${id}/work-info`, { travelerId: tid, currentlyWorking: false });
      await b.put(`/api/application/${id}/declaration`, {
        travelerId: tid,
        hasConvictions: false,
        hasTerroristActivities: false,
      });
    }
    await b.put(`/api/application/${id}/passport-info`, {
      travelerId: first,
      issuingCountry: 'US',
    });
    const waiting = await b.post(`/api/application/${id}/submit`, confirmed);
    expect(waiting.statusCode).toBe(400);
    // What is missing also comes as catalog messages, so a front end names it in the reader's language.
    const missing = messageList([
      {
        key: 'application.missingTravelerItem',
        params: { number: 2, name: 'Ann2 Lee2', itemKey: 'missing.passportDetails' },
      },
    ]);
    expect(body(waiting)).toMatchObject({
      code: 'INCOMPLETE',
      error:
        'Please complete the following before submitting: Traveller 2 (Ann2 Lee2): passport details (number, expiry date, other nationality).',
      messageKey: 'application.incomplete',
      messageParams: { missingKeys: missing },
      fieldErrors: {
        missing:
          'Traveller 2 (Ann2 Lee2): passport details (number, expiry date, other nationality)',
      },
      fieldErrorKeys: {
        missing: { key: 'application.incompleteItems', params: { itemKeys: missing } },
      },
    });
    const pending = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(pending.travelers[1]!.sections.passportInfo).toBe('not_started');

    const saved = body<{ data: ApplicationDetail }>(
      await b.put(`/api/application/${id}/passport-info`, {
        travelerId: second,
        issuingCountry: 'DE',
        passport: details,
      }),
    ).data;
    expect(saved.travelers[1]).toMatchObject({
      passport: {
        nationality: 'DE',
        number: 'C01X00T47',
        expirationDate: '2033-04-30',
        hasSecondNationality: false,
        addLater: false,
      },
      passportInfo: { issuingCountry: 'DE' },
      sections: { passportInfo: 'completed' },
    });
    // Stored encrypted, as in the wizard.
    const [row] = await t.database.db.select().from(travelers).where(eq(travelers.id, second));
    expect(row!.passportNumberEncrypted).not.toContain('C01X00T47');
    expect(row!.passportAddLater).toBe(false);

    expect((await b.post(`/api/application/${id}/submit`, confirmed)).statusCode).toBe(200);
  });
});

describe('my orders', () => {
  it('counts an 11-year-old as a child: "2 adults, 1 child"', async () => {
    const b = browser();
    const email = uniqueEmail();
    const family = orderBody(email, 3).travelers.map((x, i) =>
      i === 2 ? { ...x, dateOfBirth: '2015-04-02' } : x,
    );
    // Arriving 1 June 2027: the child is 12 then, still under 18.
    const id = await paidOrder(b, email, 3, { travelers: family });
    const orders = body<{ data: OrderSummary[] }>(
      await b.get('/api/applications/my-applications'),
    ).data;
    expect(orders.find((o) => o.id === id)).toMatchObject({
      travelerCount: 3,
      travelerSummary: '2 adults, 1 child',
      travelerGroups: { adults: 2, children: 1, unknown: 0 },
    });
  });
});
