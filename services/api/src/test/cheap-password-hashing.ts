/**
 * Jest setup for the API's tests: passwords are hashed with argon2id at its lowest cost (1 MiB, one pass) instead of
 * the production settings (19 MiB, two passes), which would spend about 18 ms of CPU on every registration,
 * sign-in and password change. Hashes keep their format and are checked by the real library; the production
 * settings themselves are checked in `modules/auth/passwords.test.ts`, which runs without this.
 */
import type * as Argon2 from 'argon2';

jest.mock('argon2', () => {
  const real = jest.requireActual<typeof Argon2>('argon2');
  return {
    ...real,
    hash: (password: string, options: Parameters<typeof real.hash>[1]) =>
      real.hash(password, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});
