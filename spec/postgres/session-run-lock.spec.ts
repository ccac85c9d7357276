import { spawn } from 'node:child_process';
import pg from 'pg';
import { concat, concatMap, defer, firstValueFrom, from, lastValueFrom, NEVER, type Observable, throwError } from 'rxjs';
import type { InvocationContext } from '../../lib/context/invocation-context.js';
import type { Event } from '../../lib/events/event.js';
import { PostgresSessionService, SessionBusyError } from '../../lib/postgres/index.js';
import { Runner } from '../../lib/runner/runner.js';
import { transpileForChild, type TranspiledTree } from '../fixtures/persistence/transpile-for-child.js';
import { FnAgent, textEvent, userText } from '../support/fn-agent.js';
import { createTestDatabase, withClient } from './support/test-database.js';

const CHILD = 'spec/postgres/support/runner-turns-child.ts';
/** Turns per process: 200 in the soak step (`RXADK_SOAK=1`, `npm run test:soak`), 40 in `npm test`. */
const TURNS = process.env['RXADK_SOAK'] === '1' ? 200 : 40;
const APP = 'lock';
const USER = 'u1';

interface ChildReport {
  name: string;
  completed: number;
  ms: number;
  error?: { name: string; code?: string; message: string; waitedMs?: number };
}

interface ChildSpec {
  name: string;
  sessionId: string;
  turns: number;
  lockTimeoutMs: number;
}

/**
 * Starts the children; `ready` resolves once all printed "ready" (connected, schema migrated);
 * `go()` releases them together; `reports` resolves with their final lines.
 */
function startChildren(script: string, url: string, specs: ChildSpec[]) {
  const children = specs.map((s) =>
    spawn(process.execPath, [script, url, s.name, s.sessionId, String(s.turns), String(s.lockTimeoutMs)], { stdio: ['pipe', 'pipe', 'pipe'] }),
  );
  let readyCount = 0;
  let allReady!: () => void;
  const ready = new Promise<void>((done) => (allReady = done));
  const reports = Promise.all(
    children.map(
      (child, i) =>
        new Promise<ChildReport>((done, fail) => {
          let stdout = '';
          let stderr = '';
          child.stdout!.on('data', (chunk: Buffer) => {
            const before = stdout;
            stdout += chunk.toString();
            if (!before.includes('ready\n') && stdout.includes('ready\n') && ++readyCount === children.length) allReady();
          });
          child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
          child.on('error', fail);
          child.on('exit', (code) => {
            if (code !== 0) return fail(new Error(`child ${specs[i]!.name} exited with ${code}: ${stderr}`));
            done(JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildReport);
          });
        }),
    ),
  );
  return { ready, go: () => children.forEach((c) => c.stdin!.write('go\n')), reports };
}

/** The text of an event's first part. */
const textOf = (event: Event) => event.content?.parts?.[0]?.text;

/** Advisory locks in the database: held and waiting. */
async function advisoryLocks(url: string): Promise<{ held: number; waiting: number }> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT count(*) FILTER (WHERE granted)::int AS held, count(*) FILTER (WHERE NOT granted)::int AS waiting
       FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return rows[0] as { held: number; waiting: number };
  });
}

/** Polls `check` until it holds (or fails the test after `timeoutMs`). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until the database has no advisory lock held or waited for. A turn unlocks as it ends
 * (finalize): the unlock reaches the server after the caller has seen the turn end or has left.
 */
const locksReleased = (url: string) =>
  eventually(async () => {
    const { held, waiting } = await advisoryLocks(url);
    return held === 0 && waiting === 0;
  }, 'every session lock released');

/** Connections a pool has checked out. */
const checkedOut = (pool: pg.Pool) => pool.totalCount - pool.idleCount;

/** A pool of the test's own, so that connections left checked out can be counted. */
function testPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * An agent that signals `started` once its turn is under way (the user event is stored by then),
 * then does what `rest` says: wait for a gate, never finish, fail.
 */
function agentThat(rest: (ctx: InvocationContext) => Observable<Event>, started: () => void = () => undefined): FnAgent {
  return new FnAgent({
    name: 'agent',
    body: (ctx) =>
      defer(() => {
        started();
        return rest(ctx);
      }),
  });
}

/** Every signal made, so that a failing test still lets its held turns finish (afterEach). */
const signals: Array<() => void> = [];

/** A deferred: `promise` resolves when `resolve()` is called. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  signals.push(resolve);
  return { promise, resolve };
}

afterEach(() => {
  for (const resolve of signals.splice(0)) resolve();
});

describe('PostgresSessionService: turns on one session are serialised across processes', () => {
  let tree: TranspiledTree;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let service: PostgresSessionService;
  beforeAll(async () => {
    database = await createTestDatabase('runlock');
    tree = transpileForChild('pg-run-lock', [CHILD]);
    service = new PostgresSessionService({ connectionString: database.url });
  });
  afterAll(async () => {
    if (service) await lastValueFrom(service.close(), { defaultValue: undefined });
    tree?.remove();
    await database?.drop();
  });

  it(`2 processes × ${TURNS} turns on one session → ${TURNS * 2} whole turns, no error to either caller`, async () => {
    const ref = { appName: APP, userId: USER, sessionId: 'shared' };
    await firstValueFrom(service.createSession(ref));
    const children = startChildren(tree.script(CHILD), database.url, [
      { name: 'p1', sessionId: 'shared', turns: TURNS, lockTimeoutMs: 30_000 },
      { name: 'p2', sessionId: 'shared', turns: TURNS, lockTimeoutMs: 30_000 },
    ]);
    await children.ready;
    children.go();
    const reports = await children.reports;
    expect(reports.map((r) => r.error)).toEqual([undefined, undefined]);
    expect(reports.map((r) => r.completed)).toEqual([TURNS, TURNS]);

    const { events } = (await firstValueFrom(service.getSession(ref)))!;
    expect(events).toHaveLength(TURNS * 4);
    const next = { p1: 0, p2: 0 };
    let switches = 0;
    for (let i = 0; i < events.length; i += 2) {
      const [user, reply] = [events[i]!, events[i + 1]!];
      // Each user event is followed at once by its reply, from the same invocation.
      expect(user.author).toBe('user');
      expect(reply.author).toBe('replier');
      expect(reply.invocationId).toBe(user.invocationId);
      const [, name, n] = /^(p[12]) turn (\d+)$/.exec(textOf(user) ?? '') ?? [];
      expect(name).toBeDefined();
      expect(textOf(reply)).toBe(`${name} reply to ${name} turn ${n}`);
      // Each process's turns are stored whole and in its order.
      expect(Number(n)).toBe(next[name as 'p1' | 'p2']++);
      if (i > 0 && !textOf(events[i - 2]!)!.startsWith(name!)) switches++;
    }
    expect(next).toEqual({ p1: TURNS, p2: TURNS });
    expect(new Set(events.map((e) => e.invocationId)).size).toBe(TURNS * 2);
    expect(switches).toBeGreaterThan(0); // the processes really took turns on the session
    await locksReleased(database.url);
    if (process.env['RXADK_CONCURRENCY_STATS']) console.log({ reports, switches });
  }, 60_000);

  it('a third process whose wait exceeds lockTimeoutMs gets SessionBusyError, and nothing of its turn is stored', async () => {
    const ref = { appName: APP, userId: USER, sessionId: 'held' };
    await firstValueFrom(service.createSession(ref));
    const started = signal();
    const gate = signal();
    const holder = new Runner({
      appName: APP,
      agent: agentThat((ctx) => from(gate.promise).pipe(concatMap(() => ctx.emit(textEvent(ctx, 'done at last')))), started.resolve),
      sessionService: service,
    });
    const held = lastValueFrom(holder.runAsync({ userId: USER, sessionId: 'held', newMessage: userText('holding the session') }));
    await started.promise;

    const third = startChildren(tree.script(CHILD), database.url, [{ name: 'p3', sessionId: 'held', turns: 1, lockTimeoutMs: 300 }]);
    await third.ready;
    third.go();
    const [report] = await third.reports;
    expect(report!.completed).toBe(0);
    expect(report!.error).toMatchObject({ name: 'SessionBusyError', code: 'SESSION_BUSY' });
    expect(report!.error!.waitedMs).toBeGreaterThanOrEqual(300);
    expect(report!.error!.message).toMatch(
      /^Session "held" \(app "lock", user "u1"\) is busy: another process is running a turn on it, and did not finish within \d+ ms\. Nothing of this turn was stored\./,
    );

    gate.resolve();
    await held;
    const { events } = (await firstValueFrom(service.getSession(ref)))!;
    expect(events.map((e) => [e.author, textOf(e)])).toEqual([
      ['user', 'holding the session'],
      ['agent', 'done at last'],
    ]);
    await locksReleased(database.url);
  }, 30_000);
});

describe('PostgresSessionService.withSessionLock: bounded, released, one connection per turn', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let setup: PostgresSessionService;
  const pools: pg.Pool[] = [];
  const services: PostgresSessionService[] = [];
  /** A service on a pool of its own (one per simulated process). */
  const serviceOn = (pool: pg.Pool, lockTimeoutMs = 300) => {
    const service = new PostgresSessionService({ pool, lockTimeoutMs });
    services.push(service);
    return service;
  };
  const newPool = (max?: number) => {
    const pool = testPool(database.url, max);
    pools.push(pool);
    return pool;
  };
  const turn = (runner: Runner, sessionId: string, text: string) =>
    lastValueFrom(runner.runAsync({ userId: USER, sessionId, newMessage: userText(text) }));
  const replying = (sessionService: PostgresSessionService) =>
    new Runner({ appName: APP, agent: agentThat((ctx) => ctx.emit(textEvent(ctx, 'ok'))), sessionService });
  const userTexts = async (sessionId: string) =>
    (await firstValueFrom(setup.getSession({ appName: APP, userId: USER, sessionId })))!.events
      .filter((e) => e.author === 'user')
      .map(textOf);

  beforeAll(async () => {
    database = await createTestDatabase('runlock_unit');
    setup = new PostgresSessionService({ connectionString: database.url });
    for (const id of ['unsub', 'fails', 'leaves', 'busy', 'one', 'other-a', 'other-b', 'two-runners']) {
      await firstValueFrom(setup.createSession({ appName: APP, userId: USER, sessionId: id }));
    }
  });
  afterAll(async () => {
    for (const service of services) await lastValueFrom(service.close(), { defaultValue: undefined });
    await Promise.all(pools.map((pool) => pool.end()));
    if (setup) await lastValueFrom(setup.close(), { defaultValue: undefined });
    await database?.drop();
  });

  it('releases the lock when the turn is unsubscribed: the next run, from another pool, proceeds at once', async () => {
    const poolA = newPool();
    const started = signal();
    const runnerA = new Runner({ appName: APP, agent: agentThat(() => NEVER, started.resolve), sessionService: serviceOn(poolA) });
    const subscription = runnerA.runAsync({ userId: USER, sessionId: 'unsub', newMessage: userText('abandoned') }).subscribe();
    await started.promise;
    expect(await advisoryLocks(database.url)).toEqual({ held: 1, waiting: 0 });
    subscription.unsubscribe();
    await eventually(() => checkedOut(poolA) === 0, 'pool A has its connection back');
    await locksReleased(database.url);

    // with a 300 ms bound: a lock still held would fail this turn with SessionBusyError
    await turn(replying(serviceOn(newPool(), 300)), 'unsub', 'next');
    await locksReleased(database.url);
    expect(await userTexts('unsub')).toEqual(['abandoned', 'next']);
  });

  it('releases the lock when the turn fails: the caller gets the error, the next run proceeds at once', async () => {
    const poolA = newPool();
    const runnerA = new Runner({
      appName: APP,
      agent: agentThat(() => throwError(() => new Error('the agent broke'))),
      sessionService: serviceOn(poolA),
    });
    await expect(turn(runnerA, 'fails', 'breaks')).rejects.toThrow('the agent broke');
    await eventually(() => checkedOut(poolA) === 0, 'pool A has its connection back');
    await locksReleased(database.url);

    await turn(replying(serviceOn(newPool(), 300)), 'fails', 'next'); // a held lock would fail it (300 ms bound)
    await locksReleased(database.url);
  });

  it('a caller that leaves while waiting leaves nothing locked, checked out or stored', async () => {
    const started = signal();
    const gate = signal();
    const holder = new Runner({
      appName: APP,
      agent: agentThat((ctx) => from(gate.promise).pipe(concatMap(() => ctx.emit(textEvent(ctx, 'ok')))), started.resolve),
      sessionService: serviceOn(newPool(), 300),
    });
    const held = turn(holder, 'leaves', 'holder');
    await started.promise;

    const poolB = newPool();
    const waiter = replying(serviceOn(poolB, 10_000)).runAsync({ userId: USER, sessionId: 'leaves', newMessage: userText('gave up') });
    const subscription = waiter.subscribe();
    await eventually(async () => (await advisoryLocks(database.url)).waiting === 1, 'the waiter waits for the lock');
    subscription.unsubscribe();
    await eventually(() => checkedOut(poolB) === 0, "the waiter's connection is given up");
    await eventually(async () => (await advisoryLocks(database.url)).waiting === 0, 'the wait ended on the server');

    gate.resolve();
    await held;
    await locksReleased(database.url);
    await turn(replying(serviceOn(newPool(), 300)), 'leaves', 'after');
    expect(await userTexts('leaves')).toEqual(['holder', 'after']);
    await locksReleased(database.url);
  });

  it('past lockTimeoutMs: SessionBusyError before anything is stored; the connection is reused with lock_timeout reset', async () => {
    const started = signal();
    const gate = signal();
    const holder = new Runner({
      appName: APP,
      agent: agentThat((ctx) => from(gate.promise).pipe(concatMap(() => ctx.emit(textEvent(ctx, 'ok')))), started.resolve),
      sessionService: serviceOn(newPool(), 300),
    });
    const held = turn(holder, 'busy', 'holder');
    await started.promise;

    const poolB = newPool(1);
    const runnerB = replying(serviceOn(poolB, 250));
    const failure = await turn(runnerB, 'busy', 'too late').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SessionBusyError);
    expect(failure).toMatchObject({ code: 'SESSION_BUSY', appName: APP, userId: USER, sessionId: 'busy' });
    expect((failure as SessionBusyError).waitedMs).toBeGreaterThanOrEqual(250);
    expect(await userTexts('busy')).toEqual(['holder']);
    // The pool's one connection came back, healthy, without the turn's lock_timeout.
    await eventually(() => checkedOut(poolB) === 0, 'the connection is back in the pool');
    expect(poolB.totalCount).toBe(1);
    expect((await poolB.query('SHOW lock_timeout')).rows[0].lock_timeout).toBe('0');

    gate.resolve();
    await held;
    await locksReleased(database.url);
    await turn(runnerB, 'busy', 'now');
    expect(await userTexts('busy')).toEqual(['holder', 'now']);
    expect((await poolB.query('SHOW lock_timeout')).rows[0].lock_timeout).toBe('0');
  });

  it('a turn needs one connection: its statements run on the lock connection (a pool of 1 does not deadlock)', async () => {
    const pool = newPool(1);
    const runner = replying(serviceOn(pool, 1000));
    for (const text of ['one', 'two', 'three']) await turn(runner, 'one', text);
    expect(await userTexts('one')).toEqual(['one', 'two', 'three']);
    expect(pool.totalCount).toBe(1);
    await eventually(() => checkedOut(pool) === 0, 'the connection is back in the pool');
    expect(await advisoryLocks(database.url)).toEqual({ held: 0, waiting: 0 });
  });

  it('does not serialise different sessions', async () => {
    const started = signal();
    const gate = signal();
    const service = serviceOn(newPool(), 300);
    const holder = new Runner({
      appName: APP,
      agent: agentThat((ctx) => from(gate.promise).pipe(concatMap(() => ctx.emit(textEvent(ctx, 'ok')))), started.resolve),
      sessionService: service,
    });
    const held = turn(holder, 'other-a', 'holder');
    await started.promise;
    await turn(replying(service), 'other-b', 'meanwhile');
    gate.resolve();
    await held;
    expect(await userTexts('other-b')).toEqual(['meanwhile']);
  });

  it('two Runners on one service take turns on one session, both whole', async () => {
    const service = serviceOn(newPool(), 10_000);
    const runners = [1, 2].map(
      (n) =>
        new Runner({
          appName: APP,
          agent: new FnAgent({ name: `r${n}`, body: (ctx) => concat(ctx.emit(textEvent(ctx, `r${n} says ${ctx.userContent?.parts?.[0]?.text}`))) }),
          sessionService: service,
        }),
    );
    await Promise.all(runners.map((runner, i) => Promise.all([0, 1, 2].map((k) => turn(runner, 'two-runners', `m${i + 1}.${k}`)))));
    const { events } = (await firstValueFrom(setup.getSession({ appName: APP, userId: USER, sessionId: 'two-runners' })))!;
    expect(events).toHaveLength(12);
    for (let i = 0; i < events.length; i += 2) {
      expect(events[i]!.author).toBe('user');
      expect(events[i + 1]!.invocationId).toBe(events[i]!.invocationId);
      expect(textOf(events[i + 1]!)).toMatch(new RegExp(`says ${textOf(events[i]!)!.replace('.', '\\.')}$`));
    }
  });
});
