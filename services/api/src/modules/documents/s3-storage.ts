import crypto from 'node:crypto';
import type { FileStorage } from './storage';

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: crypto.BinaryLike, data: string) =>
  crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of each path segment, as SigV4 requires. */
const encodePath = (path: string) =>
  path
    .split('/')
    .map((s) =>
      encodeURIComponent(s).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');

export interface SigV4Input {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  amzDate: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  service?: string;
}

/** AWS Signature Version 4 Authorization header for a request without a query string. */
export function signV4(input: SigV4Input): string {
  const service = input.service ?? 's3';
  const date = input.amzDate.slice(0, 8);
  const headers = Object.entries(input.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonical = [
    input.method,
    encodePath(input.path),
    '',
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const scope = `${date}/${input.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, date), input.region), service),
    'aws4_request',
  );
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope},SignedHeaders=${signedHeaders},Signature=${signature}`;
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3-compatible object storage (AWS S3, MinIO, R2, …) with path-style URLs and SigV4, over fetch. */
export class S3Storage implements FileStorage {
  private readonly base: URL;

  constructor(private readonly options: S3Options) {
    this.base = new URL(options.endpoint.replace(/\/+$/, ''));
  }

  private async send(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: Buffer,
  ): Promise<Response> {
    const path = `${this.base.pathname.replace(/\/$/, '')}/${this.options.bucket}/${key}`;
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: this.base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(body ? { 'content-type': 'application/octet-stream' } : {}),
    };
    const authorization = signV4({ method, path, headers, payloadHash, amzDate, ...this.options });
    const { host: _host, ...sent } = headers;
    const res = await fetch(new URL(encodePath(path), this.base.origin), {
      method,
      headers: { ...sent, authorization },
      ...(body ? { body: new Uint8Array(body) } : {}),
    });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`Object storage answered ${res.status} to ${method} ${key}`);
    }
    return res;
  }

  async put(key: string, data: Buffer) {
    await this.send('PUT', key, data);
  }

  async get(key: string) {
    return Buffer.from(await (await this.send('GET', key)).arrayBuffer());
  }

  async delete(key: string) {
    await this.send('DELETE', key);
  }
}
