/**
 * The workflow node a `beforeNodeCallback` / `afterNodeCallback` is about: its name and the path
 * of this run (`wf@1/fetch@2`).
 *
 * @example
 * ```ts
 * const audit = createPlugin({ name: 'audit', beforeNodeCallback: (_ctx, node: NodeHookInfo) => void console.log(node.path) });
 * ```
 */
export interface NodeHookInfo {
  readonly name: string;
  readonly path: string;
  /** 1-based attempt (see `retryConfig`). */
  readonly attempt: number;
}
