// `npm start`: builds whatever is missing or out of date (nx restores unchanged builds from its cache),
// then runs the portal — API and every front end — on one port with the embedded defaults.
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// nx's command, found through its package.json (its location changes between nx versions).
const require = createRequire(import.meta.url);
const nxPackage = require.resolve('nx/package.json', { paths: [root] });
const nx = path.join(path.dirname(nxPackage), require(nxPackage).bin.nx);

const build = spawnSync(process.execPath, [nx, 'run-many', '-t', 'build', '--outputStyle=static'], {
  cwd: root,
  stdio: 'inherit',
  env: { NX_DAEMON: 'false', ...process.env },
});
if (build.status !== 0) {
  console.error('The build failed; see the messages above.');
  process.exit(build.status ?? 1);
}

// As in the Dockerfile: memory of finished uploads goes back to the system (see services/api image-queue.ts).
const server = spawn(
  process.execPath,
  ['--expose-gc', path.join(root, 'services/api/dist/server.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
