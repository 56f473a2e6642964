// Releases one area of the portal on its own: copies a remote's production build (its `mf-manifest.json`,
// `remoteEntry.js` and hashed files, with their precompressed siblings) into `releases/<area>/<version>/`, the
// version being the one in the remote's package.json. A released version never changes: releasing it again with
// other files is refused (bump the version); with the same files it does nothing.
//
//   npx nx run @waypoint/mf-account:release            builds mf-account, then releases it
//   node scripts/release-remote.mjs account [--version 1.2.0] [--from mf-account/dist] [--releases DIR]
//
// The release goes live when the environment's remote registry (REMOTES_FILE) points the area at
// `/releases/<area>/<version>/mf-manifest.json` (the staff area: its copy on the staff origin). Pointing back at
// the earlier version rolls it back. Neither rebuilds nor redeploys the shell.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each area and the workspace that builds it. */
export const AREAS = { apply: 'mf-apply', account: 'mf-account', admin: 'mf-admin' };

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** Every file under a folder, as sorted relative paths. */
function filesOf(dir) {
  const out = [];
  const walk = (sub) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile()) out.push(relative);
    }
  };
  walk('');
  return out.sort();
}

/** One digest of a folder's files and contents (release.json left out). */
function digestOf(dir) {
  const hash = crypto.createHash('sha256');
  for (const file of filesOf(dir)) {
    if (file === 'release.json') continue;
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

function commitOf() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** The ranges of the shell's shared packages the build needs (from its manifest), for the release notes. */
function needsOf(manifest) {
  const needs = {};
  for (const shared of manifest.shared ?? []) {
    if (/^@waypoint\//.test(shared.name) && shared.requiredVersion) {
      needs[shared.name] = shared.requiredVersion;
    }
  }
  return needs;
}

/**
 * @param {{ area: string, version?: string, from?: string, releases?: string }} options
 * @returns {{ folder: string, manifestUrl: string, created: boolean }}
 */
export function releaseRemote({ area, version, from, releases }) {
  const workspace = AREAS[area];
  if (!workspace)
    throw new Error(`Unknown area "${area}": one of ${Object.keys(AREAS).join(', ')}`);
  const packageJson = JSON.parse(
    fs.readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8'),
  );
  const releaseVersion = version ?? packageJson.version;
  if (!SEMVER.test(releaseVersion)) {
    throw new Error(`"${releaseVersion}" is not a version (x.y.z)`);
  }
  const source = path.resolve(from ?? path.join(ROOT, workspace, 'dist'));
  const manifestFile = path.join(source, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(path.join(source, 'remoteEntry.js'))) {
    throw new Error(
      `${path.relative(ROOT, source) || source} holds no production build of ${workspace} (mf-manifest.json and remoteEntry.js): build it first`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  if (manifest.name !== area) {
    throw new Error(`${manifestFile} is the build of "${manifest.name}", not of "${area}"`);
  }

  const root = path.resolve(releases ?? process.env.RELEASES_DIR ?? path.join(ROOT, 'releases'));
  const folder = path.join(root, area, releaseVersion);
  const manifestUrl = `/releases/${area}/${releaseVersion}/mf-manifest.json`;
  if (fs.existsSync(folder)) {
    if (digestOf(folder) === digestOf(source)) return { folder, manifestUrl, created: false };
    throw new Error(
      `${area} ${releaseVersion} is already released with other files (${folder}); a release never changes: raise the version in ${workspace}/package.json`,
    );
  }

  // Written beside its final place and renamed into it, so a server never sees half a release.
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(folder), `.${releaseVersion}-`));
  try {
    fs.cpSync(source, staging, { recursive: true });
    const notes = {
      area,
      version: releaseVersion,
      workspace,
      needs: needsOf(manifest),
      commit: commitOf(),
      releasedAt: new Date().toISOString(),
      files: filesOf(source).length,
    };
    fs.writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(notes, null, 2)}\n`);
    fs.renameSync(staging, folder);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  return { folder, manifestUrl, created: true };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      from: { type: 'string' },
      releases: { type: 'string' },
    },
  });
  const area = positionals[0];
  if (!area || positionals.length > 1) {
    console.error(
      'Usage: node scripts/release-remote.mjs <apply|account|admin> [--version x.y.z] [--from DIR] [--releases DIR]',
    );
    process.exit(2);
  }
  try {
    const { folder, manifestUrl, created } = releaseRemote({ area, ...values });
    const where = path.relative(process.cwd(), folder) || folder;
    console.log(
      created
        ? `Released ${area} to ${where}.\nTo put it live, point "${area}" in the environment's REMOTES_FILE at ${manifestUrl}.`
        : `${area} is already released with these files in ${where}: nothing to do.`,
    );
  } catch (err) {
    console.error(`Release refused: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
