import { Writable } from 'node:stream';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiMessages, okEnvelope } from '@waypoint/contracts';
import { body, createTestApp, type TestApp } from './test/harness';

let t: TestApp;
const Probe = z.object({
  name: z.string().min(1, ApiMessages['validation.required']),
  age: z.number().int('Age must be a whole number'),
});

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // A route exercising the shared body parsing, validation and error handling.
    app
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/test/probe',
        { schema: { body: Probe, response: { 200: okEnvelope(z.object({ name: z.string() })) } } },
        async (request) => ({
          success: true as const,
          data: { name: request.body.name, secret: 'x' },
        }),
      );
    app.get('/api/test/crash', async () => {
      throw new Error('database password is hunter2');
    });
  });
});
afterAll(() => t.close());

describe('API core', () => {
  it('answers health and readiness', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(body(health)).toEqual({ success: true, data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('does not log the probes the orchestrator sends every few seconds, but logs other requests', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, undefined, logStream);
    try {
      const health = await logged.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(body(health)).toEqual({ success: true, data: { status: 'ok' } });
      await logged.app.inject({ method: 'GET', url: '/api/ready' });
      await logged.app.inject({ method: 'GET', url: '/api/reference/countries' });
      const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
      expect(urls).toContain('/api/reference/countries');
      expect(urls).not.toContain('/api/health');
      expect(urls).not.toContain('/api/ready');
    } finally {
      await logged.close();
    }
  });

  it('reports not ready while shutting down', async () => {
    t.app.lifecycle.shuttingDown = true;
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    t.app.lifecycle.shuttingDown = false;
    expect(ready.statusCode).toBe(503);
    expect(body(ready)).toMatchObject({ success: false, code: 'NOT_READY' });
  });

  it('gives every reply a request id and keeps a well-formed incoming one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown routes with a 404 envelope carrying the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({
      success: false,
      error: 'No such endpoint: GET /api/nothing-here',
      code: 'NOT_FOUND',
      messageKey: 'request.noSuchEndpoint',
      messageParams: { method: 'GET', path: '/api/nothing-here' },
      requestId: res.headers['x-request-id'],
    });
  });

  it('turns schema violations into 400 with a message per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      payload: { name: '', age: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      error: ApiMessages['validation.required'],
      // A validator's text that is not in the catalogue never reaches a person: the catalogue's general message does.
      fieldErrors: {
        name: ApiMessages['validation.required'],
        age: ApiMessages['validation.invalidValue'],
      },
    });
  });

  it('rejects wrong types with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      payload: { name: 5, age: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const b = body<{ fieldErrors: Record<string, string> }>(res);
    expect(Object.keys(b.fieldErrors).sort()).toEqual(['age', 'name']);
  });

  it('rejects malformed JSON, an empty JSON body and other content types with 4xx envelopes', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "a",',
    });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({
      code: 'INVALID_JSON',
      error: 'The request body is not valid JSON',
    });

    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(body(empty)).toMatchObject({ success: false, code: 'INVALID_JSON' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=a',
    });
    expect(text.statusCode).toBe(415);
    expect(body(text)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a huge body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      payload: { name: 'x'.repeat(600 * 1024), age: 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({
      success: false,
      code: 'PAYLOAD_TOO_LARGE',
      error: 'The request body is too large',
    });
  });

  it('never sends fields a route does not declare', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/probe',
      payload: { name: 'Ann', age: 30 },
    });
    expect(body(res)).toEqual({ success: true, data: { name: 'Ann' } });
  });

  it('masks internal errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(body(res)).toMatchObject({
      success: false,
      code: 'INTERNAL',
      error: 'Something went wrong on our side. Please try again.',
    });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = body<{ openapi: string; paths: Record<string, unknown> }>(doc);
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/reference/countries',
        '/api/reference/visa-types',
        '/api/reference/visa-types/{id}/options',
        '/api/health',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('serves no API documentation when it is switched off (the production default)', async () => {
    const off = await createTestApp({ API_DOCS: 'false' });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
      }
      expect((await off.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
