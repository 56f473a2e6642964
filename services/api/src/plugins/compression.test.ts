import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test/harness';
import { COMPRESSION_THRESHOLD } from './compression';

let t: TestApp;

/** Bytes that do not shrink (like a JPEG or PDF), well over the threshold. */
const PHOTO = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 251));
const CSV_ROWS = Array.from({ length: 500 }, (_, i) => `row-${i},Traveller ${i},DRAFT\n`);

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/test/photo', (_request, reply) => reply.type('image/jpeg').send(PHOTO));
    app.get('/test/export.csv', (_request, reply) =>
      reply.type('text/csv; charset=utf-8').send(Readable.from(CSV_ROWS)),
    );
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

describe('compressed API replies', () => {
  it('sends the country list gzip or Brotli encoded when accepted, decoding to the same JSON', async () => {
    const plain = await get('/api/reference/countries');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

    for (const encoding of ['gzip', 'br']) {
      const res = await get('/api/reference/countries', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('prefers Brotli when the browser accepts both', async () => {
    const res = await get('/api/reference/countries', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('keeps the ETag of the reference data, so a revalidation still costs no body', async () => {
    const first = await get('/api/reference/countries', { 'accept-encoding': 'gzip' });
    const tag = first.headers.etag;
    expect(typeof tag).toBe('string');
    const again = await get('/api/reference/countries', {
      'accept-encoding': 'gzip',
      'if-none-match': String(tag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('sends small replies as they are', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: true });
  });

  it('sends images and other already compressed formats as they are', async () => {
    const res = await get('/test/photo', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(PHOTO)).toBe(true);
  });

  it('compresses a streamed CSV export and it decodes to every row', async () => {
    const res = await get('/test/export.csv', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(decoded(res)).toBe(CSV_ROWS.join(''));
  });
});
