/**
 * An abort signal for one piece of work inside a larger one (a tool call inside a run), created
 * only if someone asks for it: most tools never look at their signal, and a linked
 * `AbortController` per call would be wasted work. Once created, it fires when the parent fires
 * or when {@link abort} is called.
 *
 * @example
 * ```ts
 * const call = new LazyAbortController(ctx.abortSignal);
 * toolContext = new ToolContext(ctx, { functionCallId, abortSignal: () => call.signal });
 * // on cancellation of this call only:
 * call.abort();
 * ```
 */
export class LazyAbortController {
  private controller: AbortController | undefined;
  private aborted = false;

  constructor(private readonly parent: AbortSignal) {}

  /** The signal (created on first access, already aborted if the work was cancelled before). */
  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController());
      if (this.aborted || this.parent.aborted) controller.abort(this.parent.reason);
      else this.parent.addEventListener('abort', () => controller.abort(this.parent.reason), { once: true, signal: controller.signal });
    }
    return this.controller.signal;
  }

  /** Cancels this piece of work (not the parent). */
  abort(): void {
    this.aborted = true;
    this.controller?.abort();
  }
}
