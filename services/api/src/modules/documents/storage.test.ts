import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ApiMessages, type ApplicationDetail } from '@waypoint/contracts';
import { Browser, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { STORAGE_PROBE_FAILED_MS, STORAGE_PROBE_OK_MS } from '../health/health.routes';
import { multipartFile, paidOrder } from '../../test/orders';
import { plainPdf } from '../../test/pdfs';
import { startS3Server, S3RVER_CREDENTIALS, type S3Server } from '../../test/s3-server';
import { S3Storage, StoredObjectMissing } from './s3-storage';
import { LocalStorage } from './storage';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The app's log lines, parsed. */
function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, lines, text: () => JSON.stringify(lines) };
}

/** A paid order with a passport page uploaded: the document's address and the traveller's passport number. */
async function uploadedPassportPage(t: TestApp, ip: string) {
  const b = new Browser(t.app, ip);
  const id = await paidOrder(b, uniqueEmail(), 1);
  const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
  const traveler = detail.travelers[0]!;
  const { payload, headers } = multipartFile('scan.pdf', 'application/pdf', await plainPdf());
  const res = await b.request({
    method: 'POST',
    url: `/api/application/${id}/travelers/${traveler.id}/documents/passport-page`,
    payload,
    headers,
  });
  expect(res.statusCode).toBe(200);
  const { document } = body<{ data: { document: { id: string; url: string } } }>(res).data;
  return { b, applicationId: id, document };
}

/** A lost file answers 404 with its own message, and is logged as an error naming the document, not the traveller. */
async function expectMissingFile(
  t: TestApp,
  logs: ReturnType<typeof captureLogs>,
  b: Browser,
  document: { id: string; url: string },
) {
  const res = await b.get(document.url);
  expect(res.statusCode).toBe(404);
  expect(body(res)).toMatchObject({
    code: 'NOT_FOUND',
    error: ApiMessages['document.fileMissing'],
  });
  expect(logs.lines).toContainEqual(
    expect.objectContaining({
      level: 50,
      msg: "a stored document's file is missing",
      documentId: document.id,
    }),
  );
  // The passport number of `traveler(1)` never reaches the logs.
  expect(logs.text()).not.toContain('X12345671');
  expect(
    logs.lines.filter(
      (line) => line.level === 50 && line.msg !== "a stored document's file is missing",
    ),
  ).toEqual([]);
}

describe('S3 storage', () => {
  let s3: S3Server;
  let storage: S3Storage;

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new S3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'eu-west-2',
      ...S3RVER_CREDENTIALS,
    });
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
  });

  it('puts, gets and deletes objects on an S3-compatible server', async () => {
    const data = crypto.randomBytes(2048);
    await storage.put('applications/a1/t1/doc.jpg', data);
    expect(await storage.get('applications/a1/t1/doc.jpg')).toEqual(data);
    await storage.delete('applications/a1/t1/doc.jpg');
    await expect(storage.get('applications/a1/t1/doc.jpg')).rejects.toThrow(StoredObjectMissing);
  });

  it('replaces an object put twice under the same key', async () => {
    await storage.put('applications/a2/t1/doc.jpg', Buffer.from('first'));
    await storage.put('applications/a2/t1/doc.jpg', Buffer.from('second'));
    expect((await storage.get('applications/a2/t1/doc.jpg')).toString()).toBe('second');
  });

  it('says an object is missing when it was never stored, and deletes a missing object quietly', async () => {
    await expect(storage.get('applications/none/t1/doc.jpg')).rejects.toThrow(
      'No stored object under applications/none/t1/doc.jpg',
    );
    await expect(storage.delete('applications/none/t1/doc.jpg')).resolves.toBeUndefined();
  });

  it('keeps the documents uploaded through the API when S3 is configured', async () => {
    const t = await createTestApp(s3.env);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'eu-west-2',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    try {
      expect(t.config.storage.kind).toBe('s3');
      const b = new Browser(t.app, '10.77.0.1');
      const id = await paidOrder(b, uniqueEmail(), 1);
      const detail = body<{ data: ApplicationDetail }>(await b.get(`/api/application/${id}`)).data;
      const travelerId = detail.travelers[0]!.id;
      const { payload, headers } = multipartFile('scan.pdf', 'application/pdf', await plainPdf());
      const res = await b.request({
        method: 'POST',
        url: `/api/application/${id}/travelers/${travelerId}/documents/passport-page`,
        payload,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const { document } = body<{ data: { document: { url: string } } }>(res).data;

      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `applications/${id}/` }),
      );
      expect(listed.Contents).toHaveLength(1);

      const download = await b.get(document.url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await expect(fs.readdir(t.config.dataDir)).resolves.not.toContain('uploads');
    } finally {
      client.destroy();
      await t.close();
    }
  });
});

describe('S3 storage that loses a file or cannot be reached', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it('answers 404 with a clear message, and logs the document id, when an object is missing', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ ...s3.env, LOG_LEVEL: 'info' }, undefined, logs.stream);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'eu-west-2',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    try {
      const { b, applicationId, document } = await uploadedPassportPage(t, '10.77.0.2');
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `applications/${applicationId}/` }),
      );
      for (const object of listed.Contents ?? []) {
        await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: object.Key! }));
      }
      await expectMissingFile(t, logs, b, document);
    } finally {
      client.destroy();
      await t.close();
    }
  });

  it('is not ready while the bucket cannot be reached, probing it at most every few seconds', async () => {
    const own = await startS3Server();
    const t = await createTestApp(own.env);
    let closed = false;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await own.close();
      closed = true;
      // The last probe's answer is kept for a few seconds: probes do not each hit S3.
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await sleep(STORAGE_PROBE_OK_MS + 100);
      const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBeDefined();
      expect(body(down)).toMatchObject({
        code: 'NOT_READY',
        error: ApiMessages['availability.storageUnavailable'],
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
      if (!closed) await own.close();
    }
  }, 30_000);

  it('is not ready from the start when the bucket does not exist', async () => {
    const t = await createTestApp({ ...s3.env, S3_BUCKET: 'no-such-bucket' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(body(res)).toMatchObject({ code: 'NOT_READY' });
    } finally {
      await t.close();
    }
  });
});

describe('local storage', () => {
  it('answers 404 with a clear message, and logs the document id, when a file is missing', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, undefined, logs.stream);
    try {
      expect(t.config.storage.kind).toBe('local');
      const { b, applicationId, document } = await uploadedPassportPage(t, '10.77.0.3');
      await fs.rm(path.join(t.config.uploadsDir, 'applications', applicationId), {
        recursive: true,
      });
      await expectMissingFile(t, logs, b, document);
    } finally {
      await t.close();
    }
  });

  it('is not ready while the uploads folder cannot be written', async () => {
    const t = await createTestApp();
    try {
      // A file where the folder should be: nothing can be stored (as root, permissions would not stop a write).
      await fs.rm(t.config.uploadsDir, { recursive: true, force: true });
      await fs.writeFile(t.config.uploadsDir, 'not a folder');
      const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(body(down)).toMatchObject({
        code: 'NOT_READY',
        error: ApiMessages['availability.storageUnavailable'],
      });
      await fs.rm(t.config.uploadsDir);
      await sleep(STORAGE_PROBE_FAILED_MS + 100);
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await expect(fs.readdir(t.config.uploadsDir)).resolves.toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('keeps files readable by the owner only and refuses unsafe keys', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-files-'));
    const storage = new LocalStorage(dir);
    await storage.put('applications/a/b/c.jpg', Buffer.from('x'));
    expect((await fs.stat(path.join(dir, 'applications/a/b/c.jpg'))).mode & 0o777).toBe(0o600);
    expect(await storage.get('applications/a/b/c.jpg')).toEqual(Buffer.from('x'));
    await expect(storage.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow(
      'Unsafe storage key',
    );
    await expect(storage.get('applications/a/b/none.jpg')).rejects.toThrow(StoredObjectMissing);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
