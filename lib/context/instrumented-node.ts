/**
 * A workflow node run as `Instrumentation.node` sees it.
 *
 * @example
 * ```ts
 * const run: InstrumentedNode = { workflow: 'review', name: 'draft', path: 'review@1/draft@1' };
 * ```
 */
export interface InstrumentedNode {
  readonly workflow: string;
  readonly name: string;
  readonly path: string;
}
