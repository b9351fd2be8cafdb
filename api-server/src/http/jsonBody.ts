import { finished, type Duplex, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { parse as parseContentType } from 'content-type';
import type { Request, RequestHandler } from 'express';
import iconv from 'iconv-lite';

/** Largest JSON body any API reads, in bytes once decompressed: forms, checkout and sandbox calls stay far below. */
export const JSON_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * A failure to read or parse a body. `type` carries body-parser's names for the same failures,
 * which errors.ts maps to the one human message each (clientErrorOf).
 */
class BodyError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const EMPTY = Buffer.alloc(0);

/**
 * A body's bytes as they arrive, copied into one buffer that doubles when full. A request holds at
 * most about twice what its client has sent, off V8's heap, however the bytes are cut into packets.
 * That is why this reader exists rather than express.json: body-parser (raw-body) appends each
 * packet's decoded text to a string, and V8 keeps every append as a 32-byte node of a rope on the
 * heap until the string is read. A client trickling a 16 kB body one byte per packet held about
 * 500 kB of heap for up to CLIENT_TIMEOUTS.requestMs, and 512 such connections from 4 addresses
 * exhausted the server's 96 MB heap in 19 s (bench/overload.ts's trickle row shows it survives now).
 */
class Bytes {
  private buffer: Buffer = EMPTY;
  length = 0;

  constructor(private readonly expected: number | undefined) {}

  add(chunk: Buffer): void {
    if (this.length === 0 && chunk.length === this.expected) {
      // The whole body in its first packet (nearly every request): kept as it came, until parsed.
      this.buffer = chunk;
      this.length = chunk.length;
      return;
    }
    const needed = this.length + chunk.length;
    if (needed > this.buffer.length) {
      const size = Math.min(JSON_BODY_LIMIT_BYTES, Math.max(needed, this.buffer.length * 2, 256));
      // Slow, i.e. unpooled: a trickling request must not keep one of Node's shared 8 kB pools alive.
      const grown = Buffer.allocUnsafeSlow(size);
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.length);
    this.length = needed;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

function decompressor(encoding: string): Duplex | undefined {
  if (encoding === 'gzip') return zlib.createGunzip();
  if (encoding === 'deflate') return zlib.createInflate();
  if (encoding === 'br') return zlib.createBrotliDecompress();
  // zstd came to zlib in Node 22.15; where it is missing, the encoding is refused as unknown.
  if (encoding === 'zstd' && 'createZstdDecompress' in zlib) return (zlib as unknown as { createZstdDecompress: () => Duplex }).createZstdDecompress();
  return undefined;
}

/** The body's charset, lower-cased; undefined when Content-Type names none (content-type 2 reads any header without throwing). */
function charsetOf(req: Request): string | undefined {
  const header = req.headers['content-type'];
  return header ? parseContentType(header).parameters.charset?.toLowerCase() : undefined;
}

/**
 * Reads the body to its end and calls back with its bytes, or with a BodyError once the rest of
 * the request has been read off (so a keep-alive connection stays usable for the next request).
 */
function readBody(req: Request, done: (err: Error | undefined, bytes?: Buffer) => void): void {
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  let inflate: Duplex | undefined;
  let expected: number | undefined;
  if (encoding === 'identity') {
    expected = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  } else {
    inflate = decompressor(encoding);
    if (!inflate) {
      done(new BodyError(415, 'encoding.unsupported', `unsupported content encoding "${encoding}"`));
      return;
    }
    req.pipe(inflate);
  }
  const stream: Readable = inflate ?? req;

  const bytes = new Bytes(expected);
  let settled = false;
  const fail = (err: Error) => {
    if (settled) return;
    settled = true;
    stream.removeListener('data', onData);
    if (inflate) {
      req.unpipe(inflate);
      inflate.destroy();
    }
    // What a client sent after the failure is read and dropped, then the failure is answered.
    req.resume();
    finished(req, () => done(err));
  };
  const onData = (chunk: Buffer) => {
    if (bytes.length + chunk.length > JSON_BODY_LIMIT_BYTES) fail(new BodyError(413, 'entity.too.large', 'request entity too large'));
    else bytes.add(chunk);
  };
  if (expected !== undefined && expected > JSON_BODY_LIMIT_BYTES) {
    fail(new BodyError(413, 'entity.too.large', 'request entity too large'));
    return;
  }
  stream.on('data', onData);
  stream.on('end', () => {
    if (settled) return;
    if (expected !== undefined && bytes.length !== expected) {
      fail(new BodyError(400, 'request.size.invalid', 'request size did not match content length'));
      return;
    }
    settled = true;
    done(undefined, bytes.bytes());
  });
  stream.on('error', (err: Error & { status?: number; expose?: boolean }) => {
    // The request itself fails only when its connection does (Node's "aborted" reset).
    if (!inflate) {
      fail(new BodyError(400, 'request.aborted', 'request aborted'));
      return;
    }
    // A zlib error (a body that is not what its Content-Encoding says) is the client's: errors.ts
    // tells it by its code, as it did body-parser's.
    err.status = 400;
    err.expose = true;
    fail(err);
  });
  req.on('close', () => {
    if (!req.complete) fail(new BodyError(400, 'request.aborted', 'request aborted'));
  });
}

/** The first character that is not JSON whitespace, or '' when there is none. */
function firstSignificant(text: string): string {
  return /^[\x20\x09\x0a\x0d]*(.?)/.exec(text)![1]!;
}

/**
 * The one JSON body parser (its failures are mapped in errors.ts). It reads what express.json
 * reads and refuses what it refuses, with the same error types: the body of a request whose
 * Content-Type is application/json (any type with `anyContentType`, as the sandbox and MCP read
 * API clients that omit it), in a utf-* charset, identity or gzip, deflate, br (or zstd) encoded,
 * at most JSON_BODY_LIMIT_BYTES once decompressed; an empty body is {}. `strict` (the default)
 * takes only an object or an array at the top, as the live API and the sandbox do; MCP's
 * JSON-RPC takes any JSON value and answers the wrong ones itself.
 */
export function jsonBody(options: { anyContentType?: boolean; strict?: boolean } = {}): RequestHandler {
  const strict = options.strict ?? true;
  return (req, _res, next) => {
    // Already read, by this parser earlier in the chain.
    if (req.readableEnded || (req.complete && !req.readable)) {
      next();
      return;
    }
    const hasBody = req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
    if (!hasBody || (!options.anyContentType && !req.is('application/json'))) {
      next();
      return;
    }
    const charset = charsetOf(req) ?? 'utf-8';
    // RFC 8259 (JSON) text is Unicode; iconv-lite decodes the utf-* charsets it knows.
    if (!charset.startsWith('utf-') || !iconv.encodingExists(charset)) {
      next(new BodyError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`));
      return;
    }
    readBody(req, (err, bytes) => {
      if (err) {
        next(err);
        return;
      }
      // iconv-lite drops a byte order mark, as body-parser did.
      const text = iconv.decode(bytes!, charset);
      if (text.length === 0) {
        req.body = {};
        next();
        return;
      }
      const first = firstSignificant(text);
      if (strict && first !== '{' && first !== '[') {
        next(new BodyError(400, 'entity.parse.failed', `Unexpected token ${first || 'end of input'}: the body must be a JSON object or array`));
        return;
      }
      try {
        req.body = JSON.parse(text) as unknown;
      } catch (parseError) {
        next(new BodyError(400, 'entity.parse.failed', (parseError as Error).message));
        return;
      }
      next();
    });
  };
}
