import fs from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '../../../..');
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };

interface SharedEntry {
  singleton: boolean;
  requiredVersion: string;
  version: string;
  strictVersion?: boolean;
}

/**
 * The Module Federation `shared` configuration a production build of `workspace` uses: a remote's plugin options,
 * or, for the shell (which shares at run time), what its build writes in as WAYPOINT_SHARED_PACKAGES.
 */
function sharedOf(workspace: string): Record<string, SharedEntry> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createWebpackConfig } = require('../../webpack/create-config.cjs') as {
    createWebpackConfig: (options: object) => (env: object, argv: object) => { plugins: object[] };
  };
  const host = workspace === 'shell';
  const config = createWebpackConfig({
    dir: path.join(root, workspace),
    name: host ? 'shell' : 'test',
    port: 0,
    host,
  })({}, { mode: 'production' });
  if (host) {
    const define = config.plugins.find((plugin) => plugin.constructor.name === 'DefinePlugin') as {
      definitions: { WAYPOINT_SHARED_PACKAGES: string };
    };
    return JSON.parse(define.definitions.WAYPOINT_SHARED_PACKAGES) as Record<string, SharedEntry>;
  }
  const federation = config.plugins.find(
    (plugin) => plugin.constructor.name === 'ModuleFederationPlugin',
  ) as { _options: { shared: Record<string, SharedEntry> } };
  return federation._options.shared;
}

describe('the contract between the shell and the remotes', () => {
  const platform = readJson('libs/platform/package.json').version;
  const ui = readJson('libs/ui/package.json').version;

  it('is versioned: docs/micro-frontends.md states the version platform and ui carry', () => {
    const doc = fs.readFileSync(path.join(root, 'docs/micro-frontends.md'), 'utf8');
    expect(platform).toMatch(/^[1-9]\d*\.\d+\.\d+$/);
    expect(doc).toContain(`Contract version: **${platform}**`);
    expect(doc).toContain(`\`@waypoint/platform\` ${platform}, \`@waypoint/ui\` ${ui}`);
  });

  it.each(['shell', 'mf-apply', 'mf-account', 'mf-admin'])(
    '%s declares the range of platform and ui it needs, strictly, and depends on that range',
    (workspace) => {
      const shared = sharedOf(workspace);
      const major = (version: string) => version.split('.')[0];
      for (const [name, version] of [
        ['@waypoint/platform', platform],
        ['@waypoint/platform/api', platform],
        ['@waypoint/ui', ui],
      ] as const) {
        expect({ name, ...shared[name] }).toEqual({
          name,
          singleton: true,
          strictVersion: true,
          requiredVersion: `^${version}`,
          version,
        });
      }
      const dependencies = readJson(`${workspace}/package.json`).dependencies ?? {};
      expect(dependencies['@waypoint/platform']).toBe(`^${major(platform)}.0.0`);
      expect(dependencies['@waypoint/ui']).toBe(`^${major(ui)}.0.0`);
      // React and the rest are singletons with the build's range, but only warn on a mismatch.
      expect(shared.react).toMatchObject({ singleton: true });
      expect(shared.react?.strictVersion).toBeUndefined();
    },
  );
});
