// `npm run dev`: the developer's loop. The API is rebuilt by `tsc -b --watch` (with libs/contracts) and restarted
// by `node --watch`; the shell and each remote run on webpack-dev-server with hot module replacement, the shell
// loading the remotes from their dev servers. Open http://localhost:4200. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
const webpack = require.resolve('webpack-cli/bin/cli.js', { paths: [root] });
const apiPort = process.env.PORT || '3000';
const env = {
  ...process.env,
  WAYPOINT_API_URL: `http://localhost:${apiPort}`,
  // The API hands the staff area's address to signed-in staff: here, mf-admin's dev server.
  REMOTE_ADMIN_URL: process.env.REMOTE_ADMIN_URL || 'http://localhost:4203/mf-manifest.json',
};

// One build first, so that the API and the front ends start from a compiled libs/contracts.
console.log('[dev] compiling the API and libs/contracts …');
const first = spawnSync(process.execPath, [tsc, '-b', 'services/api'], {
  cwd: root,
  stdio: 'inherit',
});
if (first.status !== 0) {
  console.error('[dev] the API does not compile; see the messages above.');
  process.exit(first.status ?? 1);
}

const processes = [
  ['tsc', [tsc, '-b', 'services/api', '--watch', '--preserveWatchOutput'], root],
  ['api', ['--watch', '--watch-preserve-output', 'services/api/dist/server.js'], root],
  ['apply', [webpack, 'serve', '--mode', 'development'], path.join(root, 'mf-apply')],
  ['account', [webpack, 'serve', '--mode', 'development'], path.join(root, 'mf-account')],
  ['admin', [webpack, 'serve', '--mode', 'development'], path.join(root, 'mf-admin')],
  ['shell', [webpack, 'serve', '--mode', 'development'], path.join(root, 'shell')],
];

const children = [];
let stopping = false;

function prefixed(name, stream, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    // Each child leads a process group of its own: the signal reaches what it started too.
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
  setTimeout(() => process.exit(code), 1500).unref();
}

for (const [name, args, cwd] of processes) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...env, FORCE_COLOR: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixed(name, child.stdout, process.stdout);
  prefixed(name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stopAll(code ?? 1);
  });
  children.push(child);
}

console.log(
  `[dev] portal: http://localhost:4200 (API on http://localhost:${apiPort}); Ctrl-C stops everything.`,
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
