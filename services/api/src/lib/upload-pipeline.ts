/** A place in the image queue, taken before the body is read and released when the request ends. */
export interface QueueTicket {
  /** Waits for a worker (within the account's share), runs `work`, then frees the worker. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back (idempotent); call it in `finally`. */
  release(): void;
}

/**
 * The processing of uploads in one API process, shared by every way a document arrives: the image queue that
 * bounds decoding (and the upload bodies held meanwhile). Passport pages' MRZs are read by a worker's job.
 */
export interface UploadPipeline {
  /**
   * A place in the image queue for one account's upload, taken before its body is read so that waiting bodies
   * are bounded; answered 429 when the account or the process has too many under way.
   */
  admit(owner: string): QueueTicket;
}
