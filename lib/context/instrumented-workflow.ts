/**
 * A workflow run as `Instrumentation.workflow` sees it.
 *
 * @example
 * ```ts
 * const wf: InstrumentedWorkflow = { name: 'review', path: 'review@1' };
 * ```
 */
export interface InstrumentedWorkflow {
  readonly name: string;
  readonly path: string;
}
