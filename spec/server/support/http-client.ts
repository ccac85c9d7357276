import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** An answer read whole. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown;
}

/** One server-sent event as read off the wire. */
export interface SseFrame {
  event: string | undefined;
  data: unknown;
  /** The frame's exact text (without the blank line that ends it). */
  raw: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends a request (no keep-alive) and reads the whole answer. `body`: an object (sent as JSON) or raw text. */
export function call(baseUrl: string, method: string, path: string, body?: unknown): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = httpRequest(new URL(path, baseUrl), { method, agent: false, headers: payload ? { 'content-type': 'application/json' } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: parseJson(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * An open `POST /run_sse`: frames are parsed as they arrive (strictly: each frame is an optional
 * `event:` line and one `data:` line); {@link waitFor} resolves on the first frame that matches,
 * {@link ended} when the server ends the stream, {@link close} hangs up.
 */
export class SseStream {
  readonly frames: SseFrame[] = [];
  /** Frames that are not `[event: x\n]data: <json>`. */
  readonly malformed: string[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  readonly ended: Promise<void>;
  private buffer = '';
  private readonly waiters: Array<{ match: (frame: SseFrame) => boolean; resolve: (frame: SseFrame) => void }> = [];
  private readonly req;
  private resolveEnded!: () => void;

  constructor(baseUrl: string, body: unknown) {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    this.req = httpRequest(new URL('/run_sse', baseUrl), { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) =>
      this.receive(res),
    );
    this.req.on('error', () => this.resolveEnded());
    this.req.end(JSON.stringify(body));
  }

  /** The first frame (already received or to come) that matches. */
  waitFor(match: (frame: SseFrame) => boolean): Promise<SseFrame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Hangs up (destroys the connection). */
  close(): void {
    this.req.destroy();
  }

  /** The agent events (plain `data:` frames). */
  events(): Array<Record<string, unknown>> {
    return this.frames.filter((f) => f.event === undefined).map((f) => f.data as Record<string, unknown>);
  }

  private receive(res: IncomingMessage): void {
    this.status = res.statusCode ?? 0;
    this.headers = res.headers;
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => this.consume(chunk));
    res.on('end', () => this.resolveEnded());
    res.on('close', () => this.resolveEnded());
    res.on('error', () => this.resolveEnded());
  }

  private consume(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const raw = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.accept(raw);
    }
  }

  private accept(raw: string): void {
    const match = /^(?:event: ([a-z]+)\n)?data: (.*)$/.exec(raw);
    const data = match ? parseJson(match[2]!) : undefined;
    if (!match || data === undefined) {
      this.malformed.push(raw);
      return;
    }
    const frame: SseFrame = { event: match[1], data, raw };
    this.frames.push(frame);
    for (const waiter of [...this.waiters]) {
      if (!waiter.match(frame)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  }
}
