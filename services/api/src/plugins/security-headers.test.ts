import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('browser security headers', () => {
  it.each([
    ['an API reply', '/api/reference/countries', 200],
    ['an error reply', '/api/nothing-here', 404],
  ])('are on %s: nothing loads, nothing frames it, no sniffing', async (_name, url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // HSTS only where the portal is served over HTTPS (production).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are the same on every request (built once, not changed by a previous reply)', async () => {
    const first = await get('/api/reference/countries');
    const again = await get('/api/reference/visa-types?countryId=US');
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy']) {
      expect(again.headers[name]).toBe(first.headers[name]);
    }
  });

  it('are left off the health probes, which no browser asks', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBeUndefined();
    }
  });
});
