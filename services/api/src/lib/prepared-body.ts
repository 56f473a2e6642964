import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings a prepared body is kept in, best first. */
export type BodyEncoding = 'br' | 'gzip' | 'identity';

/**
 * A response body ready to send: serialized once, with its strong ETag; its Brotli and gzip forms are made the
 * first time a browser asks for each (at the highest levels: once per snapshot, not per request). Each form has
 * its own strong ETag (`"<hash>"`, `"<hash>-br"`, `"<hash>-gz"`), as different bytes must.
 */
export class PreparedBody {
  private readonly encoded = new Map<BodyEncoding, Buffer>();

  constructor(
    readonly body: Buffer,
    /** The ETag of the JSON as it is, without a content encoding. */
    readonly etag: string,
  ) {
    this.encoded.set('identity', body);
  }

  /** The body in `encoding`, compressed on first use and kept. */
  in(encoding: BodyEncoding): Buffer {
    let found = this.encoded.get(encoding);
    if (!found) {
      found =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : zlib.gzipSync(this.body, { level: zlib.constants.Z_BEST_COMPRESSION });
      this.encoded.set(encoding, found);
    }
    return found;
  }

  /** The encodings this body is already kept in (plain, and each compressed form made so far). */
  encodings(): BodyEncoding[] {
    return [...this.encoded.keys()];
  }

  etagFor(encoding: BodyEncoding): string {
    return encoding === 'identity'
      ? this.etag
      : `${this.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
  }
}

/**
 * Makes the Brotli and gzip forms of `bodies` ahead of the first request for them, one body and encoding per task
 * (`setImmediate`), so requests arriving meanwhile are answered between them: the first visitor after a start
 * gets the page as fast as the next. Stops early when `stopped()` says the server is closing.
 */
export async function compressAhead(
  bodies: Iterable<PreparedBody>,
  stopped: () => boolean = () => false,
): Promise<void> {
  for (const body of bodies) {
    for (const encoding of ['br', 'gzip'] as const) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (stopped()) return;
      body.in(encoding);
    }
  }
}

/** The best encoding a browser accepts (`Accept-Encoding`, with q-values): Brotli, then gzip, else none. */
export function preferredEncoding(header: string | string[] | undefined): BodyEncoding {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name, q ? Number(q[1]) : 1);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

/** How often a running process checks whether the seed wrote a new version of the reference data. */

/** Whether an If-None-Match header names `etag` (a list, weak forms and `*` included). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === '*') return true;
    // Any encoding's tag names the same data: a cached Brotli copy is as current as the plain one.
    const bare = (tag.startsWith('W/') ? tag.slice(2) : tag).replace(/-(?:br|gz)"$/, '"');
    if (bare === etag) return true;
  }
  return false;
}

/**
 * Sends a body prepared in advance in the encoding the client accepts, with its ETag, or 304 when the client's
 * copy is current. A Buffer with its content type bypasses the response serializer, and the compression plugin
 * leaves a reply that already has an encoding alone.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBody,
  headers: {
    contentType: string;
    cacheControl: string;
    /** Request headers the body depends on besides Accept-Encoding (a page's language: Cookie, Accept-Language). */
    varyAlso?: string;
    /** A status other than 200 (an error's page): sent as it is, without an ETag, never answered 304. */
    status?: number;
  },
) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  reply
    .header('cache-control', headers.cacheControl)
    .header('vary', headers.varyAlso ? `accept-encoding, ${headers.varyAlso}` : 'accept-encoding');
  if (headers.status !== undefined) reply.code(headers.status);
  else {
    reply.header('etag', prepared.etagFor(encoding));
    if (matchesEtag(request.headers['if-none-match'], prepared.etag)) {
      return reply.code(304).send();
    }
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.header('content-type', headers.contentType).send(prepared.in(encoding));
}
