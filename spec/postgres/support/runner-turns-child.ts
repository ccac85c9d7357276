// A child process for the cross-process run-lock test: one stateless Runner process running
// `count` turns, one after another, on one shared PostgreSQL session. Its agent answers each user
// message with one reply ("<name> reply to <message>"), after a macrotask, so that a turn spans
// several round trips and event-loop turns (without the session lock, another process's turn would
// land between a user event and its reply).
//
//   node runner-turns-child.js <url> <name> <session id> <count> <lockTimeoutMs>
// Prints "ready" once connected, waits for "go" on stdin, then prints one JSON line:
// {"name","completed","ms","error"?: {"name","code","message","waitedMs"}} (it stops at the first error).
import { createInterface } from 'node:readline';
import { concatMap, defer, lastValueFrom, type Observable, timer } from 'rxjs';
import { BaseAgent } from '../../../lib/agents/base-agent.js';
import type { InvocationContext } from '../../../lib/context/invocation-context.js';
import type { Event } from '../../../lib/events/event.js';
import { PostgresSessionService } from '../../../lib/postgres/index.js';
import { Runner } from '../../../lib/runner/runner.js';

const [url, name, sessionId, countText, lockTimeoutText] = process.argv.slice(2);
if (!url || !name || !sessionId || !countText || !lockTimeoutText) {
  throw new Error('usage: runner-turns-child.js <url> <name> <session id> <count> <lockTimeoutMs>');
}
const count = Number(countText);

class ReplyAgent extends BaseAgent {
  protected runAsyncImpl(ctx: InvocationContext): Observable<Event> {
    const message = ctx.userContent?.parts?.[0]?.text ?? '';
    return timer(0).pipe(
      concatMap(() => ctx.emit(ctx.createEvent({ content: { role: 'model', parts: [{ text: `${name} reply to ${message}` }] } }))),
    );
  }
}

const sessionService = new PostgresSessionService({ connectionString: url, lockTimeoutMs: Number(lockTimeoutText) });
const runner = new Runner({ appName: 'lock', agent: new ReplyAgent({ name: 'replier' }), sessionService });
const ref = { appName: 'lock', userId: 'u1', sessionId };

async function main(): Promise<void> {
  await lastValueFrom(sessionService.getSession(ref), { defaultValue: undefined }); // connect and migrate first
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) if (line.trim() === 'go') break;
  lines.close();
  const started = Date.now();
  let completed = 0;
  let error: Record<string, unknown> | undefined;
  for (let i = 0; i < count && !error; i++) {
    const turn = defer(() => runner.runAsync({ ...ref, newMessage: { role: 'user', parts: [{ text: `${name} turn ${i}` }] } }));
    try {
      await lastValueFrom(turn);
      completed++;
    } catch (thrown) {
      const e = thrown as Error & { code?: string; waitedMs?: number };
      error = { name: e.name, code: e.code, message: e.message, waitedMs: e.waitedMs };
    }
  }
  process.stdout.write(`${JSON.stringify({ name, completed, ms: Date.now() - started, ...(error ? { error } : {}) })}\n`);
  await lastValueFrom(sessionService.close(), { defaultValue: undefined });
}

main().catch((error: unknown) => {
  process.stderr.write(`child ${name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
