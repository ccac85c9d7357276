import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { loadWs, type WsServer, type WsSocket } from '../utils/ws-module.js';

/**
 * One step of a scripted live connection:
 * - `{send}`: a server message (`BidiGenerateContentServerMessage` JSON: `serverContent`,
 *   `toolCall`, `toolCallCancellation`, `goAway`, `sessionResumptionUpdate`, `usageMetadata`);
 * - `{await}`: wait for the client's next message of that kind (`clientContent`,
 *   `realtimeInput`, `toolResponse`) not yet awaited;
 * - `{close}`: close the socket with that code (`1006` drops it without a close frame).
 *
 * @example
 * ```ts
 * const turn: GeminiLiveStep[] = [
 *   { await: 'clientContent' },
 *   { send: { serverContent: { modelTurn: { parts: [{ text: 'Hi' }] } } } },
 *   { send: { serverContent: { turnComplete: true } } },
 *   { close: 1011, reason: 'internal' },
 * ];
 * ```
 */
export type GeminiLiveStep =
  | { send: object }
  | { await: GeminiLiveClientKind }
  | { close: number; reason?: string };

/** The kinds of message a client sends after its `setup`. */
export type GeminiLiveClientKind = 'clientContent' | 'realtimeInput' | 'toolResponse';

/**
 * What the stand-in saw of one connection.
 *
 * @example
 * ```ts
 * const [first] = standIn.connections;
 * first.setup.model;                   // 'models/gemini-live-2.5-flash-preview'
 * first.received.map(kindOf);          // ['clientContent', 'realtimeInput', ...]
 * ```
 */
export interface GeminiLiveConnectionRecord {
  /** The request path (`/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent`). */
  path: string;
  /** The `setup` message's body (model, generationConfig, systemInstruction, tools, sessionResumption, ...). */
  setup: Record<string, unknown> & { model?: string };
  /** Every client message after the setup, in order (empty under `keepMessages: false`). */
  received: Array<Record<string, unknown>>;
  /** How many messages of each kind the client sent after the setup (counted even when not kept). */
  counts: Record<GeminiLiveClientKind, number>;
  /** True once the socket closed. */
  closed: boolean;
}

/**
 * Options of {@link GeminiLiveStandIn.start}.
 *
 * @example
 * ```ts
 * const standIn = await GeminiLiveStandIn.start({ connections: [[{ await: 'clientContent' }, { send: text('Hi') }]] });
 * ```
 */
export interface GeminiLiveStandInOptions {
  /** One script per connection, in the order connections arrive; a connection beyond them runs no script. */
  connections?: GeminiLiveStep[][];
  /**
   * Whether to keep every client message in {@link GeminiLiveConnectionRecord.received} (default
   * true). A long run (a benchmark's 10,000 audio frames) turns it off, so that the stand-in's
   * memory stays flat; the counts are kept either way.
   */
  keepMessages?: boolean;
}

const CLIENT_KINDS: readonly GeminiLiveClientKind[] = ['clientContent', 'realtimeInput', 'toolResponse'];

const BIDI_PATH = /^\/ws\/google\.ai\.generativelanguage\.[^./]+\.GenerativeService\.BidiGenerateContent$/;

/**
 * A local stand-in for the Gemini Live API: a WebSocket server (on `ws`, the package
 * `@google/genai` uses on Node) at 127.0.0.1 and a random port that speaks BidiGenerateContent.
 * It accepts the path `@google/genai` connects to, answers the client's `setup` with
 * `setupComplete`, then plays the connection's script ({@link GeminiLiveStep}). It records what
 * each client sent ({@link connections}), and checks that every `toolResponse` answers function
 * call ids it sent ({@link problems}). Reach it through `GOOGLE_GEMINI_BASE_URL` or
 * `httpOptions.baseUrl` ({@link baseUrl}). Node-only.
 *
 * @example
 * ```ts
 * const standIn = await GeminiLiveStandIn.start({ connections: [[
 *   { await: 'clientContent' },
 *   { send: { serverContent: { modelTurn: { parts: [{ text: 'Hello!' }] } } } },
 *   { send: { serverContent: { turnComplete: true } } },
 * ]] });
 * const model = new Gemini({ model: 'gemini-live-2.5-flash-preview', apiKey: 'test', httpOptions: { baseUrl: standIn.baseUrl } });
 * // ... runner.runLive(...)
 * await standIn.close();
 * ```
 */
export class GeminiLiveStandIn {
  /** Every connection, in arrival order. */
  readonly connections: GeminiLiveConnectionRecord[] = [];
  /** What went wrong on the client's side: tool responses naming ids never called, messages that are not JSON. */
  readonly problems: string[] = [];
  private readonly scripts: GeminiLiveStep[][];
  private readonly keepMessages: boolean;
  private readonly sockets = new Set<Socket>();
  private readonly waiters: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    private readonly wss: WsServer,
    /** `http://127.0.0.1:<port>`: the client's `httpOptions.baseUrl`. */
    readonly baseUrl: string,
    options: GeminiLiveStandInOptions,
  ) {
    this.scripts = [...(options.connections ?? [])];
    this.keepMessages = options.keepMessages ?? true;
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    server.on('request', (_req, res) => res.writeHead(404).end());
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  /** Starts the stand-in on 127.0.0.1 and a random free port. */
  static async start(options: GeminiLiveStandInOptions = {}): Promise<GeminiLiveStandIn> {
    const { WebSocketServer } = await loadWs();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return new GeminiLiveStandIn(server, new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 }), `http://127.0.0.1:${port}`, options);
  }

  /** Appends the script of a later connection. */
  enqueue(...connections: GeminiLiveStep[][]): void {
    this.scripts.push(...connections);
  }

  /** Resolves once `predicate` holds (checked after every message and close). */
  until(predicate: (standIn: GeminiLiveStandIn) => boolean): Promise<void> {
    if (predicate(this)) return Promise.resolve();
    return new Promise((resolve) => {
      const check = (): void => {
        if (predicate(this)) resolve();
        else this.waiters.push(check);
      };
      this.waiters.push(check);
    });
  }

  /** Every client message of `kind`, over all connections. */
  received(kind: GeminiLiveClientKind): Array<Record<string, unknown>> {
    return this.connections.flatMap((c) => c.received.filter((m) => kind in m).map((m) => m[kind] as Record<string, unknown>));
  }

  /** Stops the server and drops every connection. Safe to call twice. */
  close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    for (const socket of this.sockets) socket.destroy();
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '/').split('?')[0]!.replace(/^\/+/, '/');
    if (!BIDI_PATH.test(path)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.serve(ws, path));
  }

  private serve(ws: WsSocket, path: string): void {
    const record: GeminiLiveConnectionRecord = { path, setup: {}, received: [], counts: { clientContent: 0, realtimeInput: 0, toolResponse: 0 }, closed: false };
    const script = this.scripts.shift() ?? [];
    const calls = new Set<string>();
    let setUp: () => void = () => undefined;
    const setupDone = new Promise<void>((resolve) => (setUp = resolve));
    ws.on('message', (data) => {
      const message = this.parse(String(data));
      if (!message) return;
      if ('setup' in message) {
        record.setup = message.setup as GeminiLiveConnectionRecord['setup'];
        this.connections.push(record);
        ws.send(JSON.stringify({ setupComplete: {} }));
        setUp();
      } else {
        for (const kind of CLIENT_KINDS) if (kind in message) record.counts[kind]++;
        if (this.keepMessages) record.received.push(message);
        this.checkToolResponse(message, calls);
      }
      this.wake();
    });
    ws.on('close', () => {
      record.closed = true;
      this.wake();
    });
    ws.on('error', () => undefined);
    void setupDone.then(() => this.play(ws, record, script, calls));
  }

  private async play(ws: WsSocket, record: GeminiLiveConnectionRecord, script: GeminiLiveStep[], calls: Set<string>): Promise<void> {
    const awaited: Record<GeminiLiveClientKind, number> = { clientContent: 0, realtimeInput: 0, toolResponse: 0 };
    for (const step of script) {
      if (record.closed) return;
      if ('send' in step) {
        for (const call of functionCallIds(step.send)) calls.add(call);
        ws.send(JSON.stringify(step.send));
      } else if ('await' in step) {
        const kind = step.await;
        const wanted = ++awaited[kind];
        if (record.counts[kind] < wanted) await this.until(() => record.closed || record.counts[kind] >= wanted);
      } else if (step.close === 1006) {
        ws.terminate();
      } else {
        ws.close(step.close, step.reason ?? '');
      }
    }
  }

  private parse(text: string): Record<string, unknown> | undefined {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    this.problems.push(`not a JSON object: ${text.slice(0, 80)}`);
    return undefined;
  }

  private checkToolResponse(message: Record<string, unknown>, calls: Set<string>): void {
    const responses = (message.toolResponse as { functionResponses?: Array<{ id?: string; name?: string }> } | undefined)?.functionResponses;
    for (const response of responses ?? []) {
      if (!response.id || !calls.has(response.id)) this.problems.push(`toolResponse for ${response.name ?? '?'} names id ${response.id ?? '(none)'}, which no toolCall on this connection sent`);
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}

function functionCallIds(message: object): string[] {
  const calls = (message as { toolCall?: { functionCalls?: Array<{ id?: string }> } }).toolCall?.functionCalls ?? [];
  return calls.flatMap((call) => (call.id ? [call.id] : []));
}
