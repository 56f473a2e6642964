import path from 'node:path';
import { ConfigError, loadConfig, trustProxyOption } from './config';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
};
const productionBasics = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/waypoint',
  ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PUBLIC_URL: 'https://apply.example.com/',
  SMTP_URL: 'smtp://mail:25',
  REMOTE_ADMIN_URL: 'https://staff-assets.example.com/admin/mf-manifest.json',
  SELLER_LEGAL_NAME: 'Example Visas Ltd',
  SELLER_ADDRESS: '10 Real Road, Manchester M1 1AA, United Kingdom',
  SELLER_COMPANY_NUMBER: '12345678',
  SELLER_VAT_NUMBER: 'GB123456789',
  SUPPORT_EMAIL: 'help@example.com',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('serves the API documentation outside production, and in production only with API_DOCS=true', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ ...productionBasics, ...stripe }).apiDocs).toBe(false);
    expect(loadConfig({ ...productionBasics, ...stripe, API_DOCS: '' }).apiDocs).toBe(false);
    expect(loadConfig({ ...productionBasics, ...stripe, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(problemsOf({ API_DOCS: 'yes' })).toEqual([expect.stringMatching(/^API_DOCS: /)]);
  });

  it('reads ROLE: all by default, web or worker, and refuses anything else', () => {
    expect(loadConfig({}).role).toBe('all');
    const shared = {
      DATABASE_URL: 'postgres://db/waypoint',
      ENCRYPTION_KEY: productionBasics.ENCRYPTION_KEY,
    };
    expect(loadConfig({ ...shared, ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ...shared, ROLE: 'worker' }).role).toBe('worker');
    expect(loadConfig({ ...productionBasics, ...stripe, ROLE: 'worker' }).role).toBe('worker');
    expect(problemsOf({ ROLE: 'scheduler' })).toEqual([
      'ROLE: ROLE must be all (HTTP and background work), web (HTTP only) or worker (background work only)',
    ]);
    expect(problemsOf({ ...shared, ROLE: 'WEB' })).toEqual([expect.stringMatching(/^ROLE: /)]);
  });

  it('runs web and worker processes only on a shared database and encryption key', () => {
    expect(problemsOf({ ROLE: 'web' })).toEqual([
      expect.stringMatching(
        /^ROLE=web needs DATABASE_URL: the embedded database serves one process/,
      ),
      expect.stringMatching(/^ROLE=web needs ENCRYPTION_KEY/),
    ]);
    expect(problemsOf({ ROLE: 'worker', DATABASE_URL: 'postgres://db/waypoint' })).toEqual([
      expect.stringMatching(/^ROLE=worker needs ENCRYPTION_KEY/),
    ]);
    // The embedded database stays the default of a single process.
    expect(problemsOf({ ROLE: 'all' })).toEqual([]);
  });

  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.payments.provider).toBe('sandbox');
    expect(config.mail.mailboxDir).toBe(path.join(path.resolve('./data'), 'mail'));
    expect(config.uploadsDir).toBe(path.join(path.resolve('./data'), 'uploads'));
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads PORT, DATA_DIR and PUBLIC_URL, trimming a trailing slash', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/tmp/x',
      PUBLIC_URL: 'https://a.example/',
    });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/tmp/x');
    expect(config.publicUrl).toBe('https://a.example');
  });

  it('refuses malformed values with the variable named', () => {
    expect(problemsOf({ PORT: 'eighty' })[0]).toMatch(/^PORT: /);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
    ]);
    expect(problemsOf({ ENCRYPTION_KEY: 'short' })[0]).toContain('32 bytes');
  });

  it('stores uploads locally unless all four S3 settings are given', () => {
    expect(loadConfig({}).storage).toEqual({
      kind: 'local',
      dir: path.join(path.resolve('./data'), 'uploads'),
    });
    expect(
      loadConfig({
        S3_ENDPOINT: 'https://s3.eu-west-2.amazonaws.com',
        S3_BUCKET: 'docs',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'SK',
        S3_REGION: 'eu-west-2',
      }).storage,
    ).toMatchObject({ kind: 's3', bucket: 'docs', region: 'eu-west-2' });
    expect(problemsOf({ S3_BUCKET: 'docs' })).toEqual([
      'S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ]);
  });

  it('counts rate limits in Redis only when REDIS_URL is a Redis address', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: undefined, redisKeyPrefix: 'waypoint:' });
    expect(
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'staging:' }),
    ).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: 'staging:' });
    expect(problemsOf({ REDIS_URL: 'http://cache:6379' })).toEqual([
      'REDIS_URL: REDIS_URL must start with redis:// or rediss://',
    ]);
  });

  it('trusts forwarded addresses from no one by default, from n hops, or from listed proxies', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual({
      addresses: ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'],
    });
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual({
      addresses: ['loopback', 'uniquelocal'],
    });
    // Anyone, outside production only.
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...productionBasics, ...stripe, TRUST_PROXY: '1' }).trustProxy).toEqual({
      hops: 1,
    });
    expect(
      loadConfig({ ...productionBasics, ...stripe, TRUST_PROXY: '10.0.0.0/8' }).trustProxy,
    ).toEqual({ addresses: ['10.0.0.0/8'] });
  });

  it('refuses TRUST_PROXY=true (or a /0 range) in production, and values that are not a trust', () => {
    expect(problemsOf({ ...productionBasics, ...stripe, TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY=true is refused in production: .*TRUST_PROXY=1/),
    ]);
    expect(
      problemsOf({ ...productionBasics, ...stripe, TRUST_PROXY: '10.0.0.1,0.0.0.0/0' }),
    ).toEqual([expect.stringMatching(/^TRUST_PROXY: a \/0 range trusts every address/)]);
    for (const nonsense of [
      'yes',
      'on',
      '10.0.0.0/33',
      '10.0.0/8',
      '1.2.3.4,',
      '-1',
      '1.5',
      'fd00::/129',
    ]) {
      expect(problemsOf({ TRUST_PROXY: nonsense })).toEqual([
        expect.stringMatching(
          /^TRUST_PROXY: .* is not an address or a CIDR range; expected false, a number of proxies/,
        ),
      ]);
    }
    expect(problemsOf({ TRUST_PROXY: '11' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: 11 proxies in front is more than 10/),
    ]);
  });

  it("gives Fastify a hop count as a function, since Fastify's number form trusts no hop", () => {
    const oneHop = trustProxyOption({ hops: 1 });
    expect(typeof oneHop).toBe('function');
    const trusts = oneHop as (address: string, hop: number) => boolean;
    expect([trusts('127.0.0.1', 0), trusts('203.0.113.9', 1)]).toEqual([true, false]);
    expect(trustProxyOption({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    expect(trustProxyOption(false)).toBe(false);
  });

  it('uses Stripe only when all three keys are set', () => {
    expect(loadConfig(stripe).payments.provider).toBe('stripe');
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })).toEqual([
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together',
    ]);
  });

  it('refuses to start in production without its secrets or with the sandbox provider', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'production refuses the sandbox payment provider: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      'DATABASE_URL is required in production',
      'ENCRYPTION_KEY is required in production',
      'PUBLIC_URL is required in production',
      'SMTP_URL is required in production',
      'SELLER_LEGAL_NAME, SELLER_ADDRESS, SELLER_COMPANY_NUMBER, SELLER_VAT_NUMBER, SUPPORT_EMAIL must be set in production: invoices, credit notes and emails print them',
      "REMOTE_ADMIN_URL is required in production: the staff area's mf-manifest.json on its own origin (https://…)",
    ]);
    expect(problemsOf({ ...productionBasics })).toHaveLength(1);
    // One placeholder left is named on its own.
    expect(
      problemsOf({ ...productionBasics, ...stripe, SELLER_VAT_NUMBER: 'GB000000000' }),
    ).toEqual([
      'SELLER_VAT_NUMBER must be set in production: invoices, credit notes and emails print them',
    ]);
    // The staff area is never served from the travellers' origin in production.
    expect(
      problemsOf({
        ...productionBasics,
        ...stripe,
        REMOTE_ADMIN_URL: '/remotes/admin/mf-manifest.json',
      }),
    ).toEqual([
      "REMOTE_ADMIN_URL is required in production: the staff area's mf-manifest.json on its own origin (https://…)",
    ]);
    expect(loadConfig({ ...productionBasics, ...stripe }).isProduction).toBe(true);
  });
});
