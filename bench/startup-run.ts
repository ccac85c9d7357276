// The start-up benchmark (issue 30). Reports; never asserts.
//   node dist/bench/startup-run.js [--rounds 6] [--apps 20]
// (a) `import('rxadk')` against `import('rxjs')`: each imported in a fresh Node process, timed
//     inside it from just before the import to just after (Node's own boot is not counted), in
//     interleaved rounds; target: rxadk ≤ 1.5× rxjs, on the medians.
// (b) `rxadk api_server` on a folder of N TypeScript apps against a folder of 1: the time from
//     spawning the process to its first answer (`GET /list-apps`), in interleaved rounds, once
//     with the apps' bundles not yet kept (a first start) and once with them kept; target: N apps
//     ≤ 1.5× 1 app.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './bench-options.js';
import { fmt, heading, progress, table, times } from './report.js';
import { median } from './stats.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** The CLI the package's `bin` names (the bundle: the apps' `rxadk` is the bundle too). */
const CLI = join(ROOT, 'dist/bundle/cli/main.js');

/** Milliseconds a fresh Node process spends in `import(specifier)`. */
function importTime(specifier: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t);`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }).trim());
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** A folder of `count` TypeScript apps (each an LlmAgent with a tool and an offline model). */
function appsFolder(count: number): string {
  const dir = mkdtempSync(join(tmpdir(), `rxadk-startup-${count}-`));
  for (let i = 0; i < count; i++) {
    mkdirSync(join(dir, `app_${i}`));
    writeFileSync(join(dir, `app_${i}`, 'tools.ts'), `export function lookup({ city }: { city: string }): { city: string; app: number } {\n  return { city, app: ${i} };\n}\n`);
    writeFileSync(
      join(dir, `app_${i}`, 'agent.ts'),
      `import { FunctionTool, LlmAgent } from 'rxadk';\nimport { ScriptedLlm } from 'rxadk/testing';\nimport { lookup } from './tools.js';\n\n` +
        `export const rootAgent = new LlmAgent({\n  name: 'app_${i}',\n  model: new ScriptedLlm([{ content: { role: 'model', parts: [{ text: 'hi' }] } }]),\n` +
        `  tools: [new FunctionTool({ name: 'lookup', description: 'Looks up a city.', execute: lookup })],\n});\n`,
    );
  }
  // the apps import rxadk and rxjs as a user's would: from a node_modules beside them
  mkdirSync(join(dir, 'node_modules'));
  for (const pkg of ['rxjs']) execFileSync('ln', ['-s', join(ROOT, 'node_modules', pkg), join(dir, 'node_modules', pkg)]);
  execFileSync('ln', ['-s', ROOT, join(dir, 'node_modules', 'rxadk')]);
  return dir;
}

/** Milliseconds from spawning `rxadk api_server dir` to its first answer to `GET /list-apps`. */
async function firstAnswer(dir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'api_server', dir, '--port', String(port)], { stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/list-apps`);
        if (response.ok) {
          await response.text();
          return performance.now() - started;
        }
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 5));
    }
  } finally {
    child.kill('SIGKILL');
  }
}

/** Forgets the kept bundles of a folder's apps (a first start). */
function forgetBundles(dir: string, count: number): void {
  for (let i = 0; i < count; i++) rmSync(join(dir, `app_${i}`, 'node_modules'), { recursive: true, force: true });
}

async function main(): Promise<void> {
  const { int } = benchOptions(process.argv.slice(2));
  const rounds = int('rounds', 6);
  const appCount = int('apps', 20);
  console.log(`Load average (1/5/15 min): ${execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).trim()}`);

  const rxjs: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < rounds; round++) {
    progress(`start-up: import round ${round + 1} of ${rounds}`);
    if (round % 2 === 0) {
      rxjs.push(importTime('rxjs'));
      ours.push(importTime('rxadk'));
    } else {
      ours.push(importTime('rxadk'));
      rxjs.push(importTime('rxjs'));
    }
  }

  const one = appsFolder(1);
  const many = appsFolder(appCount);
  const cold = { one: [] as number[], many: [] as number[] };
  const warm = { one: [] as number[], many: [] as number[] };
  try {
    for (let round = 0; round < rounds; round++) {
      progress(`start-up: api_server round ${round + 1} of ${rounds} (1 app, ${appCount} apps)`);
      forgetBundles(one, 1);
      forgetBundles(many, appCount);
      cold.one.push(await firstAnswer(one));
      cold.many.push(await firstAnswer(many));
      warm.many.push(await firstAnswer(many));
      warm.one.push(await firstAnswer(one));
    }
  } finally {
    rmSync(one, { recursive: true, force: true });
    rmSync(many, { recursive: true, force: true });
  }

  const importRatio = median(ours) / median(rxjs);
  const coldRatio = median(cold.many) / median(cold.one);
  const warmRatio = median(warm.many) / median(warm.one);
  console.log(heading(`Start-up (medians of ${rounds} interleaved rounds)`));
  console.log(
    table(
      ['what', 'median ms', 'rounds ms'],
      [
        ["import('rxjs')", fmt(median(rxjs)), rxjs.map((v) => fmt(v)).join(' ')],
        ["import('rxadk')", fmt(median(ours)), ours.map((v) => fmt(v)).join(' ')],
        ['api_server, 1 app, first start', fmt(median(cold.one)), cold.one.map((v) => fmt(v, 0)).join(' ')],
        [`api_server, ${appCount} apps, first start`, fmt(median(cold.many)), cold.many.map((v) => fmt(v, 0)).join(' ')],
        ['api_server, 1 app, bundles kept', fmt(median(warm.one)), warm.one.map((v) => fmt(v, 0)).join(' ')],
        [`api_server, ${appCount} apps, bundles kept`, fmt(median(warm.many)), warm.many.map((v) => fmt(v, 0)).join(' ')],
      ],
    ),
  );
  console.log(
    `\n${table(
      ['target', 'measured', 'result'],
      [
        ["import('rxadk') ≤ 1.5× import('rxjs')", times(importRatio, 2), importRatio <= 1.5 ? 'MET' : 'NOT MET'],
        [`first answer, ${appCount} apps ≤ 1.5× 1 app (first start)`, times(coldRatio, 2), coldRatio <= 1.5 ? 'MET' : 'NOT MET'],
        [`first answer, ${appCount} apps ≤ 1.5× 1 app (bundles kept)`, times(warmRatio, 2), warmRatio <= 1.5 ? 'MET' : 'NOT MET'],
      ],
    )}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
