import { productionPasswordHashing } from '../../test/cheap-password-hashing';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';

// The other API tests hash at argon2's lowest cost (src/test/cheap-password-hashing.ts); these check the real one.
productionPasswordHashing();

describe('password hashing', () => {
  it("uses argon2id with OWASP's settings: 19 MiB, two passes, one lane", async () => {
    const hash = await hashPassword('Lantern-Harbour-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts the password it hashed and nothing else, and a damaged hash is a refusal, not an error', async () => {
    const hash = await hashPassword('Lantern-Harbour-42');
    expect(await verifyPassword(hash, 'Lantern-Harbour-42')).toBe(true);
    expect(await verifyPassword(hash, 'lantern-harbour-42')).toBe(false);
    expect(await verifyPassword('not a hash', 'Lantern-Harbour-42')).toBe(false);
    expect(await verifyAgainstDummy('Lantern-Harbour-42')).toBe(false);
  });

  it('knows the common passwords in any case', () => {
    expect(isCommonPassword('Password123')).toBe(true);
    expect(isCommonPassword('Lantern-Harbour-42')).toBe(false);
  });
});
