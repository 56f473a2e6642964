import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { StoredObjectMissing, type FileStorage } from '../../lib/file-storage';

export { StoredObjectMissing } from '../../lib/file-storage';

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3-compatible object storage (AWS S3, MinIO, R2, …) through the AWS SDK, with path-style URLs. */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: {
        accessKeyId: options.accessKeyId,
        secretAccessKey: options.secretAccessKey,
      },
      // Checksums only where an operation requires one: several S3-compatible servers refuse the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, data: Buffer) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: data,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async get(key: string) {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      );
      if (!res.Body) throw new StoredObjectMissing(key);
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey) throw new StoredObjectMissing(key);
      throw err;
    }
  }

  /** Deleting an object that is not there succeeds, as it does on local storage. */
  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** The bucket exists and the credentials open it (one HEAD request). */
  async probe(signal: AbortSignal) {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), {
      abortSignal: signal,
    });
  }

  close() {
    this.client.destroy();
  }
}
