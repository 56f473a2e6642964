/** Where uploaded files live: never under a web root, read back only through the API's access checks. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Lets go of connections when the app closes. */
  close?(): void;
}
