import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT } from './portal.mjs';

/** Every file under a folder with the SHA-256 of its bytes, to tell that a build was not touched. */
export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(relative);
      else
        out[relative] = crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(dir, relative)))
          .digest('hex');
    }
  };
  walk('');
  return out;
}

/**
 * Builds one remote from a copy of its workspace with `edit` applied to the copy's sources, as its team would
 * build a change: the repository is not touched. Returns the folder of the production build.
 */
export function buildChangedRemote(
  workspace: 'mf-apply' | 'mf-account' | 'mf-admin',
  edit: (sourceDir: string) => void,
): { dist: string; remove: () => void } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `waypoint-${workspace}-`));
  const copy = path.join(tmp, workspace);
  fs.mkdirSync(copy);
  for (const name of ['src', 'package.json', 'webpack.config.js']) {
    fs.cpSync(path.join(REPO_ROOT, workspace, name), path.join(copy, name), { recursive: true });
  }
  // The copy resolves its dependencies (the workspace libraries included) from the repository's node_modules.
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
  edit(path.join(copy, 'src'));
  const webpack = path.join(REPO_ROOT, 'node_modules/webpack-cli/bin/cli.js');
  const run = spawnSync(process.execPath, [webpack, '--mode', 'production'], {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) {
    throw new Error(`Building the changed ${workspace} failed:\n${run.stdout}${run.stderr}`);
  }
  return {
    dist: path.join(copy, 'dist'),
    remove: () => fs.rmSync(tmp, { recursive: true, force: true }),
  };
}

/** Releases a build with the repository's release step (what `nx run <remote>:release` runs). */
export function releaseBuild(
  area: 'apply' | 'account' | 'admin',
  options: { version: string; from: string; releases: string },
): string {
  const run = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'scripts/release-remote.mjs'),
      area,
      '--version',
      options.version,
      '--from',
      options.from,
      '--releases',
      options.releases,
    ],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`The release failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

export interface StaffOrigin {
  origin: string;
  /** The staff area's manifest on that origin. */
  manifestUrl: string;
  stop: () => Promise<void>;
}

/**
 * The staff area's own origin as docker-compose runs it: nginx with the repository's configuration
 * (deploy/admin-assets/default.conf.template, PORTAL_ORIGIN filled in), serving mf-admin's build at /admin/, on
 * 127.0.0.1 and a free port.
 */
export async function startStaffOrigin(portalOrigin: string): Promise<StaffOrigin> {
  if (!fs.existsSync(NGINX)) {
    throw new Error(`nginx is missing at ${NGINX}: run bash scripts/install-test-tools.sh`);
  }
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waypoint-staff-origin-'));
  const html = path.join(dir, 'html');
  fs.mkdirSync(path.join(html, 'releases/admin'), { recursive: true });
  fs.symlinkSync(path.join(REPO_ROOT, 'mf-admin/dist'), path.join(html, 'admin'), 'dir');

  const server = fs
    .readFileSync(path.join(REPO_ROOT, 'deploy/admin-assets/default.conf.template'), 'utf8')
    .replaceAll('${PORTAL_ORIGIN}', portalOrigin)
    .replace(/listen 8080;/, `listen 127.0.0.1:${port};`)
    .replace(/root \/usr\/share\/nginx\/html;/, `root ${html};`);
  if (server.includes('listen 8080') || !server.includes(html)) {
    throw new Error(
      'deploy/admin-assets/default.conf.template no longer has the expected listen/root',
    );
  }
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    'daemon off;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 128; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
    server,
    '}',
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);

  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = fs.existsSync(path.join(dir, 'error.log'))
        ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      await stop();
      throw new Error(`nginx exited (${child.exitCode}):\n${output.join('')}${log}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${origin}:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, manifestUrl: `${origin}/admin/mf-manifest.json`, stop };
}
