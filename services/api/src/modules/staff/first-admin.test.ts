import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { Browser, STRONG_PASSWORD, uniqueEmail } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { hashPassword } from '../auth/passwords';
import { createFirstAdmin, FIRST_ADMIN_REFUSED, hasActiveAdmin } from './staff-accounts.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the first admin, made from the command line', () => {
  it('is made while there is no active admin, and refused once there is one', async () => {
    const db = t.database.db;
    expect(await hasActiveAdmin({ db })).toBe(false);
    // An existing account becomes the first admin, its password kept when none is given.
    const email = uniqueEmail('owner');
    await new Browser(t.app, '10.45.0.1').post('/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Owner',
      email,
      password: STRONG_PASSWORD,
    });
    const made = await createFirstAdmin({ db, input: { email, passwordHash: undefined } });
    expect(made).toMatchObject({ created: false, user: { email, role: 'admin' } });
    const login = await new Browser(t.app, '10.45.0.2').post('/api/auth/login', {
      email,
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);

    expect(await hasActiveAdmin({ db })).toBe(true);
    const second = uniqueEmail('second');
    const refused = await createFirstAdmin({
      db,
      input: { email: second, passwordHash: await hashPassword(STRONG_PASSWORD) },
    });
    expect(refused).toEqual({ refused: 'admin-exists' });
    expect(FIRST_ADMIN_REFUSED).toMatch(/invit/);
    expect(await db.select().from(users).where(eq(users.email, second))).toEqual([]);
  });
});
