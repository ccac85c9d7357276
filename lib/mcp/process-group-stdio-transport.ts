import { type ChildProcess, spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { concatMap, firstValueFrom, fromEvent, map, merge, type Observable, of, take, timer } from 'rxjs';
import type { McpSdk } from './load-mcp-sdk.js';
import type { McpStdioConnectionParams } from './mcp-connection-params.js';

/** How long {@link ProcessGroupStdioTransport.close} waits after closing stdin, then after SIGTERM. */
const GRACE_MS = 2000;
const POSIX = process.platform !== 'win32';

/**
 * The MCP stdio transport (newline-delimited JSON-RPC over the child's stdin/stdout, as the SDK's
 * `StdioClientTransport`), except that the server runs in a process group of its own and
 * {@link close} ends the whole group. Launchers such as `npx` or `uvx` start the real server as
 * a grandchild and do not pass signals on; without the group, a server busy in a long call
 * outlived `close()`.
 *
 * close(): end stdin → wait for exit (≤ 2 s) → SIGTERM to the group → wait (≤ 2 s) → SIGKILL.
 * If this process calls `process.exit()` with the server still running, the group is killed too.
 *
 * @example
 * ```ts
 * loadMcpSdk().subscribe((sdk) => {
 *   const transport = new ProcessGroupStdioTransport(sdk, { type: 'stdio', command: 'npx', args: ['-y', 'some-mcp-server'] });
 *   new sdk.Client({ name: 'me', version: '1.0.0' }).connect(transport);
 * });
 * ```
 */
export class ProcessGroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The server's stderr when `params.stderr` is `'pipe'` (available before {@link start}). */
  readonly stderr: PassThrough | null;
  private child: ChildProcess | undefined;
  private readonly readBuffer: ReadBuffer;
  private readonly killOnExit = (): void => this.signalGroup('SIGKILL');

  constructor(
    private readonly sdk: McpSdk,
    private readonly params: McpStdioConnectionParams,
  ) {
    this.readBuffer = new sdk.ReadBuffer();
    this.stderr = (params.stderr ?? 'pipe') === 'pipe' ? new PassThrough() : null;
  }

  /** The server process's id (the launcher's, for `npx`), once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    if (this.child) return Promise.reject(new Error('ProcessGroupStdioTransport already started.'));
    return new Promise((resolve, reject) => {
      const child = this.spawnServer();
      this.child = child;
      child.once('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.once('spawn', () => {
        killOnProcessExit(this.killOnExit);
        resolve();
      });
      child.once('close', () => this.closed(child));
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      if (this.stderr && child.stderr) child.stderr.pipe(this.stderr);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(this.sdk.serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child) return Promise.resolve();
    child.stdin?.end();
    return firstValueFrom(this.stopGroup(child)).then(() => this.readBuffer.clear());
  }

  private spawnServer(): ChildProcess {
    const { params } = this;
    return spawn(params.command, params.args ?? [], {
      env: { ...this.sdk.getDefaultEnvironment(), ...params.env },
      ...(params.cwd ? { cwd: params.cwd } : {}),
      stdio: ['pipe', 'pipe', params.stderr ?? 'pipe'],
      detached: POSIX,
      shell: false,
      windowsHide: true,
    });
  }

  /** Waits for the leader to exit, SIGTERMs the group (stragglers included), SIGKILLs it if the leader still lives. */
  private stopGroup(child: ChildProcess): Observable<void> {
    return exitWithin(child, GRACE_MS).pipe(
      concatMap((exited) => {
        this.signalGroup('SIGTERM', child);
        return exited ? of(true) : exitWithin(child, GRACE_MS);
      }),
      map((exited) => {
        if (!exited) this.signalGroup('SIGKILL', child);
      }),
    );
  }

  private signalGroup(signal: NodeJS.Signals, child = this.child): void {
    const pid = child?.pid;
    if (pid === undefined) return;
    try {
      if (POSIX) process.kill(-pid, signal);
      else child?.kill(signal);
    } catch {
      // the group is already gone
    }
  }

  private receive(chunk: Buffer): void {
    try {
      this.readBuffer.append(chunk);
      for (let message = this.readBuffer.readMessage(); message; message = this.readBuffer.readMessage()) this.onmessage?.(message);
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }

  private closed(child: ChildProcess): void {
    runningGroups.delete(this.killOnExit);
    if (this.child === child) this.child = undefined;
    this.onclose?.();
  }
}

/** Kills for the server groups still running; run if this process exits (one listener for all transports). */
const runningGroups = new Set<() => void>();
let exitHooked = false;

function killOnProcessExit(kill: () => void): void {
  if (!exitHooked) {
    exitHooked = true;
    process.once('exit', () => runningGroups.forEach((k) => k()));
  }
  runningGroups.add(kill);
}

/** Emits once: `true` when `child` has exited (or already had), `false` after `ms`. */
function exitWithin(child: ChildProcess, ms: number): Observable<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return of(true);
  return merge(fromEvent(child, 'exit').pipe(map(() => true)), timer(ms).pipe(map(() => false))).pipe(take(1));
}
