import {
  API_MESSAGE_KEYS,
  apiMessage,
  ApiMessages,
  AuthText,
  ErrorEnvelope,
  IsoDate,
  type ApiMessageKey,
} from '@waypoint/contracts';
import { z } from 'zod';
import type { LightMyRequestResponse } from 'fastify';
import { AppError } from '../lib/errors';
import { body, createTestApp, type TestApp } from '../test/harness';
import { Browser, STRONG_PASSWORD, uniqueEmail } from '../test/auth-helpers';
import { orderBody, traveler } from '../test/orders';

let t: TestApp;
let ipCounter = 10;
const browser = () => new Browser(t.app, `10.9.0.${ipCounter++}`);

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    // One route per catalog key, to check that the reply's `error` is the key's English text.
    app.get<{ Params: { key: string } }>('/api/test/message/:key', async (request) => {
      throw new AppError('BAD_REQUEST', request.params.key as ApiMessageKey);
    });
    app.post('/api/test/date', { schema: { body: z.object({ date: IsoDate }) } }, async () => ({
      success: true,
    }));
    app.get('/api/test/crash', async () => {
      throw new Error('a fault with words nobody should see');
    });
  });
});
afterAll(() => t.close());

/** The reply's envelope, checked against the contracts' schema. */
function envelope(res: LightMyRequestResponse): ErrorEnvelope {
  return ErrorEnvelope.parse(body(res));
}

describe('validation errors carry the catalog key of every field', () => {
  it('a required field, a too-long text and a refinement (registration)', async () => {
    const res = await browser().post('/api/auth/register', {
      firstName: '',
      lastName: 'L'.repeat(101),
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
      confirmPassword: 'something else',
    });
    expect(res.statusCode).toBe(400);
    const reply = envelope(res);
    expect(reply).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: AuthText.firstNameRequired,
      messageKey: 'auth.firstNameRequired',
      fieldErrors: {
        firstName: AuthText.firstNameRequired,
        lastName: 'Please use at most 100 characters',
        confirmPassword: AuthText.passwordsDoNotMatch,
      },
      fieldErrorKeys: {
        firstName: { key: 'auth.firstNameRequired' },
        lastName: { key: 'validation.atMostCharacters', params: { max: 100 } },
        confirmPassword: { key: 'auth.passwordsDoNotMatch' },
      },
    });
    for (const [path, ref] of Object.entries(reply.fieldErrorKeys!))
      expect(apiMessage(ref.key, ref.params)).toBe(reply.fieldErrors![path]);
  });

  it('a date rule with a parameter (the wizard rules, traveller by traveller)', async () => {
    const order = orderBody(uniqueEmail(), 2);
    order.travelers![1] = { ...traveler(2), dateOfBirth: '2999-01-01' };
    const res = await browser().post('/api/applications/create-payment-intent', order);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      error: ApiMessages['wizard.precheckTravelers'],
      messageKey: 'wizard.precheckTravelers',
      fieldErrors: { 'travelers.1.dateOfBirth': 'Traveller 2: Date of birth must be in the past' },
      fieldErrorKeys: {
        'travelers.1.dateOfBirth': {
          key: 'wizard.travelerIssue',
          params: { number: 2, detailKey: 'wizard.dateOfBirthFuture' },
        },
      },
    });
  });

  it('the rules of a shared schema (a date) and a zod default message', async () => {
    const date = async (value: unknown) =>
      envelope(await browser().post('/api/test/date', { date: value })).fieldErrorKeys?.date;
    expect(await date('2025-02-30')).toEqual({ key: 'validation.realDate' });
    expect(await date('30/01/2025')).toEqual({ key: 'validation.dateFormat' });
    expect(await date('2025-01-01\u0000')).toEqual({ key: 'validation.forbiddenCharacters' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reference/visa-types?countryId=USA',
    });
    expect(envelope(res)).toMatchObject({
      fieldErrorKeys: { countryId: { key: 'validation.countryCode' } },
    });
    const login = await browser().post('/api/auth/login', { email: 'a@b.co', password: 7 });
    const reply = envelope(login);
    expect(reply.fieldErrors?.password).toBeDefined();
    expect(reply.fieldErrorKeys?.password).toEqual(
      reply.fieldErrors?.password === AuthText.passwordRequired
        ? { key: 'auth.passwordRequired' }
        : { key: 'validation.invalidValue' },
    );
  });
});

describe('no validator words outside the catalog reach a person', () => {
  it("a request of another shape is told the catalog's generic message, not zod's", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/date',
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(res.statusCode).toBe(400);
    const reply = envelope(res);
    expect(reply).toMatchObject({
      error: ApiMessages['validation.invalidValue'],
      messageKey: 'validation.invalidValue',
      fieldErrors: { body: ApiMessages['validation.invalidValue'] },
      fieldErrorKeys: { body: { key: 'validation.invalidValue' } },
    });
    expect(JSON.stringify(reply)).not.toMatch(/Invalid input|expected object/);
  });
});

describe('application errors carry their key', () => {
  it('a wrong password at login (401)', async () => {
    const res = await browser().post('/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong-password',
    });
    expect(res.statusCode).toBe(401);
    const reply = envelope(res);
    expect(reply).toMatchObject({
      code: 'UNAUTHENTICATED',
      error: AuthText.wrongCredentials,
      messageKey: 'auth.wrongCredentials',
    });
    expect(reply.messageParams).toBeUndefined();
    expect(reply.fieldErrorKeys).toBeUndefined();
  });

  it('a 404 with a parameter, and an unknown endpoint', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reference/visa-types?countryId=ZZ',
    });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toMatchObject({
      error: "We do not know the country 'ZZ'",
      messageKey: 'reference.unknownCountry',
      messageParams: { countryId: 'ZZ' },
    });
    const endpoint = await t.app.inject({ method: 'GET', url: '/api/nowhere?x=1' });
    expect(envelope(endpoint)).toMatchObject({
      error: 'No such endpoint: GET /api/nowhere',
      messageKey: 'request.noSuchEndpoint',
      messageParams: { method: 'GET', path: '/api/nowhere' },
    });
  });

  it('a 409 with its field key (an email already registered)', async () => {
    const email = uniqueEmail();
    const register = (b: Browser) =>
      b.post('/api/auth/register', {
        firstName: 'Ann',
        lastName: 'Lee',
        email,
        password: STRONG_PASSWORD,
        confirmPassword: STRONG_PASSWORD,
      });
    expect((await register(browser())).statusCode).toBe(200);
    const res = await register(browser());
    expect(res.statusCode).toBe(409);
    expect(envelope(res)).toMatchObject({
      code: 'CONFLICT',
      error: AuthText.emailTaken,
      messageKey: 'auth.emailTaken',
    });
  });

  it('a field error of an application error (a common password)', async () => {
    const res = await browser().post('/api/auth/register', {
      firstName: 'Ann',
      lastName: 'Lee',
      email: uniqueEmail(),
      password: 'password123',
      confirmPassword: 'password123',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toMatchObject({
      messageKey: 'auth.passwordTooCommon',
      fieldErrors: { password: AuthText.passwordTooCommon },
      fieldErrorKeys: { password: { key: 'auth.passwordTooCommon' } },
    });
  });

  it('an unexpected failure gets the generic key', async () => {
    const crash = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(crash.statusCode).toBe(500);
    expect(envelope(crash)).toMatchObject({
      code: 'INTERNAL',
      error: ApiMessages['error.internal'],
      messageKey: 'error.internal',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(envelope(res)).toMatchObject({
      code: 'INVALID_JSON',
      messageKey: 'request.invalidJson',
    });
  });
});

describe('every catalog key', () => {
  it("is sent with its English text as the reply's error", async () => {
    for (const key of API_MESSAGE_KEYS) {
      const res = await t.app.inject({ method: 'GET', url: `/api/test/message/${key}` });
      const reply = envelope(res);
      expect({ key, error: reply.error }).toEqual({ key, error: apiMessage(key) });
      expect(reply.messageKey).toBe(key);
    }
  });
});
