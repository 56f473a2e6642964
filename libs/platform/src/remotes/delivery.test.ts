import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Each area ships on its own: `nx` builds, tests and releases one remote without the shell, and a release is a
 * versioned folder that never changes (docs/micro-frontends.md, "Releasing an area").
 */
const root = path.join(__dirname, '../../../..');
const RELEASE = path.join(root, 'scripts/release-remote.mjs');
const AREAS = { apply: 'mf-apply', account: 'mf-account', admin: 'mf-admin' } as const;

function release(args: string[]) {
  const run = spawnSync(process.execPath, [RELEASE, ...args], { cwd: root, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Writes a remote's production build (the files the release step needs) into a folder. */
function fakeBuild(dir: string, name: string, chunk: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { publicPath: 'auto' },
      shared: [{ name: '@waypoint/platform', requiredVersion: '^1.0.0', version: '1.0.0' }],
    }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var ${name} = {}`);
  fs.writeFileSync(path.join(dir, 'routes.0123456789.js'), chunk);
  fs.writeFileSync(path.join(dir, 'routes.0123456789.js.br'), 'brotli bytes');
}

describe('releasing one area', () => {
  let tmp: string;
  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'waypoint-release-'));
  });
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('copies a build into releases/<area>/<version>/ with notes of what it needs, and says how to put it live', () => {
    const build = path.join(tmp, 'build');
    fakeBuild(build, 'account', 'render("orders")');
    const releases = path.join(tmp, 'releases');
    const run = release(['account', '--version', '1.1.0', '--from', build, '--releases', releases]);
    expect(run.status).toBe(0);
    expect(run.output).toContain(
      'point "account" in the environment\'s REMOTES_FILE at /releases/account/1.1.0/mf-manifest.json',
    );
    const folder = path.join(releases, 'account/1.1.0');
    expect(fs.readdirSync(folder).sort()).toEqual([
      'mf-manifest.json',
      'release.json',
      'remoteEntry.js',
      'routes.0123456789.js',
      'routes.0123456789.js.br',
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'release.json'), 'utf8'))).toMatchObject({
      area: 'account',
      version: '1.1.0',
      workspace: 'mf-account',
      needs: { '@waypoint/platform': '^1.0.0' },
      files: 4,
    });
    // No half-written folder is left beside it.
    expect(fs.readdirSync(path.join(releases, 'account'))).toEqual(['1.1.0']);
  });

  it('never changes a released version: the same files again do nothing, other files are refused', () => {
    const build = path.join(tmp, 'build');
    fakeBuild(build, 'account', 'render("orders")');
    const releases = path.join(tmp, 'releases');
    const args = ['account', '--version', '1.1.0', '--from', build, '--releases', releases];
    expect(release(args).status).toBe(0);
    const again = release(args);
    expect(again.status).toBe(0);
    expect(again.output).toContain('already released with these files');

    fs.writeFileSync(path.join(build, 'routes.0123456789.js'), 'render("something else")');
    const changed = release(args);
    expect(changed.status).toBe(1);
    expect(changed.output).toContain('account 1.1.0 is already released with other files');
    expect(changed.output).toContain('raise the version in mf-account/package.json');
    expect(fs.readFileSync(path.join(releases, 'account/1.1.0/routes.0123456789.js'), 'utf8')).toBe(
      'render("orders")',
    );
  });

  it('refuses what is not a build of that area, or not a version', () => {
    const build = path.join(tmp, 'build');
    fakeBuild(build, 'apply', 'x');
    const releases = path.join(tmp, 'releases');
    expect(release(['account', '--from', build, '--releases', releases]).output).toContain(
      'is the build of "apply", not of "account"',
    );
    expect(release(['account', '--from', tmp, '--releases', releases]).output).toContain(
      'holds no production build of mf-account',
    );
    expect(
      release(['account', '--version', '../../etc', '--from', build, '--releases', releases])
        .output,
    ).toContain('is not a version');
    expect(release(['shop', '--from', build]).output).toContain('Unknown area "shop"');
    expect(fs.existsSync(releases)).toBe(false);
  });
});

describe('nx and the areas', () => {
  const nx = (...args: string[]) =>
    execFileSync(path.join(root, 'node_modules/.bin/nx'), args, {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
  const affectedBy = (file: string) =>
    JSON.parse(nx('show', 'projects', '--affected', `--files=${file}`, '--json')) as string[];

  it('has a release target per area, which builds that area first', () => {
    for (const [area, workspace] of Object.entries(AREAS)) {
      const pkg = JSON.parse(fs.readFileSync(path.join(root, workspace, 'package.json'), 'utf8'));
      expect(pkg.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(pkg.scripts.release).toBe(`node ../scripts/release-remote.mjs ${area}`);
      expect(pkg.nx.targets.release).toEqual({ dependsOn: ['build'], cache: false });
    }
  });

  it('builds and tests only what a change touches, and every front end for a shared library', () => {
    // The shell's build prerenders the first paint of every area from its sources (the staff pages for staff
    // only), so it is touched too (its next deploy refreshes that HTML); the area goes live without it.
    expect(affectedBy('mf-admin/src/routes.tsx').sort()).toEqual([
      '@waypoint/mf-admin',
      '@waypoint/shell',
    ]);
    expect(affectedBy('mf-account/src/routes.tsx').sort()).toEqual([
      '@waypoint/mf-account',
      '@waypoint/shell',
    ]);
    expect(affectedBy('mf-apply/src/routes.tsx').sort()).toEqual([
      '@waypoint/mf-apply',
      '@waypoint/shell',
    ]);
    // The platform's shared messages (`@waypoint/platform/i18n`) are built on the design system's catalogs.
    expect(affectedBy('libs/ui/src/index.ts').sort()).toEqual([
      '@waypoint/mf-account',
      '@waypoint/mf-admin',
      '@waypoint/mf-apply',
      '@waypoint/platform',
      '@waypoint/shell',
      '@waypoint/ui',
    ]);
  });
});
