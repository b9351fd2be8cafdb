import http from 'node:http';
import zlib from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Sends the path byte for byte: supertest and fetch would normalise `/./x` or `//x` first. */
export function rawRequest(port: number, rawPath: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let buf = Buffer.concat(chunks);
        // HEAD answers announce an encoding but carry no body to decode.
        if (buf.length > 0 && res.headers['content-encoding'] === 'br') buf = zlib.brotliDecompressSync(buf);
        if (buf.length > 0 && res.headers['content-encoding'] === 'gzip') buf = zlib.gunzipSync(buf);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: buf.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}


/** The app on a real port, as `npm start` listens, with its client-error handler. */
export async function listen(app: http.RequestListener, onClientError?: (err: Error, socket: import('node:stream').Duplex) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer(app);
  if (onClientError) server.on('clientError', onClientError);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
