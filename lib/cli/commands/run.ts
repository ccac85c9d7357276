import { concat, concatMap, defer, EMPTY, ignoreElements, lastValueFrom, map, type Observable, of, tap } from 'rxjs';
import { InMemoryArtifactService } from '../../artifacts/in-memory-artifact-service.js';
import { InMemoryMemoryService } from '../../memory/in-memory-memory-service.js';
import { Runner } from '../../runner/runner.js';
import { getSessionServiceFromUri } from '../../services/get-session-service-from-uri.js';
import type { BaseSessionService } from '../../sessions/base-session-service.js';
import type { Session } from '../../sessions/session.js';
import { redactUri } from '../../utils/redact-uri.js';
import type { AgentApp } from '../../server/agent-apps.js';
import type { CliCommand } from '../cli-command.js';
import type { ParsedArgs } from '../../utils/parse-args.js';
import { resolveAgentApp } from '../terminal/resolve-agent-app.js';
import { terminalChat } from '../terminal/terminal-chat.js';
import { type TerminalIo, terminalIo } from '../terminal/terminal-io.js';

/** `rxadk run --help`. */
export const RUN_USAGE = `rxadk run <app-folder> [options]
rxadk run <agents-folder> --app <name> [options]

A terminal chat with an agent app (a folder holding agent.ts or agent.js exporting
rootAgent, or root_agent.yaml; TypeScript loads with no build step).
Type a message: the model's text streams as it arrives, tool calls and results show on one line each, and a tool that asks for confirmation prompts "Approve …? [y/n]".
Works with piped input too (one message or answer per line).

Commands in the chat: /state, /events, /help, /exit (or Ctrl+D). Ctrl+C cancels a running turn.

Options:
  --app <name>                   the app to run, when the folder holds several
  --session-service-uri <uri>    memory:// (default), sqlite://./sessions.db, postgresql://user@host/db
  --user-id <id>                 the user (default "user")
  --session-id <id>              resume this session (created if it does not exist)`;

/**
 * `rxadk run`: loads the app, opens (or resumes) a session in the chosen store and runs the
 * terminal chat (`terminalChat`) until `/exit` or the end of the input. Resolves to the exit code:
 * 0, or 2 without an app folder. Errors (no such app, bad session URI) reject with a clear message.
 *
 * @example
 * ```ts
 * await runCommand(parseArgs(['dist/examples/apps', '--app', 'weather']));
 * ```
 */
export function runCommand(args: ParsedArgs, io: TerminalIo = terminalIo()): Promise<number> {
  return lastValueFrom(
    defer(() => {
      const target = args.positionals[0];
      if (target) return runChat(target, args.options, io);
      io.write(`${RUN_USAGE}\n`);
      return of(2);
    }),
  );
}

function runChat(target: string, options: ParsedArgs['options'], io: TerminalIo): Observable<number> {
  const uri = stringOption(options, 'session-service-uri') ?? 'memory://';
  const userId = stringOption(options, 'user-id') ?? 'user';
  const app = stringOption(options, 'app');
  return resolveAgentApp(target, app ? { app } : {}).pipe(
    concatMap((loaded) => getSessionServiceFromUri(uri).pipe(map((sessionService) => ({ loaded, sessionService })))),
    concatMap(({ loaded, sessionService }) => {
      const runner = createRunner(loaded, sessionService);
      const chat = openSession(sessionService, loaded.name, userId, stringOption(options, 'session-id')).pipe(
        tap((session) => io.write(banner(loaded, session, uri))),
        concatMap((session) => terminalChat({ runner, userId, sessionId: session.id, io })),
        ignoreElements(),
      );
      return concat(chat, runner.close().pipe(ignoreElements()), closeStore(sessionService), of(0));
    }),
  );
}

function createRunner(app: AgentApp, sessionService: BaseSessionService): Runner {
  return new Runner({
    appName: app.name,
    agent: app.rootAgent,
    sessionService,
    artifactService: new InMemoryArtifactService(),
    memoryService: new InMemoryMemoryService(),
    plugins: app.plugins,
  });
}

/** A new session, or the one named by --session-id (created when it does not exist yet). */
function openSession(store: BaseSessionService, appName: string, userId: string, sessionId: string | undefined): Observable<Session> {
  if (!sessionId) return store.createSession({ appName, userId });
  return store
    .getSession({ appName, userId, sessionId })
    .pipe(concatMap((session) => (session ? of(session) : store.createSession({ appName, userId, sessionId }))));
}

function banner(app: AgentApp, session: Session, uri: string): string {
  const history = session.events.length > 0 ? `, resumed with ${session.events.length} events` : '';
  return (
    `Running ${app.rootAgent.name} (app ${app.name}), session ${session.id} in ${redactUri(uri)}${history}.\n` +
    'Type a message; /state, /events, /help, /exit.\n'
  );
}

/** Stores with a connection (SQLite, PostgreSQL) have `close()`. */
function closeStore(store: BaseSessionService): Observable<never> {
  return defer(() => {
    const close = (store as { close?: () => Observable<void> }).close;
    return typeof close === 'function' ? close.call(store).pipe(ignoreElements()) : EMPTY;
  });
}

function stringOption(options: ParsedArgs['options'], name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * `rxadk run <app-folder> | <agents-folder> --app <name>`.
 *
 * @example
 * ```sh
 * rxadk run examples/apps/weather
 * ```
 */
export const command: CliCommand = {
  summary: 'chat with an agent app in the terminal (streaming, /state, /events, y/n confirmations)',
  usage: RUN_USAGE,
  run: (args) => runCommand(args),
};
