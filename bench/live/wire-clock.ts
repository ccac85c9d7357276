// When the client's WebSocket (the `ws` socket @google/genai opens on Node) last sent and last
// received a message, and when a framework last handed a frame to @google/genai and last got a
// message from it: the bench's view of the wire and of the SDK boundary, to split a frame's round
// trip into what the framework added on the way out, the SDK, the network and stand-in, and what
// the framework added on the way in.
import type { Live as LiveClient, Session as LiveSession } from '@google/genai';
import { nowMs } from '../stats.js';

interface WireTimes {
  /** The client socket's last send. */
  sent: number;
  /** The client socket's last message. */
  received: number;
  /** The last call into @google/genai's `Session.sendRealtimeInput` (where a framework hands a frame to the SDK). */
  sdkSend: number;
  /** The last server message the SDK handed to a live session's `onmessage` (where the framework gets it). */
  sdkDelivered: number;
  /** The time spent in sessions' `onmessage` so far, ms: all the work a path does synchronously on a server message. */
  inOnmessage: number;
  /** The time spent in `Session.sendRealtimeInput` so far, ms: the SDK's send (its JSON and the socket's write). */
  inSdkSend: number;
}

/** The times, updated by the patched socket and SDK. */
export const wire: WireTimes = { sent: 0, received: 0, sdkSend: 0, sdkDelivered: 0, inOnmessage: 0, inSdkSend: 0 };

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
  await installSdkClock();
}

/**
 * Patches @google/genai (the one module instance rxadk, @google/adk and the floor all load) so the
 * bench sees where a framework's own work ends and the SDK's starts: the entry into
 * `Session.sendRealtimeInput`, and the moment the SDK calls a session's `onmessage`.
 */
async function installSdkClock(): Promise<void> {
  const { Live, Session } = await import('@google/genai');
  const send = Session.prototype.sendRealtimeInput;
  Session.prototype.sendRealtimeInput = function (this: LiveSession, parameters: Parameters<LiveSession['sendRealtimeInput']>[0]) {
    const start = nowMs();
    wire.sdkSend = start;
    send.call(this, parameters);
    wire.inSdkSend += nowMs() - start;
  };
  const connect = Live.prototype.connect;
  Live.prototype.connect = function (this: LiveClient, parameters: Parameters<LiveClient['connect']>[0]) {
    const onmessage = parameters.callbacks?.onmessage;
    if (!onmessage) return connect.call(this, parameters);
    const stamped: typeof onmessage = (message) => {
      const delivered = nowMs();
      wire.sdkDelivered = delivered;
      onmessage(message);
      wire.inOnmessage += nowMs() - delivered;
    };
    return connect.call(this, { ...parameters, callbacks: { ...parameters.callbacks, onmessage: stamped } });
  };
}
