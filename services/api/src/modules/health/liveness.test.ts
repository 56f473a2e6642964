import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test/harness';

/** The probe as an orchestrator sends it: over a real connection, through the API's HTTP server. */
async function listening(t: TestApp) {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init);
}

describe('the liveness probe over HTTP', () => {
  it('answers the envelope with a request id, and the rest of the API is served as before', async () => {
    const t = await createTestApp();
    try {
      const get = await listening(t);
      const res = await get('/api/health', { headers: { 'x-request-id': 'probe-12345678' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('x-request-id')).toBe('probe-12345678');
      expect(await res.json()).toEqual({ success: true, data: { status: 'ok' } });
      const fresh = await get('/api/health', { headers: { 'x-request-id': 'bad id!' } });
      expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      const countries = await get('/api/reference/countries');
      expect(countries.status).toBe(200);
      expect(countries.headers.get('content-security-policy')).toContain("default-src 'none'");
      const missing = await get('/api/nothing-here');
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await t.close();
    }
  });

  it('says the process is alive while requests are shed, and readiness says it is not', async () => {
    // A limit of 1 MB of resident memory is always exceeded.
    const t = await createTestApp({ MAX_RSS_MB: '1' });
    try {
      const get = await listening(t);
      await new Promise((r) => setTimeout(r, 1200)); // the pressure plugin samples once a second
      expect((await get('/api/reference/countries')).status).toBe(503);
      expect((await get('/api/ready')).status).toBe(503);
      expect((await get('/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('takes the normal route while shutting down', async () => {
    const t = await createTestApp({ MAX_RSS_MB: '1' });
    try {
      const get = await listening(t);
      await new Promise((r) => setTimeout(r, 1200));
      t.app.lifecycle.shuttingDown = true;
      // Through the pipeline, which sheds it: the fast answer is not given.
      expect((await get('/api/health')).status).toBe(503);
    } finally {
      t.app.lifecycle.shuttingDown = false;
      await t.close();
    }
  });
});
