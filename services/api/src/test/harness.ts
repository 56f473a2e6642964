import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { FieldEncryption } from '../lib/field-encryption';
import { createTemplate, leaseDatabase, TEMPLATE_ENV } from './template';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * An app on a database of its own in the template's state (on PGlite, the test worker's database, put back to
 * that state when the app is closed), with a temporary DATA_DIR.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Extra routes registered before the app is ready (to exercise shared machinery). */
  extend?: (app: FastifyInstance) => void | Promise<void>,
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const template =
    process.env[TEMPLATE_ENV] ?? (process.env[TEMPLATE_ENV] = await createTemplate());
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'waypoint-data-'));
  // No load shedding unless a test asks for it: a busy test machine must not turn replies into 503s.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Passport pages' MRZs are read only in the tests about it (each read takes a second or more).
    MRZ_READING: 'false',
    ...env,
  });
  const lease = await leaseDatabase(template);
  const { database } = lease;
  const encryption = new FieldEncryption(crypto.randomBytes(32).toString('base64'));
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, database, encryption, ...(logStream ? { logStream } : {}) });
    await extend?.(app);
    await app.ready();
  } catch (error) {
    await lease.release();
    throw error;
  }
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await lease.release();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The parsed JSON body of an injected reply. */
export function body<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}
