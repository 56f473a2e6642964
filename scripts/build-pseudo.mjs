#!/usr/bin/env node
// The pseudo-locale build (npm run build:pseudo): the shell (with its prerendered pages) and the three remotes
// built with WAYPOINT_PSEUDO_LOCALE=1 into dist/pseudo/<area>/, every English message pseudo-localized
// (libs/platform/webpack/pseudo-locale.cjs). The normal dist/ folders are left as they are. Run it after
// `npm run build` (the API the browser tests start is the normal one); playwright/specs/pseudo-locale.spec.ts
// serves this build with STATIC_DIR=dist/pseudo and fails on every visible text that is not pseudo-localized.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webpack = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
const env = { ...process.env, WAYPOINT_PSEUDO_LOCALE: '1' };

/** Runs a command in a workspace and rejects when it fails. */
function run(workspace, args) {
  const cwd = path.join(root, workspace);
  console.log(`\n[pseudo] ${workspace}: ${args.map((a) => path.relative(cwd, a) || a).join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${workspace}: ${args.join(' ')} failed (${code ?? signal})`)),
    );
  });
}

const started = Date.now();
// One at a time: CI machines have few cores, and each build already uses them.
for (const remote of ['mf-apply', 'mf-account', 'mf-admin']) {
  await run(remote, [webpack, '--mode', 'production']);
}
await run('shell', [webpack, '--mode', 'production']);
await run('shell', [webpack, '--config', 'webpack.prerender.js']);
await run('shell', [path.join(root, 'shell/scripts/prerender.cjs')]);
console.log(`\n[pseudo] built into dist/pseudo/ in ${Math.round((Date.now() - started) / 1000)} s`);
