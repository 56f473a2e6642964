import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { FileStorage } from '../../lib/file-storage';
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

  get(key: string) {
    return fs.readFile(this.resolve(key));
  }

  async delete(key: string) {
    await fs.rm(this.resolve(key), { force: true });
  }
}

export function createStorage(config: Config): FileStorage {
  const s = config.storage;
  return s.kind === 's3' ? new S3Storage(s) : new LocalStorage(s.dir);
}
