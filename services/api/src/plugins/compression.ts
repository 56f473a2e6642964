import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this travel as they are: compressing them saves too little for the work. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Text, JSON, XML and JavaScript. Images, PDFs and other formats that are compressed already (the documents a
 * traveller uploads and downloads) are sent as they are.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript(?:;|$)/;

/**
 * Compresses replies (Brotli, else gzip) for browsers that accept it, with `Vary: Accept-Encoding`: JSON over
 * 1 KB (reference data, lists) and streamed CSV exports. Built front-end files already carry a `.br`/`.gz`
 * sibling and are sent as such (see bundles.ts); this plugin leaves a reply alone once it has an encoding.
 *
 * The hook is added to each route, so it runs after the route's own onSend hooks (an ETag is computed over the
 * JSON itself). Request bodies are never decompressed: the Stripe webhook is verified over the bytes as sent
 * and the body limits apply to what actually arrives.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Quality 4: close to gzip's speed with smaller output; the highest levels are for build-time compression.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}
