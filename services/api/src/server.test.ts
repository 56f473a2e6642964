import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serverArguments } from './faults/harness';

/** Starts the server on a free port; resolves with its address once it listens. */
function start(dataDir: string) {
  const child = spawn(process.execPath, serverArguments(), {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { child, url, exited, output: () => output };
}

/**
 * Resolves with the first 200 from `/api/ready`, as a load balancer's probe waits for it: while the process warms its
 * pages right after it starts, a busy machine can stall its event loop past the shedding limit, and readiness
 * answers 503 until it has caught up. Gives up after `ms` with the last status.
 */
async function ready(base: string, ms = 20_000): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const status = (await fetch(`${base}/api/ready`)).status;
    if (status === 200 || Date.now() > until) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the server process', () => {
  const onPglite = !process.env.DATABASE_URL;
  (onPglite ? it : it.skip)(
    'serves, then on SIGTERM finishes, closes the database and exits 0',
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-server-'));
      try {
        const first = start(dataDir);
        const base = await first.url;
        expect(await ready(base)).toBe(200);
        // A request whose body is still arriving when the signal comes must still be answered.
        const body = JSON.stringify({ email: 'ann@example.com' });
        const answer = new Promise<number>((resolve, reject) => {
          const req = http.request(`${base}/api/auth/check-email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
          });
          req.on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.write(body.slice(0, 5));
          setTimeout(() => {
            first.child.kill('SIGTERM');
            setTimeout(() => req.end(body.slice(5)), 300);
          }, 300);
        });
        expect(await answer).toBe(200);
        expect(await first.exited).toBe(0);
        expect(first.output()).toContain('shutting down: finishing in-flight requests');

        // The embedded database was closed cleanly: a new process opens it.
        const second = start(dataDir);
        const again = await second.url;
        expect(await ready(again)).toBe(200);
        expect((await fetch(`${again}/api/reference/countries`)).status).toBe(200);
        second.child.kill('SIGINT');
        expect(await second.exited).toBe(0);
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
