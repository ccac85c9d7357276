#!/usr/bin/env node
import { conformanceCommand, CONFORMANCE_USAGE } from './commands/conformance.js';
import { parseArgs } from './parse-args.js';

const USAGE = `Usage: rxadk <command> [options]

Commands:
  conformance <dir>   replay Google ADK conformance recordings

${CONFORMANCE_USAGE}`;

const commands: Record<string, (args: ReturnType<typeof parseArgs>) => Promise<number>> = {
  conformance: conformanceCommand,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(USAGE);
    return name && name !== '--help' && name !== 'help' ? 2 : 0;
  }
  return command(parseArgs(rest));
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
