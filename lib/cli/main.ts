#!/usr/bin/env node
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliCommand } from './cli-command.js';
import { parseArgs } from '../utils/parse-args.js';

const COMMANDS_DIR = new URL('./commands/', import.meta.url);

/** The sub-commands available: one module per file in ./commands. */
function commandNames(): string[] {
  const dir = fileURLToPath(COMMANDS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.slice(0, -3))
    .sort();
}

async function loadCommand(name: string): Promise<CliCommand | undefined> {
  if (!commandNames().includes(name)) return undefined;
  return ((await import(new URL(`${name}.js`, COMMANDS_DIR).href)) as { command: CliCommand }).command;
}

async function usage(): Promise<string> {
  const lines = await Promise.all(commandNames().map(async (name) => `  ${name.padEnd(14)} ${(await loadCommand(name))?.summary ?? ''}`));
  return `Usage: rxadk <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nrxadk <command> --help shows a command's options.`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name && !name.startsWith('-') ? await loadCommand(name) : undefined;
  if (!command) {
    console.log(await usage());
    return name && name !== '--help' && name !== 'help' ? 2 : 0;
  }
  if (rest.includes('--help')) {
    console.log(command.usage);
    return 0;
  }
  return command.run(parseArgs(rest, command.flags));
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
