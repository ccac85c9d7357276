import { runServerCommand, serverUsage } from '../../server/run-server-command.js';
import type { CliCommand } from '../cli-command.js';

/**
 * `rxadk api_server [agentsDir] [--port] [--host] [--session-service-uri]`: Google ADK's HTTP API
 * (`/list-apps`, sessions, `/run`, `/run_sse`) for a folder of apps, without the dev UI.
 *
 * @example
 * ```ts
 * // rxadk api_server agents --port 8000
 * await command.run(parseArgs(['agents', '--port', '0']));
 * ```
 */
export const command: CliCommand = {
  summary: 'the ADK HTTP API (/list-apps, sessions, /run, /run_sse) for a folder of apps, without the UI',
  flags: ['a2a'],
  usage: serverUsage(false),
  run: (args) => runServerCommand(args, { ui: false }),
};
