import { Browser, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { body, createTestApp, type TestApp } from '../../test/harness';
import { paidOrder, traveler } from '../../test/orders';

let t: TestApp;
let ipCounter = 10;
const browser = () =>
  new Browser(t.app, `10.11.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}`);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function profileOf(b: Browser) {
  const res = await b.get('/api/auth/profile');
  expect(res.statusCode).toBe(200);
  return (body(res) as { data: Record<string, unknown> }).data;
}

async function registered(b: Browser, email: string) {
  const res = await b.post('/api/auth/register', {
    firstName: 'Mary',
    lastName: 'Shelley',
    email,
    password: STRONG_PASSWORD,
  });
  expect(res.statusCode).toBe(200);
}

/** Traveller 1 with a Canadian passport, on an order placed for United States citizens. */
const canadianLead = (email: string) => {
  const lead = traveler(1, email);
  return { ...lead, passport: { ...lead.passport, nationality: 'CA' } };
};

describe('the account of a paid order', () => {
  it('is created with traveller 1’s names and passport nationality', async () => {
    const b = browser();
    const email = uniqueEmail('guest');
    await paidOrder(b, email, 1, { travelers: [canadianLead(email)] });
    expect(await profileOf(b)).toMatchObject({
      email,
      firstName: 'Ann1',
      lastName: 'Lee1',
      nationality: 'CA',
      hasPassword: false,
    });
  });

  it('fills the empty nationality of the signed-in account that placed it, and keeps its names', async () => {
    const b = browser();
    const email = uniqueEmail('member');
    await registered(b, email);
    expect(await profileOf(b)).toMatchObject({ nationality: null });
    await paidOrder(b, email);
    expect(await profileOf(b)).toMatchObject({
      firstName: 'Mary',
      lastName: 'Shelley',
      nationality: 'US',
    });
  });

  it('keeps a nationality the account already has', async () => {
    const b = browser();
    const email = uniqueEmail('member');
    await registered(b, email);
    const saved = await b.put('/api/auth/profile', {
      firstName: 'Mary',
      lastName: 'Shelley',
      nationality: 'FR',
      email,
    });
    expect(saved.statusCode).toBe(200);
    await paidOrder(b, email);
    expect(await profileOf(b)).toMatchObject({ nationality: 'FR' });
  });

  it('never writes a guest’s order into another person’s profile', async () => {
    const owner = browser();
    const email = uniqueEmail('owner');
    await registered(owner, email);
    await paidOrder(browser(), email, 1, { travelers: [canadianLead(email)] });
    expect(await profileOf(owner)).toMatchObject({
      firstName: 'Mary',
      lastName: 'Shelley',
      nationality: null,
    });
  });
});
