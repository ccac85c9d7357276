import { runServerCommand, serverUsage } from '../../server/run-server-command.js';
import type { CliCommand } from '../cli-command.js';

/**
 * `rxadk web [agentsDir] [--port] [--host] [--session-service-uri]`: the dev UI — chat with an
 * app's agent, its event timeline and the hooks that fired, session state and artifacts — over
 * Google ADK's HTTP API.
 *
 * @example
 * ```ts
 * // rxadk web dist/examples/apps --session-service-uri sqlite://./.rxadk/sessions.db
 * await command.run(parseArgs(['dist/examples/apps', '--port', '0']));
 * ```
 */
export const command: CliCommand = {
  summary: 'the dev UI (chat, event timeline, state) and the ADK HTTP API for a folder of apps',
  flags: ['a2a'],
  usage: serverUsage(true),
  run: (args) => runServerCommand(args, { ui: true }),
};
