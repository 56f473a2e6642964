import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { emailOutbox, oneTimeTokens, users } from '../db/schema';

/** A browser: keeps the session cookie between requests. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
    });
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  put(url: string, payload: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as object });
  }
  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  cookie(name: string) {
    return this.cookies.get(name);
  }
  /** The Cookie header this browser sends (for requests made outside `app.inject`). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The newest queued email to an address (its payload holds codes and tokens until it is sent). */
export async function lastEmail(db: Db, to: string, template?: string) {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(
      template
        ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template))
        : eq(emailOutbox.toAddress, to),
    )
    .orderBy(desc(emailOutbox.createdAt));
  return rows[0];
}

export async function lastCode(
  db: Db,
  to: string,
  template: 'email-verification' | 'password-reset' | 'reauthentication-code',
) {
  const mail = await lastEmail(db, to, template);
  return (mail?.payload as { code?: string } | undefined)?.code;
}

export async function lastSignInToken(db: Db, to: string) {
  const mail = await lastEmail(db, to, 'sign-in-link');
  return (mail?.payload as { token?: string } | undefined)?.token;
}

export async function expireTokens(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  await db
    .update(oneTimeTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.userId, user!.id));
}

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'traveller') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const STRONG_PASSWORD = 'Lantern-Harbour-42';

/**
 * The authenticator code for the time step `stepsAhead` from now. Codes are accepted 30 s either side and each
 * once: a later sign-in in the same half-minute uses the next step's code.
 */
export function totpCode(secret: string, stepsAhead = 0) {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/** A staff member's first sign-in: password, then the authenticator set-up. Returns the secret and codes. */
export async function signInNewStaff(b: Browser, email: string, password: string) {
  const login = await b.post('/api/auth/login', { email, password });
  if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.body}`);
  const setup = await b.post('/api/auth/second-factor/setup');
  const { secret } = (setup.json() as { data: { secret: string } }).data;
  const confirmed = await b.post('/api/auth/second-factor/setup/confirm', {
    code: await totpCode(secret),
  });
  if (confirmed.statusCode !== 200)
    throw new Error(`second factor set-up failed: ${confirmed.body}`);
  const { recoveryCodes } = (confirmed.json() as { data: { recoveryCodes: string[] } }).data;
  return { secret, recoveryCodes };
}

let staffCount = 0;
/**
 * A new staff member, signed in through their own browser: from `newBrowser` when the test hands out the
 * addresses, otherwise one at a 10.250.x.x address of its own.
 */
export async function makeAdmin(
  t: { app: FastifyInstance; database: { db: Db } },
  newBrowser?: () => Browser,
) {
  let b = newBrowser?.();
  if (!b) {
    staffCount += 1;
    b = new Browser(t.app, `10.250.${Math.floor(staffCount / 200)}.${(staffCount % 200) + 1}`);
  }
  const email = await registerStaff(t, b);
  // Staff sign in with the password, then set up their authenticator (the second factor).
  await signInNewStaff(b, email, STRONG_PASSWORD);
  return b;
}

/** A new caseworker, signed in (password and authenticator) through their own browser, as `makeAdmin`. */
export async function makeCaseworker(
  t: { app: FastifyInstance; database: { db: Db } },
  newBrowser?: () => Browser,
) {
  let b = newBrowser?.();
  if (!b) {
    staffCount += 1;
    b = new Browser(t.app, `10.250.${Math.floor(staffCount / 200)}.${(staffCount % 200) + 1}`);
  }
  const email = await registerStaff(t, b, 'caseworker');
  await signInNewStaff(b, email, STRONG_PASSWORD);
  return b;
}

/** An account registered through `b` and made staff, not yet signed in as such; returns its email. */
export async function registerStaff(
  t: { database: { db: Db } },
  b: Browser,
  role: 'caseworker' | 'admin' = 'admin',
): Promise<string> {
  const email = uniqueEmail('staff');
  await b.post('/api/auth/register', {
    firstName: 'Sam',
    lastName: 'Staff',
    email,
    password: STRONG_PASSWORD,
  });
  await t.database.db.update(users).set({ role }).where(eq(users.email, email));
  return email;
}
