import type { S3Client } from '@aws-sdk/client-s3';
import { StoredObjectMissing, type FileStorage } from '../../lib/file-storage';
import { lazyModule } from '../../lib/lazy-module';

/** The AWS SDK, loaded when a portal that stores its files on S3 first touches one. */
const sdk = lazyModule(() => import('@aws-sdk/client-s3'));

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
  private connecting: Promise<S3Client> | undefined;
  private connected: S3Client | undefined;

  constructor(private readonly options: S3Options) {}

  /** The SDK's client, made on first use. */
  private client(): Promise<S3Client> {
    return (this.connecting ??= sdk().then(({ S3Client }) => {
      const options = this.options;
      return (this.connected = new S3Client({
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
      }));
    }));
  }

  async put(key: string, data: Buffer) {
    const [client, { PutObjectCommand }] = await Promise.all([this.client(), sdk()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: data,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async get(key: string) {
    const [client, { GetObjectCommand, NoSuchKey }] = await Promise.all([this.client(), sdk()]);
    try {
      const res = await client.send(
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
    const [client, { DeleteObjectCommand }] = await Promise.all([this.client(), sdk()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** The bucket exists and the credentials open it (one HEAD request). */
  async probe(signal: AbortSignal) {
    const [client, { HeadBucketCommand }] = await Promise.all([this.client(), sdk()]);
    await client.send(new HeadBucketCommand({ Bucket: this.options.bucket }), {
      abortSignal: signal,
    });
  }

  close() {
    this.connected?.destroy();
  }
}
