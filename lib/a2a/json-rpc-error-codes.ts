/**
 * JSON-RPC 2.0's own error codes, which rxadk's A2A endpoint answers before the SDK sees a
 * request: a body that is not JSON, a request that is not JSON-RPC, an unknown method.
 *
 * @example
 * ```ts
 * reply.error.code === JSON_RPC_ERRORS.parseError; // -32700
 * ```
 */
export const JSON_RPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;
