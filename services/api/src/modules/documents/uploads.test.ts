import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { UploadLinkText, type ApplicationDetail } from '@waypoint/contracts';
import { auditLog, uploadLinks } from '../../db/schema';
import { Browser, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { blackPng, passportPage, photo } from '../../test/images';
import { multipartFile, paidOrder } from '../../test/orders';
import { activePdf, encryptedPdf, plainPdf } from '../../test/pdfs';
import { tooManyPixelsText, UploadText, UPLOADS_PER_USER } from './documents.service';
import { QueueText } from './image-queue';

let t: TestApp;
let ip = 1;
const browser = () => new Browser(t.app, `10.9.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`);

beforeAll(async () => {
  // One worker, so that uploads of the same account queue up behind each other.
  t = await createTestApp({ UPLOAD_WORKERS: '1' });
});
afterAll(() => t.close());

async function setup() {
  const b = browser();
  const id = await paidOrder(b, uniqueEmail(), 1);
  const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
  return { b, id, travelerId: detail.travelers[0]!.id };
}

function upload(
  b: Browser,
  url: string,
  data: Buffer,
  filename = 'upload.jpg',
  type = 'image/jpeg',
) {
  const { payload, headers } = multipartFile(filename, type, data);
  return b.request({ method: 'POST', url, payload, headers });
}

const documentUrl = (id: string, travelerId: string, kind: 'passport-page' | 'photo') =>
  `/api/application/${id}/travelers/${travelerId}/documents/${kind}`;

describe('pixel limit', () => {
  it('refuses a picture over 25 megapixels from its header, fast, with the size in the message', async () => {
    const { b, id, travelerId } = await setup();
    // 30 MP: under the old 40 MP limit, so it used to be decoded in full.
    const png = await blackPng(6000, 5000);
    expect(png.length).toBeLessThan(200 * 1024);
    const started = Date.now();
    const res = await upload(b, documentUrl(id, travelerId, 'passport-page'), png, 'scan.png');
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({
      error: tooManyPixelsText(6000, 5000),
      fieldErrors: { file: tooManyPixelsText(6000, 5000) },
    });
    expect(body<{ error: string }>(res).error).toContain('30.0 megapixels (6000 × 5000)');
    expect(elapsed).toBeLessThan(1500);
  });

  it('refuses the 39.7 megapixel PNG that used to take seconds and hundreds of MB', async () => {
    const { b, id, travelerId } = await setup();
    const png = await blackPng(7000, 5670);
    const started = Date.now();
    const res = await upload(b, documentUrl(id, travelerId, 'photo'), png, 'me.png');
    expect(res.statusCode).toBe(413);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('upload limits', () => {
  it('answers 429 with Retry-After once an account has uploaded too many files in ten minutes', async () => {
    const { b, id, travelerId } = await setup();
    const text = Buffer.from('not a picture');
    for (let i = 0; i < UPLOADS_PER_USER; i += 1) {
      expect(
        (await upload(b, documentUrl(id, travelerId, 'photo'), text, 'a.txt', 'text/plain'))
          .statusCode,
      ).toBe(415);
    }
    const res = await upload(b, documentUrl(id, travelerId, 'photo'), await photo());
    expect(res.statusCode).toBe(429);
    expect(body(res)).toMatchObject({ error: UploadText.tooManyUploads });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('queues an account’s uploads and refuses those beyond its share with 429', async () => {
    const { b, id, travelerId } = await setup();
    const big = await passportPage({ width: 4000, height: 2750 });
    const replies = await Promise.all(
      Array.from({ length: 9 }, () => upload(b, documentUrl(id, travelerId, 'passport-page'), big)),
    );
    const refused = replies.filter((r) => r.statusCode === 429);
    const stored = replies.filter((r) => r.statusCode === 200);
    // Two running and four waiting per account: of nine at once, at least three are refused.
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored.length + refused.length).toBe(9);
    expect(body(refused[0]!)).toMatchObject({ error: QueueText.userBusy });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Once they are done, the account may upload again.
    expect(
      (await upload(b, documentUrl(id, travelerId, 'passport-page'), await passportPage()))
        .statusCode,
    ).toBe(200);
  });
});

describe('phone upload links', () => {
  async function link(kind: 'passport-page' | 'photo' = 'passport-page') {
    const s = await setup();
    const res = await s.b.post(
      `/api/application/${s.id}/travelers/${s.travelerId}/upload-link/${kind}`,
    );
    expect(res.statusCode).toBe(200);
    const { url } = body<{ data: { url: string; expiresAt: string } }>(res).data;
    return { ...s, url, token: url.split('/upload/')[1]! };
  }

  it('are short and opaque: a 22-character id, stored only as a hash', async () => {
    const { url, token, id } = await link('passport-page');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new URL(url).pathname.length).toBeLessThanOrEqual(64);
    expect(`/api/uploads/${token}`.length).toBeLessThanOrEqual(64);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(id);
    const rows = await t.database.db
      .select()
      .from(uploadLinks)
      .where(eq(uploadLinks.applicationId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.kind).toBe('PASSPORT_PAGE');
  });

  it('take one upload: a second one through the same link is refused with 409', async () => {
    const { b, id, token } = await link('passport-page');
    const phone = browser();
    expect(body(await phone.get(`/api/uploads/${token}`))).toMatchObject({
      data: { kind: 'passport-page', travelerName: 'Ann1 Lee1' },
    });
    // A refused file does not use the link up.
    const wrong = await upload(
      phone,
      `/api/uploads/${token}`,
      Buffer.from('x'),
      'a.txt',
      'text/plain',
    );
    expect(wrong.statusCode).toBe(415);
    const first = await upload(phone, `/api/uploads/${token}`, await passportPage());
    expect(body(first)).toMatchObject({
      data: { document: { kind: 'PASSPORT_PAGE', status: 'ACCEPTED' } },
    });
    const second = await upload(phone, `/api/uploads/${token}`, await passportPage());
    expect(second.statusCode).toBe(409);
    expect(body(second)).toMatchObject({ error: UploadLinkText.used });
    const info = await phone.get(`/api/uploads/${token}`);
    expect(info.statusCode).toBe(409);
    expect(body(info)).toMatchObject({ error: UploadLinkText.used });
    // The owner gets a new link for another try.
    const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
    const again = await b.post(
      `/api/application/${id}/travelers/${detail.travelers[0]!.id}/upload-link/passport-page`,
    );
    const fresh = body<{ data: { url: string } }>(again).data.url.split('/upload/')[1]!;
    expect(fresh).not.toBe(token);
    expect((await upload(phone, `/api/uploads/${fresh}`, await passportPage())).statusCode).toBe(
      200,
    );
  });

  it('are revoked by a newer link for the same document, and by the owner closing them', async () => {
    const { b, id, travelerId, token: first } = await link('photo');
    const phone = browser();
    // A passport-page link of the same traveller does not touch the photo link.
    await b.post(`/api/application/${id}/travelers/${travelerId}/upload-link/passport-page`);
    expect((await phone.get(`/api/uploads/${first}`)).statusCode).toBe(200);

    const second = body<{ data: { url: string } }>(
      await b.post(`/api/application/${id}/travelers/${travelerId}/upload-link/photo`),
    ).data.url.split('/upload/')[1]!;
    const replaced = await phone.get(`/api/uploads/${first}`);
    expect(replaced.statusCode).toBe(404);
    expect(body(replaced)).toMatchObject({ error: UploadLinkText.revoked });
    expect((await upload(phone, `/api/uploads/${first}`, await photo())).statusCode).toBe(404);
    expect((await phone.get(`/api/uploads/${second}`)).statusCode).toBe(200);

    // Only the owner may close a link (a stranger needs to sign in; nothing changes).
    const [row] = await t.database.db
      .select()
      .from(uploadLinks)
      .where(
        and(
          eq(uploadLinks.applicationId, id),
          isNull(uploadLinks.revokedAt),
          eq(uploadLinks.kind, 'PHOTO'),
        ),
      );
    const closeUrl = `/api/application/${id}/upload-links/${row!.id}`;
    expect((await browser().request({ method: 'DELETE', url: closeUrl })).statusCode).toBe(401);
    expect((await phone.get(`/api/uploads/${second}`)).statusCode).toBe(200);
    const closed = await b.request({ method: 'DELETE', url: closeUrl });
    expect(body(closed)).toMatchObject({ data: { revoked: 1 } });
    expect(body(await b.request({ method: 'DELETE', url: closeUrl }))).toMatchObject({
      data: { revoked: 0 },
    });
    const after = await phone.get(`/api/uploads/${second}`);
    expect(after.statusCode).toBe(404);
    expect(body(after)).toMatchObject({ error: UploadLinkText.revoked });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.applicationId, id), eq(auditLog.action, 'upload_link.revoked')));
    expect(audited).toHaveLength(1);
  });

  it('refuse an unknown, a tampered, an over-long and an expired link with clear words', async () => {
    const { id, token } = await link('photo');
    const phone = browser();
    const tampered = await phone.get(`/api/uploads/${token.slice(0, -2)}xx`);
    expect(tampered.statusCode).toBe(404);
    expect(body(tampered)).toMatchObject({ error: UploadLinkText.invalid });
    expect((await phone.get(`/api/uploads/${'a'.repeat(180)}`)).statusCode).toBe(404);
    await t.database.db
      .update(uploadLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadLinks.applicationId, id));
    const expired = await upload(phone, `/api/uploads/${token}`, await photo());
    expect(expired.statusCode).toBe(404);
    expect(body(expired)).toMatchObject({ error: UploadLinkText.expired });
  });
});

describe('PDF uploads', () => {
  it('are stored without JavaScript, actions, attached files or forms', async () => {
    const { b, id, travelerId } = await setup();
    const original = await activePdf();
    for (const marker of ['/JavaScript', '/OpenAction', '/EmbeddedFile', '/AcroForm', '/Launch']) {
      expect(original.includes(marker)).toBe(true);
    }
    const res = await upload(
      b,
      documentUrl(id, travelerId, 'passport-page'),
      original,
      'passport.pdf',
      'application/pdf',
    );
    expect(res.statusCode).toBe(200);
    const { document } = body<{ data: { document: { url: string; contentType: string } } }>(
      res,
    ).data;
    expect(document.contentType).toBe('application/pdf');
    const stored = (await b.get(document.url)).rawPayload;
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    for (const marker of [
      '/JavaScript',
      '/JS',
      '/OpenAction',
      '/AA',
      '/EmbeddedFile',
      '/AcroForm',
      '/XFA',
      '/Launch',
      '/Annots',
      '/Widget',
    ]) {
      expect({ marker, found: stored.includes(marker) }).toEqual({ marker, found: false });
    }
    const reread = await PDFDocument.load(stored);
    expect(reread.getPageCount()).toBe(1);
    expect(reread.getPage(0).getSize()).toEqual({ width: 600, height: 420 });
  });

  it('keeps an ordinary PDF readable', async () => {
    const { b, id, travelerId } = await setup();
    const res = await upload(
      b,
      documentUrl(id, travelerId, 'passport-page'),
      await plainPdf(),
      'scan.pdf',
      'application/pdf',
    );
    expect(body(res)).toMatchObject({
      data: { document: { contentType: 'application/pdf', status: 'ACCEPTED' } },
    });
  });

  it('refuses an encrypted and an unreadable PDF with clear messages', async () => {
    const { b, id, travelerId } = await setup();
    const url = documentUrl(id, travelerId, 'passport-page');
    const locked = await upload(b, url, await encryptedPdf(), 'p.pdf', 'application/pdf');
    expect(locked.statusCode).toBe(400);
    expect(body(locked)).toMatchObject({ error: UploadText.pdfEncrypted });
    const broken = await upload(
      b,
      url,
      Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      'p.pdf',
      'application/pdf',
    );
    expect(broken.statusCode).toBe(400);
    expect(body(broken)).toMatchObject({ error: UploadText.pdfUnreadable });
  });
});
