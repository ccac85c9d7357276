import { RxadkError } from '../utils/errors.js';

/**
 * A remote A2A agent answered a call with a JSON-RPC error (or the call failed on the way): its
 * code (`-32001` task not found, `-32601` method not found, ...; `-32603` when there was none)
 * and message.
 *
 * @example
 * ```ts
 * runner.runAsync(turn).subscribe({ error: (e) => e instanceof A2AError && console.log(e.rpcCode, e.message) });
 * ```
 */
export class A2AError extends RxadkError {
  /** The JSON-RPC error code. */
  readonly rpcCode: number;
  /** The remote agent's name. */
  readonly agentName: string;

  constructor(fields: { agentName: string; rpcCode: number; message: string; cause?: unknown }) {
    super('A2A_ERROR', `The remote A2A agent "${fields.agentName}" failed (${fields.rpcCode}): ${fields.message}`, { cause: fields.cause });
    this.rpcCode = fields.rpcCode;
    this.agentName = fields.agentName;
  }
}
