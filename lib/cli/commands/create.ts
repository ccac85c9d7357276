import { relative } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { CliCommand } from '../cli-command.js';
import type { ParsedArgs } from '../../utils/parse-args.js';
import { DEFAULT_SCAFFOLD_MODEL, scaffoldApp } from '../scaffold-app.js';

/** `rxadk create --help`. */
export const CREATE_USAGE = `rxadk create <name> [--dir <parent>] [--model <model>]

Scaffolds an agent app folder <parent>/<name> (default parent: the current folder):
agent.ts (an LlmAgent named after the app, with a tool and a callback), .env.example and
README.md. The app runs at once: with no model key (GEMINI_API_KEY, OPENAI_API_KEY, ANTHROPIC_API_KEY, OLLAMA_HOST) it answers with an offline demo model.

It asks nothing when the name is given. In a terminal, without a name, it asks for one.

Options:
  --dir <parent>    where to create the app folder (default .)
  --model <model>   the Gemini model used when a key is set (default ${DEFAULT_SCAFFOLD_MODEL})`;

/**
 * `rxadk create`: scaffolds the app and says how to run it. Resolves to the exit code: 0, 2
 * without a name (and no terminal to ask in). Errors (bad name, folder not empty) reject.
 *
 * @example
 * ```ts
 * await createCommand(parseArgs(['hello', '--dir', 'agents']));
 * ```
 */
export async function createCommand(args: ParsedArgs, out: (line: string) => void = console.log): Promise<number> {
  const parentDir = stringOption(args, 'dir') ?? '.';
  const model = stringOption(args, 'model') ?? DEFAULT_SCAFFOLD_MODEL;
  const name = args.positionals[0] ?? (process.stdin.isTTY && !process.env['CI'] ? await ask('App name: ') : undefined);
  if (!name) {
    out(CREATE_USAGE);
    return 2;
  }
  const files = scaffoldApp({ name, parentDir, model });
  const folder = relative(process.cwd(), files[0]!.replace(/[\\/]agent\.ts$/, '')) || '.';
  out(`Created ${folder}:\n${files.map((file) => `  ${relative(process.cwd(), file)}`).join('\n')}\n`);
  out(`Run it:\n  npx rxadk run ${folder}\n  npx rxadk web ${relative(process.cwd(), parentDir) || '.'}`);
  return 0;
}

async function ask(question: string): Promise<string | undefined> {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await readline.question(question)).trim() || undefined;
  } finally {
    readline.close();
  }
}

function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name];
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * `rxadk create <name> [--dir <parent>] [--model <model>]`.
 *
 * @example
 * ```sh
 * rxadk create hello --dir agents
 * ```
 */
export const command: CliCommand = {
  summary: 'scaffold an agent app (agent.ts with a tool and a callback, .env.example, README)',
  usage: CREATE_USAGE,
  run: (args) => createCommand(args),
};
