/**
 * An `AbortController` created only when someone asks for its signal: most runs and most tool
 * calls never look at theirs, and creating (and linking) controllers for all of them would be
 * wasted work. With a parent, the signal also fires when the parent's does (a tool call inside
 * a run). {@link abort} before anyone asked makes the signal start out aborted.
 *
 * @example
 * ```ts
 * const run = new LazyAbortController();
 * const call = new LazyAbortController(() => run.signal);
 * call.signal.aborted; // false — both controllers exist from here on
 * run.abort();
 * call.signal.aborted; // true
 * ```
 */
export class LazyAbortController {
  private controller: AbortController | undefined;
  private aborted = false;

  constructor(private readonly parent?: () => AbortSignal) {}

  /** The signal (created on first access, already aborted if the work was cancelled before). */
  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController());
      const parent = this.parent?.();
      if (this.aborted) controller.abort();
      else if (parent?.aborted) controller.abort(parent.reason);
      else parent?.addEventListener('abort', () => controller.abort(parent.reason), { once: true, signal: controller.signal });
    }
    return this.controller.signal;
  }

  /** Cancels this piece of work (not the parent). */
  abort(): void {
    this.aborted = true;
    this.controller?.abort();
  }
}
