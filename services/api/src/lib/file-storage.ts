/** Where uploaded files live: never under a web root, read back only through the API's access checks. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes; throws `StoredObjectMissing` when nothing is stored under the key. */
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /**
   * Resolves when files can be stored now (the folder is writable, the bucket answers), throws otherwise: what the
   * readiness probe asks.
   */
  probe?(signal: AbortSignal): Promise<void>;
  /** Lets go of connections when the app closes. */
  close?(): void;
}

/** Thrown by `get` when nothing is stored under the key (the file or object was lost, or erased). */
export class StoredObjectMissing extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}`);
    this.name = 'StoredObjectMissing';
  }
}
