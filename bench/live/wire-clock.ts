// When the client's WebSocket (the `ws` socket @google/genai opens on Node) last sent and last
// received a message: the bench's view of the wire, to split a frame's round trip into what the
// framework added on the way out, the network and stand-in, and what it added on the way in.
import { nowMs } from '../stats.js';

interface WireTimes {
  sent: number;
  received: number;
}

/** The times, updated by the patched socket. */
export const wire: WireTimes = { sent: 0, received: 0 };

let installed = false;
const WS_PACKAGE = 'ws';

/** Patches `ws`'s WebSocket so client sockets (not the stand-in's server sockets) stamp {@link wire}. */
export async function installWireClock(): Promise<void> {
  if (installed) return;
  installed = true;
  // by name: the `ws` types are a dev dependency the bench does not need
  const { WebSocket } = (await import(WS_PACKAGE)) as { WebSocket: { prototype: unknown } };
  const proto = WebSocket.prototype as {
    send: (...args: unknown[]) => void;
    emit: (event: string | symbol, ...args: unknown[]) => boolean;
  };
  const send = proto.send;
  const emit = proto.emit;
  proto.send = function (this: { _isServer?: boolean }, ...args: unknown[]) {
    if (!this._isServer) wire.sent = nowMs();
    return send.apply(this, args);
  };
  proto.emit = function (this: { _isServer?: boolean }, event: string | symbol, ...args: unknown[]) {
    if (event === 'message' && !this._isServer) wire.received = nowMs();
    return emit.call(this, event, ...args);
  };
}
