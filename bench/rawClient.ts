import net from 'node:net';

/** How one request ended: the server's status, or the network error that kept it from being answered. */
export interface Outcome {
  status?: number;
  ms: number;
  error?: string;
  /** The answer's Retry-After, in seconds. */
  retryAfterS?: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One client of the overload section: a kept-alive connection from its own address that sends one
 * prepared request at a time and reads just the status line and Content-Length of each answer.
 * Node's http client cost this process ~100 µs a request: at 10 times the peak's clients the
 * bench's own event loop was the bottleneck, and every figure it took timed that loop. This one
 * costs a few µs, like autocannon's (which cannot give each connection an address of its own).
 * After an answer with `Connection: close`, or a closed socket, the next request reconnects.
 */
export class RawClient {
  private socket: net.Socket | undefined;
  private pending: { resolve: (o: Outcome) => void; started: number } | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  /** Connections this client opened. */
  connections = 0;

  constructor(
    private readonly target: { host: string; port: number },
    private readonly localAddress: string,
    private readonly request: Buffer,
  ) {}

  send(): Promise<Outcome> {
    return new Promise((resolve) => {
      this.pending = { resolve, started: performance.now() };
      this.buffer = Buffer.alloc(0);
      (this.socket ?? this.connect()).write(this.request);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connect(): net.Socket {
    this.connections++;
    const socket = net.connect({ ...this.target, localAddress: this.localAddress });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    // A socket this client has let go of (after `Connection: close`) ends later, when the next
    // request is already on a new one: its end is not that request's.
    const end = (error: string) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.finish({ error });
    };
    socket.on('error', (err: NodeJS.ErrnoException) => end(err.code ?? err.message));
    socket.on('close', () => end('ECONNRESET'));
    this.socket = socket;
    return socket;
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const headEnd = this.buffer.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffer.length < headEnd + HEAD_END.length + length) return;
    const status = Number(head.slice(9, 12));
    const retryAfter = /\r\nretry-after: *(\d+)/i.exec(head)?.[1];
    if (/\r\nconnection: *close/i.test(head)) this.close();
    this.finish({ status, ...(retryAfter === undefined ? {} : { retryAfterS: Number(retryAfter) }) });
  }

  private finish(result: Omit<Outcome, 'ms'>): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    pending.resolve({ ...result, ms: performance.now() - pending.started });
  }
}
