import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// rxadk as its users install it: scripts/consumer-test.sh packs the package, installs the tarball
// with rxjs and typescript in a fresh project (no yaml, no better-sqlite3, strict install
// scripts) and checks the CLI, strict type-checking of every entry point, the named errors of
// missing optional peers, and agents served by `rxadk api_server`. About a minute.
// `npm test` starts the script beside the type-check and Jest (scripts/test.sh) and passes its
// output here through RXADK_CONSUMER_RESULT (<path>.txt, and <path>.rc, written once the script has
// finished); run alone, this test runs the script itself.
async function consumerTest(): Promise<{ code: number; output: string }> {
  const result = process.env['RXADK_CONSUMER_RESULT'];
  if (result) {
    while (!existsSync(`${result}.rc`)) await sleep(250);
    return { code: Number(readFileSync(`${result}.rc`, 'utf8').trim()), output: readFileSync(`${result}.txt`, 'utf8') };
  }
  const script = join(process.cwd(), 'scripts', 'consumer-test.sh');
  return new Promise((resolve) => {
    execFile('bash', [script], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: 240_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

describe('the packed package in a fresh project (scripts/consumer-test.sh)', () => {
  it('installs, type-checks strictly, runs its CLI and names missing optional peers', async () => {
    const { code, output } = await consumerTest();
    const lines = output.trim().split('\n');
    const skipped = lines.filter((line) => line.startsWith('skip'));
    if (skipped.length > 0) console.log(`consumer test: ${skipped.length} check(s) skipped\n${skipped.join('\n')}`);
    expect({ code, summary: lines.at(-1), failures: lines.filter((line) => line.startsWith('FAIL') || line.startsWith('      ')) }).toEqual({
      code: 0,
      summary: expect.stringMatching(/^consumer: \d+ passed, 0 failed, \d+ skipped$/),
      failures: [],
    });
  }, 300_000);
});
