/** What holds a parent's signal, for a {@link LazyAbortController} (an `InvocationContext`). */
export interface AbortSignalSource {
  readonly abortSignal: AbortSignal;
}

/**
 * An `AbortController` created only when someone asks for its signal: most runs and most tool
 * calls never look at theirs, and creating (and linking) controllers for all of them would be
 * wasted work. With a parent, the signal also fires when the parent's does (a tool call inside
 * a run). {@link abort} before anyone asked makes the signal start out aborted. The parent is a
 * function returning its signal, or an object whose `abortSignal` it is (an `InvocationContext`:
 * no closure made per controller), read when the signal is first read.
 *
 * The link to the parent is a plain `'abort'` listener on the parent's signal, added when the
 * signal is first read and removed by {@link dispose} (or when either side aborts). The owner
 * calls `dispose()` when the work ends; {@link abortOnTeardown} does it on every teardown. No
 * `{signal}`-option listener is used: Node keeps those in a process-wide weak-listener registry
 * that, once a listener on the child's signal reaches the parent again (a tool's listener that
 * closes over its context does), keeps the whole context alive after the run.
 *
 * ```
 * parent:      ──────────────X          ──────────────X         ──X
 * child read:  ──^ (links)              ──^ (links)             ──────^ (starts aborted)
 * dispose:                               ──────^ (unlinks)
 * child:       ──────────────X          ─────────────── (never)  ──────X
 * ```
 *
 * @example
 * ```ts
 * const run = new LazyAbortController();
 * const call = new LazyAbortController(() => run.signal);
 * call.signal.aborted; // false — both controllers exist from here on, the call's linked to the run's
 * run.abort();
 * call.signal.aborted; // true
 * call.dispose();      // the work is over: unlinked from the run (a no-op here, the abort already did)
 * ```
 */
export class LazyAbortController {
  private controller: AbortController | undefined;
  private aborted = false;
  private reason: unknown;
  private disposed = false;
  /** The parent's signal this controller listens to, while linked. */
  private linkedParent: AbortSignal | undefined;
  /** The listener on `linkedParent`: made when the signal is linked (most controllers never are). */
  private onParentAbort: (() => void) | undefined;

  constructor(private readonly parent?: (() => AbortSignal) | AbortSignalSource) {}

  /**
   * The signal (created on first access, already aborted if the work was cancelled before, or if
   * the parent's was). Read after {@link dispose}, it is not linked to the parent any more: it
   * starts aborted when the parent's signal already is, and never fires otherwise.
   */
  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController());
      if (this.aborted) controller.abort(this.reason);
      else this.link(controller);
    }
    return this.controller.signal;
  }

  /** Cancels this piece of work (not the parent), with an optional `reason` (the signal's `reason`). */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.unlink();
    this.controller?.abort(reason);
  }

  /**
   * The work is over: removes the listener on the parent's signal, so that nothing of this
   * controller (or of what listens to its signal) stays reachable from the parent. Does not
   * abort. Idempotent; later parent aborts no longer reach this signal.
   */
  dispose(): void {
    this.disposed = true;
    this.unlink();
  }

  private link(controller: AbortController): void {
    const source = this.parent;
    const parent = typeof source === 'function' ? source() : source?.abortSignal;
    if (!parent) return;
    if (parent.aborted) controller.abort(parent.reason);
    else if (!this.disposed) {
      this.linkedParent = parent;
      this.onParentAbort = () => {
        const linked = this.linkedParent;
        this.unlink();
        this.controller?.abort(linked?.reason);
      };
      parent.addEventListener('abort', this.onParentAbort, { once: true });
    }
  }

  private unlink(): void {
    if (this.onParentAbort) this.linkedParent?.removeEventListener('abort', this.onParentAbort);
    this.linkedParent = undefined;
    this.onParentAbort = undefined;
  }
}
