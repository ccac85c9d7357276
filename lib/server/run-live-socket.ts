import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { concatMap, type Observable, throwError } from 'rxjs';
import type { RunConfig } from '../context/run-config.js';
import type { Event } from '../events/event.js';
import { LiveRequestQueue } from '../live/live-request-queue.js';
import { type LiveRequest } from '../models/live-request.js';
import { SessionNotFoundError, toError } from '../utils/errors.js';
import { loadWs, type WsServer, type WsSocket } from '../utils/ws-module.js';
import type { AppRunners } from './app-runners.js';
import { type CrossSitePolicy, crossSiteRefusal } from './cross-site-policy.js';
import { liveRequestFromWire } from './live-request-from-wire.js';

/** ADK's close codes of `/run_live`. */
export const LIVE_CLOSE_CODES = { normal: 1000, sessionNotFound: 1002, policy: 1008, error: 1011 } as const;

/**
 * The `WS /run_live?app_name&user_id&session_id&modalities=…` endpoint of the dev server, as
 * ADK's: snake_case `LiveRequest` frames in (adk-web's microphone sends 16 kHz PCM blobs), the
 * events out as camelCase JSON. Closes with 1008 for a refused Origin or Host (the HTTP
 * cross-site rules) or an unknown app, 1002 for a session that does not exist (never created
 * here), 1011 for an error (the reason cut to 123 bytes), 1000 once the conversation ends. An
 * invalid frame gets an error event (`errorCode: 'INVALID_LIVE_REQUEST'`) and the conversation
 * goes on. Closing the socket unsubscribes the run: the model connection and everything under it
 * close. Node-only; `ws` is loaded on the first upgrade.
 *
 * @example
 * ```ts
 * const live = runLiveSocket(runners, crossSite);
 * server.on('upgrade', (req, socket, head) => live.upgrade(req, socket, head));
 * // later: live.close();
 * ```
 */
export function runLiveSocket(runners: AppRunners, crossSite: CrossSitePolicy): { upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void; close: () => void } {
  let wss: Promise<WsServer> | undefined;
  const server = (): Promise<WsServer> => (wss ??= loadWs().then(({ WebSocketServer }) => new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 })));
  return {
    upgrade: (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== '/run_live') {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
        return;
      }
      server().then(
        (ws) => ws.handleUpgrade(req, socket, head, (client) => serveLive(runners, crossSite, req, url, client)),
        () => socket.destroy(),
      );
    },
    close: () => {
      void wss?.then((ws) => {
        for (const client of ws.clients) client.terminate();
        ws.close();
      });
    },
  };
}

function serveLive(runners: AppRunners, crossSite: CrossSitePolicy, req: IncomingMessage, url: URL, client: WsSocket): void {
  const refusal = crossSiteRefusal(req.headers, crossSite);
  if (refusal) return closeWith(client, LIVE_CLOSE_CODES.policy, refusal);
  const query = url.searchParams;
  const appName = query.get('app_name') ?? '';
  const userId = query.get('user_id') ?? '';
  const sessionId = query.get('session_id') ?? '';
  if (!runners.apps.names().includes(appName)) return closeWith(client, LIVE_CLOSE_CODES.policy, `There is no app "${appName}".`);
  const queue = new LiveRequestQueue();
  const runConfig = liveRunConfigOf(query);
  const events = runners.sessionService.getSession({ appName, userId, sessionId }).pipe(
    concatMap((session) => (session ? runners.runnerFor(appName) : throwError(() => new SessionNotFoundError({ appName, userId, sessionId })))),
    concatMap((runner) => runner.runLive({ userId, sessionId, liveRequestQueue: queue, runConfig })),
  );
  client.on('message', (data) => receiveFrame(String(data), queue, client));
  const run = subscribeLive(events, client);
  client.on('close', () => run.unsubscribe());
  client.on('error', () => run.unsubscribe());
}

/**
 * The run config from `/run_live`'s query, as adk-web sets it: `modalities` (repeated or
 * comma-separated `TEXT` / `AUDIO`), and the flags `proactive_audio`, `enable_affective_dialog`,
 * `enable_session_resumption`, `save_live_blob` (`=true`).
 *
 * @example
 * ```ts
 * liveRunConfigOf(new URLSearchParams('modalities=AUDIO&enable_session_resumption=true'));
 * // { responseModalities: ['AUDIO'], sessionResumption: {} }
 * ```
 */
export function liveRunConfigOf(query: URLSearchParams): RunConfig {
  const modalities = query.getAll('modalities').flatMap((m) => m.split(',')).filter((m) => m === 'TEXT' || m === 'AUDIO');
  const flag = (name: string): boolean => query.get(name) === 'true';
  return {
    ...(modalities.length ? { responseModalities: modalities } : {}),
    ...(flag('proactive_audio') ? { proactivity: { proactiveAudio: true } } : {}),
    ...(flag('enable_affective_dialog') ? { enableAffectiveDialog: true } : {}),
    ...(flag('enable_session_resumption') ? { sessionResumption: {} } : {}),
    ...(flag('save_live_blob') ? { saveLiveBlob: true } : {}),
  };
}

function subscribeLive(events: Observable<Event>, client: WsSocket): { unsubscribe: () => void } {
  return events.subscribe({
    next: (event) => send(client, event),
    error: (error: unknown) =>
      error instanceof SessionNotFoundError
        ? closeWith(client, LIVE_CLOSE_CODES.sessionNotFound, 'Session not found.')
        : closeWith(client, LIVE_CLOSE_CODES.error, toError(error).message),
    complete: () => closeWith(client, LIVE_CLOSE_CODES.normal, ''),
  });
}

/** A frame into the queue; an invalid one answers an error event and the conversation goes on. */
function receiveFrame(frame: string, queue: LiveRequestQueue, client: WsSocket): void {
  let request: LiveRequest;
  try {
    request = liveRequestFromWire(frame);
  } catch (error) {
    send(client, { author: 'user', errorCode: 'INVALID_LIVE_REQUEST', errorMessage: toError(error).message });
    return;
  }
  if (request.close) queue.close();
  else queue.send(request);
}

function send(client: WsSocket, value: object): void {
  if (client.readyState === 1) client.send(JSON.stringify(value));
}

/** Closes with `code`; the reason is cut to 123 bytes (the WebSocket limit), on a character boundary. */
function closeWith(client: WsSocket, code: number, reason: string): void {
  if (client.readyState > 1) return;
  client.close(code, cutToBytes(reason, 123));
}

/**
 * `text` cut to at most `max` UTF-8 bytes, never inside a character.
 *
 * @example
 * ```ts
 * cutToBytes('héllo', 2); // 'h'
 * ```
 */
export function cutToBytes(text: string, max: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(text).length <= max) return text;
  let cut = '';
  for (const char of text) {
    if (encoder.encode(cut + char).length > max) break;
    cut += char;
  }
  return cut;
}

