import readline from 'node:readline';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { EmailField, PASSWORD_MIN_LENGTH } from '@waypoint/contracts';
import { openConfiguredDatabase } from '../boot';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { hashPassword, isCommonPassword } from '../modules/auth/passwords';
import {
  createFirstAdmin,
  FIRST_ADMIN_REFUSED,
  hasActiveAdmin,
} from '../modules/staff/staff-accounts.service';

/**
 * `npm run admin:create -- --email staff@example.com`
 * Creates the first admin, or makes an existing account the first admin. The password is read from a hidden
 * prompt, or from ADMIN_PASSWORD when there is no terminal — never from the command line. Once there is an active
 * admin it refuses: further staff join by an admin's invitation (the staff accounts page).
 */
function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i !== -1) return process.argv[i + 1];
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

async function prompt(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(existing: boolean): Promise<string | null> {
  if (!process.stdin.isTTY) {
    const fromEnv = process.env.ADMIN_PASSWORD;
    if (!fromEnv && !existing)
      throw new Error('No terminal: set ADMIN_PASSWORD to give the new admin a password.');
    return fromEnv || null;
  }
  const first = await prompt(
    existing ? 'New password (leave empty to keep the current one): ' : 'Password: ',
  );
  if (!first && existing) return null;
  const second = await prompt('Repeat the password: ');
  if (first !== second) throw new Error('The passwords do not match.');
  return first;
}

async function main() {
  if (process.argv.some((a) => a.startsWith('--password'))) {
    throw new Error(
      'Passwords are never taken from the command line: use the prompt or ADMIN_PASSWORD.',
    );
  }
  const parsed = EmailField.safeParse(argument('email') ?? '');
  if (!parsed.success) throw new Error('Usage: npm run admin:create -- --email staff@example.com');
  const email = parsed.data;
  const database = await openConfiguredDatabase(loadConfig());
  try {
    // Asked before the password; asked again, under a lock, when the admin is made.
    if (await hasActiveAdmin({ db: database.db })) throw new Error(FIRST_ADMIN_REFUSED);
    const [existing] = await database.db.select().from(users).where(eq(users.email, email));
    const password = await readPassword(Boolean(existing));
    if (password !== null) {
      if (password.length < PASSWORD_MIN_LENGTH)
        throw new Error(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
      if (isCommonPassword(password))
        throw new Error('This password is too common. Please choose a less predictable one.');
    }
    const passwordHash = password === null ? undefined : await hashPassword(password);
    const made = await createFirstAdmin({ db: database.db, input: { email, passwordHash } });
    if ('refused' in made) throw new Error(FIRST_ADMIN_REFUSED);
    if (made.created) {
      process.stdout.write(`Admin ${email} created. Log in at /auth/login, then open /admin.\n`);
    } else {
      process.stdout.write(`${email} is now an admin.\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
