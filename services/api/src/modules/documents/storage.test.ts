import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { S3Storage, signV4 } from './s3-storage';
import { LocalStorage } from './storage';

describe('AWS Signature Version 4', () => {
  it('matches the published GET example (examplebucket, test.txt, Range bytes=0-9)', () => {
    expect(
      signV4({
        method: 'GET',
        path: '/test.txt',
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256':
            'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        amzDate: '20130524T000000Z',
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      }),
    ).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3 storage', () => {
  it('puts, gets and deletes objects on an S3-compatible server with signed requests', async () => {
    const objects = new Map<string, Buffer>();
    const seen: { method: string; url: string; auth: string; hash: string }[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        seen.push({
          method: req.method!,
          url: req.url!,
          auth: String(req.headers.authorization),
          hash: String(req.headers['x-amz-content-sha256']),
        });
        if (req.method === 'PUT') {
          objects.set(req.url!, body);
          res.end();
        } else if (req.method === 'GET') {
          const found = objects.get(req.url!);
          res.statusCode = found ? 200 : 404;
          res.end(found ?? '');
        } else {
          objects.delete(req.url!);
          res.statusCode = 204;
          res.end();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'waypoint-docs',
      region: 'eu-west-2',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
    });
    try {
      const data = crypto.randomBytes(2048);
      await storage.put('applications/a1/t1/doc.jpg', data);
      expect(objects.get('/waypoint-docs/applications/a1/t1/doc.jpg')).toEqual(data);
      expect(seen[0]!.auth).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-2\/s3\/aws4_request,SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,Signature=[0-9a-f]{64}$/,
      );
      expect(seen[0]!.hash).toBe(crypto.createHash('sha256').update(data).digest('hex'));
      expect(await storage.get('applications/a1/t1/doc.jpg')).toEqual(data);
      await storage.delete('applications/a1/t1/doc.jpg');
      await expect(storage.get('applications/a1/t1/doc.jpg')).rejects.toThrow(
        'Object storage answered 404',
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
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
