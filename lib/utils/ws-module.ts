// Node-only: the `ws` package (the WebSocket library @google/genai itself uses on Node), loaded
// lazily, with the few types rxadk's WebSocket servers use (the package ships no types).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** One WebSocket connection of a `ws` server (the part rxadk uses). */
export interface WsSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | string, isBinary: boolean) => void): this;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}

/** A `ws` server without its own HTTP server (`noServer: true`): upgrades are handed to it. */
export interface WsServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, callback: (socket: WsSocket) => void): void;
  close(): void;
  readonly clients: Set<WsSocket>;
}

/** The part of the `ws` module rxadk uses. */
export interface WsModule {
  WebSocketServer: new (options: { noServer: true; maxPayload?: number }) => WsServer;
}

const WS_PACKAGE = 'ws';

/**
 * Loads `ws` (a dependency of rxadk, and the WebSocket client `@google/genai` uses on Node).
 *
 * @example
 * ```ts
 * const { WebSocketServer } = await loadWs();
 * const wss = new WebSocketServer({ noServer: true });
 * ```
 */
export function loadWs(): Promise<WsModule> {
  return import(WS_PACKAGE) as Promise<WsModule>;
}
