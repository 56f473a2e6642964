/**
 * Setup of the API's tests: passwords are hashed with argon2id at its lowest cost (1 MiB, one pass) instead of the
 * production settings (19 MiB, two passes), which would spend about 18 ms of CPU on every registration, sign-in and
 * password change. Hashes keep their format and are checked by the real library; the production settings
 * themselves are checked in `modules/auth/passwords.test.ts` (`productionPasswordHashing`).
 */
import argon2 from 'argon2';

const library = argon2 as { hash: typeof argon2.hash };
const productionHash = argon2.hash;
const cheapHash = ((password: string | Buffer, options?: argon2.Options) =>
  productionHash(password, { ...options, memoryCost: 1024, timeCost: 1 })) as typeof argon2.hash;

library.hash = cheapHash;

/** Hashes with the production settings during the calling test file (the workers keep modules between files). */
export function productionPasswordHashing(): void {
  beforeAll(() => {
    library.hash = productionHash;
  });
  afterAll(() => {
    library.hash = cheapHash;
  });
}
