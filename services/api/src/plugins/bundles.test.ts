import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { body, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-static-'));
  const files: Record<string, string> = {
    'shell/index.html': '<!doctype html><title>Waypoint</title><div id="root"></div>',
    'shell/main.0123456789.js': 'console.log("shell")',
    'shell/robots.txt': 'User-agent: *',
    'apply/remoteEntry.js': 'var apply = {}',
    'apply/mf-manifest.json': '{"name":"apply"}',
    'apply/412.abcdef0123.js': 'chunk()',
    'account/remoteEntry.js': 'var account = {}',
  };
  for (const [name, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(staticDir, name)), { recursive: true });
    await fs.writeFile(path.join(staticDir, name), content);
  }
  t = await createTestApp({
    STATIC_DIR: staticDir,
    REMOTE_ADMIN_URL: 'https://staff.example.com/admin/mf-manifest.json',
  });
});
afterAll(async () => {
  await t.close();
  await fs.rm(staticDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('serving the front ends', () => {
  it('serves the shell page at / and for every page route, revalidated, with the page CSP', async () => {
    for (const url of [
      '/',
      '/application/trip-details',
      '/auth/verify?token=abc',
      '/orders',
      '/admin/applications',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain(
        "script-src 'self' https://staff.example.com",
      );
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('gives hashed assets long-lived immutable caching and stable names revalidation', async () => {
    const hashed = await get('/main.0123456789.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await get('/remotes/apply/412.abcdef0123.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const entry = await get('/remotes/apply/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toBe('var apply = {}');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await get('/remotes/apply/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'apply' });
  });

  it('tells the shell where each remote lives, from configuration', async () => {
    const res = await get('/remotes.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(body(res)).toEqual({
      apply: '/remotes/apply/mf-manifest.json',
      account: '/remotes/account/mf-manifest.json',
      admin: 'https://staff.example.com/admin/mf-manifest.json',
    });
  });

  it('answers a real 404, not the page, for missing files, remote assets and API routes', async () => {
    for (const url of [
      '/remotes/apply/missing.js',
      '/remotes/admin/remoteEntry.js',
      '/favicon.ico',
      '/api/missing',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('never serves files outside the bundle folders', async () => {
    for (const url of [
      '/../package.json',
      '/remotes/apply/../../shell/index.html',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await get(url);
      expect(res.body).not.toContain('"name"');
      expect(res.body).not.toContain('root:');
    }
  });
});
