import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { StoredObjectMissing, type FileStorage } from '../../lib/file-storage';
import { S3Storage } from './s3-storage';

export type { FileStorage } from '../../lib/file-storage';

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

/** The default storage: a folder (DATA_DIR/uploads), files readable by the owner only. */
export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer) {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.writeFile(file, data, { mode: 0o600 });
  }

  async get(key: string) {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredObjectMissing(key);
      throw err;
    }
  }

  async delete(key: string) {
    await fs.rm(this.resolve(key), { force: true });
  }

  /** A file can be written in the folder and removed again (a full disk or a read-only mount fails this). */
  async probe() {
    await fs.mkdir(this.root, { recursive: true, mode: 0o700 });
    const file = path.join(this.root, `.ready-probe-${process.pid}`);
    await fs.writeFile(file, '', { mode: 0o600 });
    await fs.rm(file, { force: true });
  }
}

export function createStorage(config: Config): FileStorage {
  const s = config.storage;
  return s.kind === 's3' ? new S3Storage(s) : new LocalStorage(s.dir);
}
