import { createTestApp, body } from '../../test/harness';

describe('when the database is gone', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, says not ready, and keeps the process answering', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/applications/save',
        payload: { currentStep: 1 },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(body(res)).toMatchObject({
        success: false,
        code: 'DATABASE_UNAVAILABLE',
        error: expect.stringContaining('try again'),
        requestId: expect.any(String),
      });
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(body(ready)).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      // The process itself is fine.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('under pressure', () => {
  it('sheds requests with 503 OVERLOADED and Retry-After while memory is over the limit', async () => {
    // A limit of 1 MB of resident memory is always exceeded.
    const t = await createTestApp({ MAX_RSS_MB: '1' });
    try {
      // The plugin samples memory once a second.
      await new Promise((r) => setTimeout(r, 1200));
      const res = await t.app.inject({ method: 'GET', url: '/api/reference/countries' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(body(res)).toMatchObject({ success: false, code: 'OVERLOADED' });
    } finally {
      await t.close();
    }
  });
});
