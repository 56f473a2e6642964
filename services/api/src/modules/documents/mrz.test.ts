import { and, eq } from 'drizzle-orm';
import {
  differsOnlyByConfusables,
  type ApplicationDetail,
  type DocumentSummary,
} from '@waypoint/contracts';
import { auditLog } from '../../db/schema';
import { uniqueEmail, Browser } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { multipartFile, paidOrder } from '../../test/orders';
import {
  compareWithEntered,
  mrzNameForms,
  type EnteredPassport,
} from '../applications/passport-mrz';
import { readMrzText } from './mrz-read';
import { startBackgroundJobs } from '../../boot';
import { createMailer } from '../notifications/mailer';
import { SAMPLE_PASSPORT, samplePassportPage, td3Lines, type SamplePassport } from './mrz-sample';

const ann: SamplePassport = SAMPLE_PASSPORT;

const entered: EnteredPassport = {
  number: 'x1234 5671',
  expirationDate: '2031-01-31',
  nationality: 'US',
  lastName: 'Lee',
  firstName: 'Ann',
  dateOfBirth: '1990-05-17',
  sex: 'female',
};

describe('MRZ text', () => {
  it('reads the fields of two TD3 lines found in OCR text, with their check digits', () => {
    const [l1, l2] = td3Lines({
      ...ann,
      country: 'D',
      lastName: 'MUELLER',
      firstName: 'JOSE LUIS',
    });
    const read = readMrzText(`PASSPORT\nsome words\n${l1}\n${l2.replace(/(.{10})/, '$1 ')}\n`);
    expect(read).toEqual({
      number: 'X12345671',
      nationalityCode: 'D',
      nationality: 'DE',
      issuingCountry: 'DE',
      lastName: 'MUELLER',
      firstName: 'JOSE LUIS',
      dateOfBirth: '1990-05-17',
      expirationDate: '2031-01-31',
      sex: 'female',
    });
  });

  it('reads the ICAO specimen passport (Utopia), whose state code is no real country', () => {
    const read = readMrzText(
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10',
    );
    expect(read).toMatchObject({
      number: 'L898902C3',
      nationalityCode: 'UTO',
      nationality: null,
      lastName: 'ERIKSSON',
      firstName: 'ANNA MARIA',
      dateOfBirth: '1974-08-12',
      sex: 'female',
    });
    // A wrong check digit is still refused, specimen or not.
    expect(
      readMrzText(
        'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C37UTO7408122F1204159ZE184226B<<<<<10',
      ),
    ).toBeNull();
  });

  it('refuses lines whose check digits are wrong', () => {
    const [l1, l2] = td3Lines(ann);
    expect(readMrzText(`${l1}\n${l2.replace('X12345671', 'X12345677')}`)).toBeNull();
    expect(readMrzText('no machine-readable zone here')).toBeNull();
  });

  it('drops filler misread as letters after the names', () => {
    const [l1, l2] = td3Lines(ann);
    const noisy = `${l1.slice(0, 30)}LL<S${l1.slice(34)}`;
    expect(readMrzText(`${noisy}\n${l2}`)?.firstName).toBe('ANN');
  });

  it('compares normalised values: case, spaces, accents, ICAO transliteration, country codes', () => {
    const read = readMrzText(td3Lines(ann).join('\n'))!;
    expect(compareWithEntered(read, entered)).toEqual([]);
    expect(
      compareWithEntered(read, {
        ...entered,
        number: 'X12345678',
        expirationDate: '2031-02-28',
        nationality: 'GB',
        sex: 'male',
      }),
    ).toEqual(['number', 'expirationDate', 'nationality', 'sex']);
    // A detail not given yet is not compared.
    expect(compareWithEntered(read, { ...entered, number: null, sex: null })).toEqual([]);
    expect(mrzNameForms('Müller-Lüdenscheidt')).toEqual([
      'MULLER LUDENSCHEIDT',
      'MUELLER LUEDENSCHEIDT',
    ]);
    expect(mrzNameForms('José  Núñez')).toEqual(['JOSE NUNEZ']);
    // ICAO 9303 drops apostrophes: O'Sullivan is OSULLIVAN on the passport.
    expect(mrzNameForms("O'Sullivan")).toEqual(['OSULLIVAN']);
    expect(mrzNameForms('D’Arcy-Smith')).toEqual(['DARCY SMITH']);
    expect(
      compareWithEntered(
        { ...read, lastName: 'OSULLIVAN' },
        { ...entered, lastName: "O'Sullivan" },
      ),
    ).toEqual([]);
  });

  it('never offers a value that differs from the one entered only by characters a reader confuses', () => {
    // A German page's C01X00T47 read as COTX00T47: two misreads that cancel out in the check digit.
    expect(differsOnlyByConfusables('C01X00T47', 'COTX00T47')).toBe(true);
    expect(differsOnlyByConfusables('X12345671', 'XI2345671')).toBe(true);
    expect(differsOnlyByConfusables('X12345671', 'Y98765432')).toBe(false);
    expect(differsOnlyByConfusables('X12345671', 'X12345671')).toBe(false);
    expect(differsOnlyByConfusables('X1234567', 'X12345671')).toBe(false);
  });
});

describe('MRZ of an uploaded passport page', () => {
  let t: TestApp;
  let ip = 1;
  beforeAll(async () => {
    // Pages are read by the passport-read job: this app is also a worker of the queue.
    t = await createTestApp({ MRZ_READING: 'true', JOBS_POLL_SECONDS: '0.5' }, async (app) => {
      await startBackgroundJobs({ app, mailer: createMailer(app.config) });
    });
  });
  afterAll(() => t.close());

  async function setup() {
    const b = new Browser(t.app, `10.44.0.${ip++}`);
    const id = await paidOrder(b, uniqueEmail(), 1);
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    return { b, id, travelerId: detail.travelers[0]!.id };
  }

  async function upload(b: Browser, id: string, travelerId: string, data: Buffer) {
    const { payload, headers } = multipartFile('passport.jpg', 'image/jpeg', data);
    return b.request({
      method: 'POST',
      url: `/api/application/${id}/travelers/${travelerId}/documents/passport-page`,
      payload,
      headers,
    });
  }

  /** The passport page's MRZ result once it is no longer pending (bounded). */
  async function settled(b: Browser, id: string) {
    for (let i = 0; i < 120; i += 1) {
      const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
      const mrz = detail.travelers[0]!.passportPage?.mrz;
      if (mrz && mrz.status !== 'pending') return mrz;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the MRZ was still pending after 30 s');
  }

  it('matches a page whose MRZ agrees with the details entered', async () => {
    const { b, id, travelerId } = await setup();
    const res = await upload(
      b,
      id,
      travelerId,
      await samplePassportPage(ann, { rotation: 1, quality: 70 }),
    );
    expect(res.statusCode).toBe(200);
    // The upload's answer does not wait for the reading.
    expect(body<{ data: { document: DocumentSummary } }>(res).data.document.mrz?.status).toBe(
      'pending',
    );
    const mrz = await settled(b, id);
    expect(mrz).toMatchObject({ status: 'matched', mismatches: [] });
    expect(mrz.read).toMatchObject({ number: 'X12345671', nationality: 'US', lastName: 'LEE' });
  }, 60_000);

  it('lists each detail that differs, follows a correction, and records a detail kept', async () => {
    const { b, id, travelerId } = await setup();
    const other = { ...ann, number: 'Y98765432', expirationDate: '2032-03-15' };
    const res = await upload(b, id, travelerId, await samplePassportPage(other, { blur: 0.8 }));
    expect(res.statusCode).toBe(200);
    const mrz = await settled(b, id);
    expect(mrz.status).toBe('mismatch');
    expect(mrz.mismatches).toEqual([
      { field: 'number', entered: 'X12345671', read: 'Y98765432', kept: false, offered: true },
      {
        field: 'expirationDate',
        entered: '2031-01-31',
        read: '2032-03-15',
        kept: false,
        offered: true,
      },
    ]);
    // The traveller takes the passport's number (through the passport information section)…
    const saved = await b.put(`/api/application/${id}/passport-info`, {
      travelerId,
      issuingCountry: 'US',
      passport: {
        nationality: 'US',
        number: 'Y98765432',
        expirationDate: '2031-01-31',
        hasSecondNationality: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    // …and keeps their expiry date.
    const documentId = body<{ data: ApplicationDetail }>(saved).data.travelers[0]!.passportPage!.id;
    const kept = await b.post(`/api/application/${id}/documents/${documentId}/mrz/keep`, {
      fields: ['expirationDate'],
    });
    expect(kept.statusCode).toBe(200);
    expect(body<{ data: ApplicationDetail }>(kept).data.travelers[0]!.passportPage!.mrz).toEqual({
      status: 'mismatch',
      read: expect.objectContaining({ number: 'Y98765432' }),
      mismatches: [
        {
          field: 'expirationDate',
          entered: '2031-01-31',
          read: '2032-03-15',
          kept: true,
          offered: true,
        },
      ],
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.mrz_kept'), eq(auditLog.entityId, documentId)));
    expect(audit?.details).toEqual({ fields: ['expirationDate'] });
    const refused = await b.post(`/api/application/${id}/documents/${documentId}/mrz/keep`, {
      fields: ['eyeColour'],
    });
    expect(refused.statusCode).toBe(400);
  }, 60_000);

  it('ends unreadable for a page without a readable MRZ, and the upload still counts', async () => {
    const { b, id, travelerId } = await setup();
    const sharp = (await import('sharp')).default;
    const blank = await sharp({
      create: { width: 1400, height: 980, channels: 3, background: '#e8e4da' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(b, id, travelerId, blank);
    expect(res.statusCode).toBe(200);
    expect(await settled(b, id)).toEqual({
      status: 'unreadable',
      read: null,
      mismatches: [],
      reason: 'no-zone',
    });
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    expect(detail.travelers[0]!.passportPage).not.toBeNull();
  }, 60_000);
});
