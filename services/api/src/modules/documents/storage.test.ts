import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { type ApplicationDetail } from '@waypoint/contracts';
import { Browser, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp } from '../../test/harness';
import { multipartFile, paidOrder } from '../../test/orders';
import { plainPdf } from '../../test/pdfs';
import { startS3Server, S3RVER_CREDENTIALS, type S3Server } from '../../test/s3-server';
import { S3Storage, StoredObjectMissing } from './s3-storage';
import { LocalStorage } from './storage';

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

describe('local storage', () => {
  it('keeps files readable by the owner only and refuses unsafe keys', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-files-'));
    const storage = new LocalStorage(dir);
    await storage.put('applications/a/b/c.jpg', Buffer.from('x'));
    expect((await fs.stat(path.join(dir, 'applications/a/b/c.jpg'))).mode & 0o777).toBe(0o600);
    expect(await storage.get('applications/a/b/c.jpg')).toEqual(Buffer.from('x'));
    await expect(storage.put('../escape.jpg', Buffer.from('x'))).rejects.toThrow(
      'Unsafe storage key',
    );
    await fs.rm(dir, { recursive: true, force: true });
  });
});
