import type { Locale } from '@waypoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { CounterStore } from './counter-store';
import type { FileStorage } from './file-storage';
import type { UploadPipeline } from './upload-pipeline';
import type { QueueName } from './jobs';
import type { FieldEncryption } from './field-encryption';

/** What every service function receives: the database, configuration and a logger. */
export interface ServiceContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  encryption: FieldEncryption;
  /** Secret used to hash one-time codes (derived from the encryption key). */
  codeKey: string;
  /**
   * Wakes this process's worker of a queue after a transaction that queued a job has committed (a process that
   * runs no jobs leaves them to the workers' next poll).
   */
  pokeJobs: (queue: QueueName) => void;
  /** Rate-limit counters: Redis when REDIS_URL is set, the database otherwise. */
  rateLimits: CounterStore;
  /** Where uploaded documents are kept (a folder, or S3): one for the whole app, closed with it. */
  storage: FileStorage;
  /** The image queue and MRZ reader that uploads go through: one for the whole app, closed with it. */
  uploads: UploadPipeline;
}

/** Who is asking, as a request shows it: used for rate limits and recorded in the audit log. */
export interface Caller {
  ip: string;
  userAgent?: string | null;
  /** The language of the visit (its kept choice, else its browser's): an account it creates takes it. */
  locale?: Locale;
}
