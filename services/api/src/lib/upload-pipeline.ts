/** A place in the image queue, taken before the body is read and released when the request ends. */
export interface QueueTicket {
  /** Waits for a worker (within the account's share), runs `work`, then frees the worker. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the place back (idempotent); call it in `finally`. */
  release(): void;
}

/** A passport page as stored, whose MRZ is read after its upload has been answered. */
export interface StoredPassportPage {
  documentId: string;
  travelerId: string;
  image: Buffer;
}

/**
 * The processing of uploads in one API process, shared by every way a document arrives: the image queue that
 * bounds decoding (and the upload bodies held meanwhile), and the MRZ reader of passport pages.
 */
export interface UploadPipeline {
  /**
   * A place in the image queue for one account's upload, taken before its body is read so that waiting bodies
   * are bounded; answered 429 when the account or the process has too many under way.
   */
  admit(owner: string): QueueTicket;
  /**
   * Starts the reading of a stored passport page's MRZ (in the background: the upload's answer does not wait
   * for it); absent when MRZ reading is off (MRZ_READING).
   */
  readMrz: ((stored: StoredPassportPage) => void) | undefined;
  /** Stops the reader (pages waiting stay pending), then waits for the results under way to be recorded. */
  close(): Promise<void>;
}
