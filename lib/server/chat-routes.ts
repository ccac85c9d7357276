import { concat, concatMap, defer, forkJoin, map, type Observable, of } from 'rxjs';
import { parseChatRequest } from '../ai-sdk/chat-request.js';
import { prepareChatRun } from '../ai-sdk/prepare-chat-run.js';
import { formatUiMessageChunk, UI_MESSAGE_STREAM_DONE, UI_MESSAGE_STREAM_HEADERS } from '../ai-sdk/ui-message-chunk.js';
import type { AppRunners } from './app-runners.js';
import { type Authenticate, userOf } from './authenticate.js';
import { type Reply, streamReply } from './reply.js';
import type { Route } from './route.js';

/**
 * `POST /apps/{app}/chat`: the endpoint of the AI SDK's `useChat` (`DefaultChatTransport({ api })`).
 * The body is `useChat`'s `{id, messages, trigger, messageId}`: the chat id is the session of the
 * authenticated user (`authenticate`, default `'user'`), only the newest user message is taken
 * (the history comes from the session), and tool parts answered with `addToolResult` answer the
 * calls the session waits on. The answer is a UI message stream (`x-vercel-ai-ui-message-stream:
 * v1`, then `data: [DONE]`). Bad input — a malformed body, an edited history, a result for an
 * unknown call, another user's chat — is a 4xx JSON `{error}` before any stream, storing nothing.
 *
 * @example
 * ```ts
 * const routes = [...apiRoutes(runners), ...chatRoutes(runners)];
 * // in React: useChat({ transport: new DefaultChatTransport({ api: '/apps/weather/chat' }) })
 * ```
 */
export function chatRoutes(runners: AppRunners, authenticate?: Authenticate): Route[] {
  return [{ method: 'POST', path: '/apps/:app/chat', readsBody: true, runsTurn: true, handle: ({ params, body, raw }) => chat(runners, params['app']!, body, userOf(authenticate, raw)) }];
}

function chat(runners: AppRunners, appName: string, body: unknown, user: Observable<string>): Observable<Reply> {
  return defer(() => {
    runners.requireApp(appName);
    return forkJoin([user, runners.runnerFor(appName)]).pipe(
      concatMap(([userId, runner]) => prepareChatRun(runner, userId, parseChatRequest(body))),
      map((chunks) => streamReply({ ...UI_MESSAGE_STREAM_HEADERS }, concat(chunks.pipe(map(formatUiMessageChunk)), of(UI_MESSAGE_STREAM_DONE)))),
    );
  });
}
